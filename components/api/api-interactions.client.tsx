'use client';

import { useEffect } from 'react';
import { copyText } from '@/lib/browser/clipboard';
import { readCodeLanguage, subscribeCodeLanguage, writeCodeLanguage } from '@/lib/browser/code-language';
import { sampleLanguage } from '@/lib/samples/languages';
import { detailFragmentPath } from '@/lib/openapi/fragments';
import { afterPaint } from '@/lib/browser/after-paint';
import { upgradeDeferredHtml } from '@/lib/browser/api-reference/deferred-html';
import { takeEarlyEvents } from '@/lib/browser/api-reference/early-events';
import { chunkOf, fetchFragment, loadDetail, readAnchorIndex } from '@/lib/browser/api-reference/load-detail';
import { loadSample, prepareSampleWriter } from '@/lib/browser/api-reference/load-sample';
import { tabIndexAfterKey } from '@/components/ui/tabs';
import { copyFromStaticButton } from '@/lib/browser/copy-button';

/** How far ahead of the viewport deferred details start loading. */
const PRELOAD_MARGIN = '1200px 0px';

/** Copies the absolute URL of a copy-link button's anchor, e.g. `…/api#operation/getLocations`. */
async function copyLink(button: HTMLButtonElement): Promise<void> {
  const anchor = button.dataset.copyLink ?? '';
  const copied = await copyText(`${window.location.origin}${window.location.pathname}#${anchor}`);
  window.history.replaceState(null, '', `#${anchor}`);
  if (!copied) return;
  button.dataset.label ??= button.getAttribute('aria-label') ?? '';
  button.textContent = 'Copied';
  button.setAttribute('aria-label', 'Link copied');
  window.setTimeout(() => {
    button.textContent = '#';
    button.setAttribute('aria-label', button.dataset.label ?? '');
  }, 2000);
}

