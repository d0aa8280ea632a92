/**
 * Turns the reference's deferred fragments (build-time HTML the server sent inside `<noscript>`) into DOM
 * after the page has loaded, without a long task: those in view first, then those below, then those above,
 * nearest first. The work is cut into small steps (parse one fragment; put one of its top-level parts in and
 * lay it out) and each task takes the steps that fit its budget, by what earlier steps cost. What the reader
 * sees does not move: when a card grows above the reader's place, the page scrolls by the same distance in
 * the same task, before anything is painted.
 */

import { whenIdle } from '../when-idle';

/** What one task may spend on steps before it yields; a long task starts at 50 ms. */
const TASK_BUDGET_MS = 30;

/** What putting in and laying out one element costs at first, in ms, on a phone slowed four times. */
const LAYOUT_MS_PER_ELEMENT = 0.06;

const SELECTOR = '.api-fragment > noscript';

/** The blocks of the reference, in page order: what the reader's place is measured against. */
export const BLOCKS = '.api-header, .api-tag__header, .operation, .api-schema, .api-chunk';

/** The card (operation or schema) a fragment belongs to. */
const cardOf = (element: HTMLElement): HTMLElement =>
  element.closest<HTMLElement>('.operation, .api-schema') ?? element;

/** `scheduler.yield()` where the browser has it, else a macrotask. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Fragments in view, then below the viewport in document order, then above it from the nearest up. */
export function upgradeOrder<T>(
  items: readonly T[],
  rectOf: (item: T) => { top: number; bottom: number },
  viewportHeight: number,
): T[] {
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

/**
 * What a kind of step costs per unit of its size (characters parsed, elements laid out), learnt from the
 * steps done so far; it starts from what a phone slowed four times measures.
 */
export class StepCost {
  constructor(private perUnit: number) {}

  predict(size: number): number {
    return size * this.perUnit;
  }

  learn(size: number, ms: number): void {
    if (size > 0) this.perUnit = 0.7 * this.perUnit + 0.3 * (ms / size);
  }
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
export function readersPlace(blocks: readonly HTMLElement[]): Place | undefined {
  for (const block of blocks) {
    const top = block.getBoundingClientRect().top;
    if (top >= 0) return { block, top };
  }
  return undefined;
}

/**
 * Puts the reader's place back where it was: cards above it that grew push it down. Called within a task,
 * where no scrolling by the reader can land. A no-op where the browser's scroll anchoring has done it.
 */
export function hold(place: Place | undefined): void {
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

/** A fragment on its way: its `<noscript>` until parsed, then the parts still to put in its slot. */
interface Fragment {
  noscript: HTMLElement;
  slot?: HTMLElement;
  parts?: ChildNode[];
}

/** The size of a part for the layout estimate: its elements (text nodes count as one). */
const elementsIn = (node: ChildNode): number =>
  node instanceof Element ? node.getElementsByTagName('*').length + 1 : 1;

/**
 * Puts `parts` into `slot` in place of what it holds (a placeholder), in steps: one part at once, then as many
 * as fit each task's budget, yielding between tasks. A large document's group of cards goes in this way, card
 * by card, so that its layout is not one long task. The reader's place holds at every step. Resolves once all
 * parts are in.
 */
export async function fillInSteps(slot: HTMLElement, parts: readonly ChildNode[]): Promise<void> {
  if (parts.length === 0) slot.replaceChildren();
  const cost = new StepCost(LAYOUT_MS_PER_ELEMENT);
  let next = 0;
  while (next < parts.length) {
    if (next > 0) await yieldToBrowser();
    const started = performance.now();
    const place = readersPlace([...document.querySelectorAll<HTMLElement>(BLOCKS)]);
    let spent: number | undefined;
    for (let part = parts[next]; part; part = parts[next]) {
      const size = elementsIn(part);
      if (spent !== undefined && spent + cost.predict(size) > TASK_BUDGET_MS) break;
      const stepStarted = performance.now();
      if (next === 0) slot.replaceChildren(part);
      else slot.append(part);
      hold(place);
      cost.learn(size, performance.now() - stepStarted);
      next += 1;
      spent = performance.now() - started;
    }
  }
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
  // The reader's place, kept from task to task while the reader does not scroll, so that corrections under a
  // pixel (which scrolling rounds away) do not add up.
  let place: Place | undefined;
  let scrollLeftAt = Number.NaN;
  const parseCost = new StepCost(0.0004);
  const layoutCost = new StepCost(LAYOUT_MS_PER_ELEMENT);

  /**
   * Does the next step of `fragment`, unless it would not fit in what is left of the task (`spent` of its
   * budget); the first step of a task always runs. False when the step should wait for the next task.
   */
  const step = (fragment: Fragment, spent: number | undefined): boolean => {
    if (!fragment.parts) {
      const text = fragment.noscript.textContent ?? '';
      if (spent !== undefined && spent + parseCost.predict(text.length) > TASK_BUDGET_MS) return false;
      const started = performance.now();
      const template = document.createElement('template');
      // Trusted: HTML this site's build rendered from the sanitised model; `<noscript>` keeps it as raw text.
      template.innerHTML = text;
      fragment.slot = fragment.noscript.parentElement ?? undefined;
      fragment.parts = fragment.slot ? [...template.content.childNodes] : [];
      fragment.noscript.remove();
      parseCost.learn(text.length, performance.now() - started);
      return true;
    }
    const part = fragment.parts[0];
    if (!part || !fragment.slot) return true;
    const size = elementsIn(part);
    if (spent !== undefined && spent + layoutCost.predict(size) > TASK_BUDGET_MS) return false;
    const started = performance.now();
    fragment.slot.append(part);
    hold(place);
    layoutCost.learn(size, performance.now() - started);
    fragment.parts.shift();
    return true;
  };

  const run = async () => {
    const seen = await positions(noscripts.map(cardOf));
    const pending: Fragment[] = upgradeOrder(
      noscripts,
      (noscript) => seen.get(cardOf(noscript))?.boundingClientRect ?? { top: Infinity, bottom: Infinity },
      window.innerHeight,
    ).map((noscript) => ({ noscript }));
    while (!stopped && pending.length > 0) {
      await yieldToBrowser();
      if (stopped) return;
      const started = performance.now();
      if (!place || window.scrollY !== scrollLeftAt) place = readersPlace(blocks);
      let spent: number | undefined;
      for (let fragment = pending[0]; fragment && step(fragment, spent); fragment = pending[0]) {
        if (fragment.parts?.length === 0) pending.shift();
        spent = performance.now() - started;
      }
      scrollLeftAt = window.scrollY;
    }
    if (!stopped) marker.dataset.deferredHtml = 'done';
  };
  whenIdle(() => void run());
  return () => {
    stopped = true;
  };
}
