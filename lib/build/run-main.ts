// The one way a build or test script starts and fails: its main runs, and an error ends the process with exit code 1
// and one line saying what went wrong, followed by the error's causes (`new Error('[openapi] …', { cause })`), each
// on a line of its own, so that the fetch or parse failure behind a step's message is never lost.

/** How a script reports a failure. */
export interface MainOptions {
  /** The script's tag, put before the first line unless the message already starts with one (`[search]`). */
  tag?: string;
  /** The exit code of a failure (default 1; `spec:diff` keeps 1 for "breaking" and uses 2). */
  failureCode?: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The lines a failure prints: the error's message, then each cause's, indented, as far as the chain goes. */
export function failureLines(error: unknown, tag?: string): string[] {
  const first = messageOf(error);
  const lines = [tag && !first.startsWith('[') ? `[${tag}] ${first}` : first];
  const seen = new Set<unknown>([error]);
  let cause = error instanceof Error ? error.cause : undefined;
  while (cause !== undefined && !seen.has(cause)) {
    seen.add(cause);
    lines.push(`  caused by: ${messageOf(cause)}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return lines;
}

/**
 * Runs a script's main. A number it returns becomes the exit code; a failure prints `failureLines` to stderr and
 * exits with `failureCode`. Nothing is left un-awaited: the promise of an async main is the one this follows.
 */
export function runMain(main: () => Promise<number | void> | number | void, options: MainOptions = {}): void {
  const fail = (error: unknown) => {
    for (const line of failureLines(error, options.tag)) console.error(line);
    process.exit(options.failureCode ?? 1);
  };
  try {
    Promise.resolve(main()).then((code) => {
      if (typeof code === 'number') process.exit(code);
    }, fail);
  } catch (error) {
    fail(error);
  }
}