/** Selects a tab of build-time tabs, following the WAI-ARIA tabs pattern; `load` fills its sample slot at once. */
function selectTab(tab: HTMLElement, focus: boolean, load = true): void {
  const list = tab.closest('[role="tablist"]');
  const tabs = list ? [...list.querySelectorAll<HTMLElement>('[role="tab"]')] : [];
  for (const candidate of tabs) {
    const selected = candidate === tab;
    candidate.setAttribute('aria-selected', String(selected));
    candidate.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(candidate.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
    // A sample in a language other than the default is loaded when its tab opens.
    const slot = selected && load ? panel?.querySelector<HTMLElement>(SAMPLE_SLOT) : null;
    if (slot) void loadSample(slot);
  }
  if (focus) tab.focus();
}

/** A sample slot: a language written here, or kilowise-client's call from its file. */
const SAMPLE_SLOT = '[data-sample-language]';

/**
 * Shows every operation's sample in `language` (where the operation has one), as the reader last picked. Only the
 * tabs switch here; each slot fills as it nears the viewport (the reference's sample observer), so a pick costs
 * one sample's work, not the page's.
 */
function showLanguage(root: HTMLElement, language: string): void {
  for (const tab of root.querySelectorAll<HTMLElement>(
    `[data-static-tabs] [role="tab"][data-language="${CSS.escape(language)}"]`,
  )) {
    if (tab.getAttribute('aria-selected') !== 'true') selectTab(tab, false, false);
  }
}

/** Each tab list's latest pick: picks made there in quick succession end on the last, whichever is written first. */
const latestPicks = new WeakMap<Element, number>();
/** How long a pick waits for its sample to be written before its tab switches anyway, showing "Loading". */
const SAMPLE_WAIT_MS = 300;

/**
 * Selects a tab the reader picked; a sample tab's language becomes the reader's language on every operation. A
 * sample not written yet is written first, in its hidden panel, and the tab switches with it in place: switched
 * first, the panel's "Loading" frame came before the generator's code could run, and the sample showed after
 * 200 ms on a phone.
 */
function pickTab(root: HTMLElement, tab: HTMLElement, focus: boolean): void {
  const list = tab.closest('[role="tablist"]') ?? tab;
  const pick = (latestPicks.get(list) ?? 0) + 1;
  latestPicks.set(list, pick);
  const select = () => {
    if (latestPicks.get(list) !== pick) return;
    selectTab(tab, focus);
    const language = sampleLanguage(tab.dataset.language);
    if (!language) return;
    // The other operations follow once the pick has painted (through the language's listeners, as other tabs of
    // the browser do): switching every tab list of the page in the click's task made the pick wait for all of them.
    writeCodeLanguage(language.id);
  };
  const slot = document
    .getElementById(tab.getAttribute('aria-controls') ?? '')
    ?.querySelector<HTMLElement>(SAMPLE_SLOT);
  if (!slot || slot.dataset.state === 'loaded') return select();
  if (focus) tab.focus();
  void Promise.race([loadSample(slot), new Promise((resolve) => window.setTimeout(resolve, SAMPLE_WAIT_MS))]).then(
    select,
  );
}

/**
 * Fills a named schema's disclosure, when the reader opens it, with the fields of that schema, so each schema
 * is rendered once: a copy of its section's (`#schema/{name}`) when that is DOM, else fetched from the file that
 * holds it. Until then, and if the fetch fails, the disclosure keeps its link to the section.
 */
async function expandSchemaRef(details: HTMLDetailsElement): Promise<void> {
  const name = details.dataset.schemaRef;
  if (!name || !details.open || details.dataset.expanded) return;
  details.dataset.expanded = 'loading';
  const anchor = `schema/${name}`;
  let body = document.getElementById(anchor)?.querySelector('.schema__body')?.cloneNode(true);
  if (!body) {
    try {
      // A large document keeps schemas in groups of cards (the anchor index says which); a small one in a file each.
      const index = await readAnchorIndex();
      const root = document.querySelector<HTMLElement>('[data-fragment-root]')?.dataset.fragmentRoot;
      const chunk = index ? chunkOf(index, anchor) : root ? detailFragmentPath(root, 'schema', name) : undefined;
      const fragment = chunk ? await fetchFragment(chunk) : undefined;
      body =
        fragment?.getElementById(anchor)?.querySelector('.schema__body') ??
        fragment?.querySelector('.schema__body') ??
        undefined;
    } catch {
      body = undefined;
    }
  }
  if (!body) {
    delete details.dataset.expanded;
    return;
  }
  const summary = details.querySelector(':scope > summary');
  // The link to the section gives way to the fields.
  if (summary) details.replaceChildren(summary, body);
  details.dataset.expanded = 'true';
}

/** The reference's delegated handlers: copy and copy-link buttons, sample tabs (and their keys), detail loads. */
function delegatedHandlers(root: HTMLElement) {
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const copy = target?.closest<HTMLButtonElement>('button[data-copy-code]');
    if (copy) return void copyFromStaticButton(copy);
    const link = target?.closest<HTMLButtonElement>('button[data-copy-link]');
    if (link) return void copyLink(link);
    const tab = target?.closest<HTMLElement>('[data-static-tabs] [role="tab"]');
    if (tab) return pickTab(root, tab, false);
    const retrySample = target?.closest<HTMLElement>('[data-load-sample]')?.closest<HTMLElement>(SAMPLE_SLOT);
    if (retrySample) {
      delete retrySample.dataset.state;
      return void loadSample(retrySample);
    }
    const load = target?.closest<HTMLElement>('[data-load-detail]');
    const slot = load?.closest<HTMLElement>('[data-detail-src]');
    if (slot) void loadDetail(slot);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-static-tabs] [role="tab"]');
    if (!tab) return;
    const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const index = tabIndexAfterKey(event.key, tabs.indexOf(tab), tabs.length);
    const next = index === undefined ? undefined : tabs[index];
    if (!next) return;
    event.preventDefault();
    pickTab(root, next, true);
  };
  // Pointing at a sample tab fetches its sample, so it is there when the click lands.
  const onPointerOver = (event: PointerEvent) => {
    const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-static-tabs] [role="tab"]');
    const slot = tab
      ? document.getElementById(tab.getAttribute('aria-controls') ?? '')?.querySelector<HTMLElement>(SAMPLE_SLOT)
      : null;
    if (slot) void loadSample(slot);
    else if (tab?.dataset.language) void prepareSampleWriter();
  };
  // A touch or a keyboard focus on a sample tab comes before its click: the generator starts loading then.
  const onReach = (event: Event) => {
    if ((event.target as Element | null)?.closest('[data-static-tabs] [role="tab"][data-language]'))
      void prepareSampleWriter();
  };
  // `toggle` does not bubble; listening in the capture phase sees every disclosure's.
  const onToggle = (event: Event) => {
    if (event.target instanceof HTMLDetailsElement) void expandSchemaRef(event.target);
  };
  return { onClick, onKeyDown, onPointerOver, onReach, onToggle };
}

