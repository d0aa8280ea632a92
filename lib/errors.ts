import { isChunkLoadFailure } from './browser/chunk-errors';

/** The messages of an error and of each `cause` below it, outermost first (cycles cut). */
export function errorCauseChain(error: unknown): string[] {
  const chain: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current)) {
    seen.add(current);
    if (current instanceof Error) {
      chain.push(current.name && current.name !== 'Error' ? `${current.name}: ${current.message}` : current.message);
      current = current.cause;
    } else {
      chain.push(String(current));
      break;
    }
  }
  return chain;
}

/** True for a failed download of a JS or CSS chunk, which a reload usually fixes (e.g. after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && isChunkLoadFailure(error);
}
