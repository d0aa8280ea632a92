/**
 * Loading the reference's build-time HTML on demand (a sample when its tab opens, a named schema's fields, a large
 * document's group of cards), shared by the page's scripts.
 */

import type { AnchorIndex } from '@/lib/openapi/fragments';
import { BLOCKS, fillInSteps, hold, readersPlace } from './deferred-html';

/** A large document's anchor index (which group of cards holds each anchor), fetched once, when a link needs it. */
let anchorIndex: Promise<AnchorIndex | undefined> | undefined;

/** The anchor index of a large document's page; undefined for a small one (every card is in the page). */
export function readAnchorIndex(): Promise<AnchorIndex | undefined> {
  const src = document.querySelector<HTMLElement>('[data-anchor-index]')?.dataset.anchorIndex;
  if (!src) return Promise.resolve(undefined);
  anchorIndex ??= fetch(src)
    .then((response) => (response.ok ? (response.json() as Promise<AnchorIndex>) : undefined))
    .catch(() => undefined);
  return anchorIndex.then((index) => {
    // A failed fetch is tried again by the next caller.
    if (!index) anchorIndex = undefined;
    return index;
  });
}

/** The file of the group of cards that holds `anchor`. */
export function chunkOf(index: AnchorIndex, anchor: string): string | undefined {
  return index.chunks[index.anchors[anchor] ?? -1];
}

/** The page's slot for the group of cards that holds `anchor`, if that group is not in the page yet. */
export function chunkSlotOf(index: AnchorIndex, anchor: string): HTMLElement | undefined {
  const chunk = chunkOf(index, anchor);
  return chunk
    ? [...document.querySelectorAll<HTMLElement>('[data-detail-src]')].find(
        (element) => element.dataset.detailSrc === chunk,
      )
    : undefined;
}

/** The text of a response, inflated first when it is gzip (a large document's groups of cards are stored so). */
async function textOf(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A host may have inflated it already (Content-Encoding: gzip); gzip data starts with 1f 8b.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(inflated).text();
}

/** The HTML at `src` (build-time HTML of this site), parsed into a fragment. */
export async function fetchFragment(src: string): Promise<DocumentFragment> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`${src} answered ${response.status}`);
  const template = document.createElement('template');
  // Trusted: HTML this site's build rendered from the sanitised model.
  template.innerHTML = await textOf(response);
  return template.content;
}

const loading = new WeakMap<HTMLElement, Promise<void>>();

/**
 * A slot that failed to load: the message in a red box and a Retry button, which the reference's delegated
 * listener knows by its data attribute (`retry`: `loadDetail` or `loadSample`).
 */
export function showLoadError(slot: HTMLElement, text: string, retry: 'loadDetail' | 'loadSample'): void {
  slot.dataset.state = 'failed';
  const box = document.createElement('div');
  box.className = 'load-error';
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.className = 'load-error__message';
  message.textContent = text;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--danger';
  button.dataset[retry] = '';
  button.textContent = 'Retry';
  box.append(message, button);
  slot.replaceChildren(box);
}

/**
 * Replaces a deferred slot (`data-detail-src`) with its build-time HTML, in steps that keep the reader's place
 * (a group of cards above the viewport is taller than its placeholder); a failed load shows the message and
 * Retry. Callers that ask while it loads wait for the same load.
 */
export function loadDetail(slot: HTMLElement): Promise<void> {
  const pending = loading.get(slot);
  if (pending && slot.dataset.state !== 'failed') return pending;
  const src = slot.dataset.detailSrc;
  if (!src || slot.dataset.state === 'loaded') return Promise.resolve();
  slot.dataset.state = 'loading';
  const load = fetchFragment(src).then(
    async (fragment) => {
      await fillInSteps(slot, [...fragment.childNodes]);
      // The slot loses the room it held for its cards; what the reader sees stays put.
      const place = readersPlace([...document.querySelectorAll<HTMLElement>(BLOCKS)]);
      slot.dataset.state = 'loaded';
      slot.removeAttribute('aria-busy');
      hold(place);
    },
    (error: unknown) =>
      showLoadError(
        slot,
        `Could not load this part of the reference: ${error instanceof Error ? error.message : String(error)}`,
        'loadDetail',
      ),
  );
  loading.set(slot, load);
  return load;
}