/**
 * Listens to the reader on the reference, and replays what the reader did before this ran: the clicks and keys the
 * early-events script kept, and any named schema opened by its native disclosure. Returns the way to stop.
 */
function listenToReader(root: HTMLElement): () => void {
  const { onClick, onKeyDown, onPointerOver, onReach, onToggle } = delegatedHandlers(root);
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('pointerover', onPointerOver);
  root.addEventListener('pointerdown', onReach);
  root.addEventListener('focusin', onReach);
  root.addEventListener('toggle', onToggle, true);
  for (const event of takeEarlyEvents(root)) {
    if (event instanceof MouseEvent) onClick(event);
    else if (event instanceof KeyboardEvent) onKeyDown(event);
  }
  for (const details of root.querySelectorAll<HTMLDetailsElement>('details[data-schema-ref][open]'))
    void expandSchemaRef(details);
  return () => {
    root.removeEventListener('toggle', onToggle, true);
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('pointerover', onPointerOver);
    root.removeEventListener('pointerdown', onReach);
    root.removeEventListener('focusin', onReach);
  };
}

/**
 * The samples in the reader's language, as picked on an earlier visit or in another tab; a large document's groups
 * of cards pick it up as they arrive. A sample slot fills once it is near the viewport in a panel that shows.
 * Returns the way to stop.
 */
function followSamples(root: HTMLElement): () => void {
  const samples = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || (entry.target as HTMLElement).closest('[hidden]')) continue;
        samples.unobserve(entry.target);
        void loadSample(entry.target as HTMLElement);
      }
    },
    { rootMargin: PRELOAD_MARGIN },
  );
  const observeSamples = () => {
    for (const slot of root.querySelectorAll<HTMLElement>(`${SAMPLE_SLOT}:not([data-observed])`)) {
      slot.dataset.observed = '';
      samples.observe(slot);
    }
  };
  const showStoredLanguage = () => {
    const language = readCodeLanguage();
    if (language !== 'curl') void prepareSampleWriter();
    showLanguage(root, language);
  };
  observeSamples();
  showStoredLanguage();
  const stopListening = subscribeCodeLanguage(() => afterPaint(showStoredLanguage));
  const cardsArrived = new MutationObserver(() => {
    observeSamples();
    const language = readCodeLanguage();
    if (root.querySelector(`[role="tab"][data-language="${CSS.escape(language)}"][aria-selected="false"]`))
      showLanguage(root, language);
  });
  cardsArrived.observe(root, { childList: true, subtree: true });
  return () => {
    stopListening();
    cardsArrived.disconnect();
    samples.disconnect();
  };
}

/** A large document's details load as they near the viewport. Returns the way to stop. */
function loadDetailsNearViewport(root: HTMLElement): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void loadDetail(entry.target as HTMLElement);
      }
    },
    { rootMargin: PRELOAD_MARGIN },
  );
  for (const slot of root.querySelectorAll<HTMLElement>('[data-detail-src]')) observer.observe(slot);
  return () => observer.disconnect();
}

/**
 * One set of delegated listeners for the build-time HTML of the reference: copy and copy-link buttons,
 * sample tabs, and, for large specs, details that load as they near the viewport (or on a click). It also
 * turns the details the server deferred into DOM once the page has loaded, and replays what the reader did
 * before it mounted (lib/browser/api-reference/early-events.ts).
 */
export function ApiInteractions({ rootId }: { rootId: string }) {
  useEffect(() => {
    const root = document.getElementById(rootId);
    if (!root) return;
    const stopSamples = followSamples(root);
    const stopListening = listenToReader(root);
    const stopDetails = loadDetailsNearViewport(root);
    const stopUpgrading = upgradeDeferredHtml(root);
    return () => {
      stopUpgrading();
      stopSamples();
      stopListening();
      stopDetails();
    };
  }, [rootId]);
  return null;
}
