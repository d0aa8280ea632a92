/**
 * Runs `work` in a task of its own when the browser is idle, at the latest after `timeoutMs`, or soon where the browser
 * cannot say (Safari has no requestIdleCallback). Work that is not urgent leaves the page's load tasks short: a long
 * task past 50 ms blocks the reader's input.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: timeoutMs });
  else setTimeout(work, 1);
}
