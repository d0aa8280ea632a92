import { execFileSync } from 'node:child_process';

/**
 * The ISO date of the last commit that touched `filePath`, or null for a file git does not know yet
 * (a new page before its first commit) or when git is not available.
 */
export function lastCommitDate(filePath: string): string | null {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%cI', '--', filePath], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return out === '' ? null : out;
  } catch {
    // No git binary, or not a checkout (a tarball deploy): the date is simply not shown.
    return null;
  }
}
