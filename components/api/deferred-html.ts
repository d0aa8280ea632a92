/**
 * Turns the reference's deferred fragments (build-time HTML the server sent inside `<noscript>`) into DOM
 * after the page has loaded, without a long task: a few fragments per task, those in view first, then those
 * below, then those above, nearest first. What the reader sees does not move: when a card grows above the
 * reader's place, the page scrolls by the same distance in the same task, before anything is painted.
 */

/** Time one task may spend on fragments (parse and layout) before it yields; well under a long task's 50 ms. */
const SLICE_MS = 12;

const SELECTOR = '.api-fragment > noscript';

/** The blocks of the reference, in page order: what the reader's place is measured against. */
const BLOCKS = '.api-header, .api-tag__header, .operation, .api-schema';

/** The card (operation or schema) a fragment belongs to. */
const cardOf = (element: HTMLElement): HTMLElement => element.closest<HTMLElement>('.operation, .api-schema') ?? element;

/** `scheduler.yield()` where the browser has it, else a macrotask. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Fragments in view, then below the viewport in document order, then above it from the nearest up. */
export function upgradeOrder<T>(items: readonly T[], rectOf: (item: T) => { top: number; bottom: number }, viewportHeight: number): T[] {
  const inView: T[] = [];
  const below: T[] = [];
  const above: T[] = [];
  for (const item of items) {
    const rect = rectOf(item);
    if (rect.bottom <= 0) above.push(item);
    else if (rect.top >= viewportHeight) below.push(item);
    else inView.push(item);
  }
  return [...inView, ...below, ...above.reverse()];
}

function upgrade(noscript: HTMLElement): void {
  const slot = noscript.parentElement;
  if (!slot) return;
  const template = document.createElement('template');
  // Trusted: HTML this site's build rendered from the sanitised model; a `<noscript>` keeps it as raw text.
  template.innerHTML = noscript.textContent ?? '';
  slot.replaceChildren(template.content);
}

/** The reader's place: a block and where it is in the viewport. */
interface Place {
  block: HTMLElement;
  top: number;
}

/**
 * The first block that starts in or below the viewport. (A block that starts above it may be the one
 * ending under the sticky navbar, just above the anchor the page landed on.)
 */
function readersPlace(blocks: readonly HTMLElement[]): Place | undefined {
  for (const block of blocks) {
    const top = block.getBoundingClientRect().top;
    if (top >= 0) return { block, top };
  }
  return undefined;
}

/**
 * Within one task (no scrolling by the reader can land in it), puts the reader's place back where it was:
 * cards above it that grew push it down. A no-op where the browser's scroll anchoring has already done it.
 */
function hold(place: Place | undefined): void {
  if (!place) return;
  const shift = place.block.getBoundingClientRect().top - place.top;
  if (Math.abs(shift) >= 1) window.scrollBy(0, shift);
}

/** Where each card is, read by an IntersectionObserver: its first report costs no forced layout. */
function positions(cards: readonly HTMLElement[]): Promise<Map<Element, IntersectionObserverEntry>> {
  // An observer that observes nothing never reports.
  if (cards.length === 0) return Promise.resolve(new Map());
  return new Promise((resolve) => {
    const entries = new Map<Element, IntersectionObserverEntry>();
    const observer = new IntersectionObserver((reported) => {
      for (const entry of reported) entries.set(entry.target, entry);
      if (entries.size < cards.length) return;
      observer.disconnect();
      resolve(entries);
    });
    for (const card of cards) observer.observe(card);
  });
}

/** Runs `work` when the browser is idle (or soon, where it cannot say). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

/**
 * Upgrades every deferred fragment under `root`, starting once the browser is idle after hydration. The
 * element that says `data-deferred-html="pending"` (the build marks it) says `done` once all are DOM.
 * Returns a function that stops the work (on unmount); what is done stays done.
 */
export function upgradeDeferredHtml(root: HTMLElement): () => void {
  const marker = root.querySelector<HTMLElement>('[data-deferred-html]');
  // A client-side navigation mounts this before the reference is fetched; large specs defer nothing.
  if (!marker) return () => undefined;
  let stopped = false;
  const noscripts = [...root.querySelectorAll<HTMLElement>(SELECTOR)];
  const blocks = [...root.querySelectorAll<HTMLElement>(BLOCKS)];
  const run = async () => {
    const seen = await positions(noscripts.map(cardOf));
    const pending = upgradeOrder(
      noscripts,
      (noscript) => seen.get(cardOf(noscript))?.boundingClientRect ?? { top: Infinity, bottom: Infinity },
      window.innerHeight,
    );
    while (!stopped && pending.length > 0) {
      await yieldToBrowser();
      if (stopped) return;
      // One fragment at a time, each laid out before the next, so a task ends soon after its budget.
      const started = performance.now();
      while (pending.length > 0 && performance.now() - started < SLICE_MS) {
        const next = pending.shift();
        if (!next?.isConnected) continue;
        const place = readersPlace(blocks);
        upgrade(next);
        hold(place);
      }
    }
    if (!stopped) marker.dataset.deferredHtml = 'done';
  };
  whenIdle(() => void run());
  return () => {
    stopped = true;
  };
}
