/**
 * Request samples in languages other than the default: each language's samples of one tag are one file
 * (lib/openapi/fragments.ts), fetched once when the reader first picks that language, and every operation's slot
 * takes its own block from it.
 */

import { fetchFragment } from './load-detail';

const files = new Map<string, Promise<DocumentFragment>>();

function fileAt(src: string): Promise<DocumentFragment> {
  let file = files.get(src);
  if (!file) {
    file = fetchFragment(src);
    // A failed fetch is tried again by the next slot that asks (the Retry button).
    file.catch(() => files.delete(src));
    files.set(src, file);
  }
  return file;
}

function showFailure(slot: HTMLElement, error: unknown): void {
  slot.dataset.state = 'failed';
  const box = document.createElement('div');
  box.className = 'load-error';
  box.setAttribute('role', 'alert');
  const message = document.createElement('p');
  message.className = 'load-error__message';
  message.textContent = `Could not load this sample: ${error instanceof Error ? error.message : String(error)}`;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--danger';
  retry.dataset.loadSample = '';
  retry.textContent = 'Retry';
  box.append(message, retry);
  slot.replaceChildren(box);
}

/** Fills a sample slot (`data-sample-src`, `data-sample-of`) with its operation's block from its language's file. */
export async function loadSample(slot: HTMLElement): Promise<void> {
  const { sampleSrc: src, sampleOf: operationId, state } = slot.dataset;
  if (!src || !operationId || state === 'loaded' || state === 'loading') return;
  slot.dataset.state = 'loading';
  try {
    const file = await fileAt(src);
    const block = [...file.querySelectorAll<HTMLElement>('[data-sample-of]')].find((element) => element.dataset.sampleOf === operationId);
    if (!block) throw new Error(`${src} has no sample of ${operationId}`);
    slot.replaceChildren(...[...block.childNodes].map((node) => node.cloneNode(true)));
    slot.dataset.state = 'loaded';
    slot.removeAttribute('aria-busy');
  } catch (error) {
    showFailure(slot, error);
  }
}
