// The one localStorage flag per page (and per API operation) that remembers a vote: `kilowise.feedback.{path}`
// plus `#{section}` for an operation. Without storage (private modes, a blocked store) the widget still works and
// simply asks again next time.

const key = (scope: string) => `kilowise.feedback.${scope}`;

export function hasVoted(scope: string): boolean {
  try {
    return localStorage.getItem(key(scope)) === '1';
  } catch {
    return false;
  }
}

export function rememberVote(scope: string): void {
  try {
    localStorage.setItem(key(scope), '1');
  } catch {
    // No storage: the vote is sent all the same; only the memory of it is lost.
  }
}
