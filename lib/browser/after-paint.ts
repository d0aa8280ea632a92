/** Runs `work` after the next paint: in a task of its own, once the frame that shows the current changes is drawn. */
export function afterPaint(work: () => void): void {
  requestAnimationFrame(() => window.setTimeout(work, 0));
}
