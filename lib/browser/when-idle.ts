/**
 * Runs `work` in a task of its own when the browser is idle, at the latest after `timeoutMs`, or soon where the browser
 * cannot say (Safari has no requestIdleCallback). Work that is not urgent leaves the page's load tasks short: a long
 * task past 50 ms blocks the reader's input. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 1);
  return () => clearTimeout(handle);
}
