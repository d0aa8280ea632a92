/**
 * Request samples in languages other than curl. The HTTP languages are written in the browser, from the request the
 * operation's samples carry (`data-sample-request`), by the same generator as the build's; kilowise-client's call
 * comes from its tag's file (lib/openapi/fragments.ts), fetched once.
 */

import { fetchFragment, showLoadError } from './load-detail';

const files = new Map<string, Promise<DocumentFragment>>();
let writer: Promise<typeof import('./write-sample')> | undefined;

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

/** Starts loading the sample writer (the generator and highlight.js), so the first pick does not wait for it. */
export function prepareSampleWriter(): Promise<typeof import('./write-sample')> {
  writer ??= import('./write-sample');
  writer.catch(() => {
    writer = undefined;
  });
  return writer;
}

/** The nodes a slot shows: its operation's block from the kilowise-client file, or a sample written here. */
async function contentOf(slot: HTMLElement): Promise<Node[]> {
  const { sampleSrc: src, sampleOf: operationId, sampleLanguage: language } = slot.dataset;
  if (src) {
    const file = await fileAt(src);
    const block = [...file.querySelectorAll<HTMLElement>('[data-sample-of]')].find(
      (element) => element.dataset.sampleOf === operationId,
    );
    if (!block) throw new Error(`${src} has no sample of ${operationId}`);
    return [...block.childNodes].map((node) => node.cloneNode(true));
  }
  const request = slot.closest<HTMLElement>('[data-sample-request]')?.dataset.sampleRequest;
  if (!request || !language) throw new Error('this operation carries no request to write a sample of');
  const { writeSample } = await prepareSampleWriter();
  return [writeSample(JSON.parse(request) as Parameters<typeof writeSample>[0], language)];
}

/** The slots being filled, each with its fill: a second ask waits for the same one. */
const filling = new WeakMap<HTMLElement, Promise<void>>();

/** Fills a sample slot, once; a failure shows the message and Retry. Settles when the slot shows either. */
export function loadSample(slot: HTMLElement): Promise<void> {
  if (slot.dataset.state === 'loaded') return Promise.resolve();
  const under = slot.dataset.state === 'loading' ? filling.get(slot) : undefined;
  if (under) return under;
  slot.dataset.state = 'loading';
  const fill = (async () => {
    try {
      slot.replaceChildren(...(await contentOf(slot)));
      slot.dataset.state = 'loaded';
      slot.removeAttribute('aria-busy');
    } catch (error) {
      showLoadError(
        slot,
        `Could not load this sample: ${error instanceof Error ? error.message : String(error)}`,
        'loadSample',
      );
    } finally {
      filling.delete(slot);
    }
  })();
  filling.set(slot, fill);
  return fill;
}
