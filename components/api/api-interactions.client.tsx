'use client';

import { useEffect } from 'react';
import { copyText } from '@/lib/browser/clipboard';
import { upgradeDeferredHtml } from './deferred-html';

/** How far ahead of the viewport deferred details start loading. */
const PRELOAD_MARGIN = '1200px 0px';

async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.closest('.code-block')?.querySelector('pre code');
  if (!(await copyText(code?.textContent ?? ''))) return;
  button.textContent = 'Copied';
  button.setAttribute('aria-label', 'Copied');
  window.setTimeout(() => {
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code to clipboard');
  }, 2000);
}

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

/** Selects a tab of build-time tabs, following the WAI-ARIA tabs pattern. */
function selectTab(tab: HTMLElement, focus: boolean): void {
  const list = tab.closest('[role="tablist"]');
  const tabs = list ? [...list.querySelectorAll<HTMLElement>('[role="tab"]')] : [];
  for (const candidate of tabs) {
    const selected = candidate === tab;
    candidate.setAttribute('aria-selected', String(selected));
    candidate.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(candidate.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
    // A sample after the first is loaded when its tab opens.
    const slot = selected ? panel?.querySelector<HTMLElement>('[data-detail-src]') : null;
    if (slot) void loadDetail(slot);
  }
  if (focus) tab.focus();
}

/** Replaces a deferred slot with its build-time HTML; a failed load shows the message and Retry. */
async function loadDetail(slot: HTMLElement): Promise<void> {
  const src = slot.dataset.detailSrc;
  if (!src || slot.dataset.state === 'loading' || slot.dataset.state === 'loaded') return;
  slot.dataset.state = 'loading';
  try {
    const response = await fetch(src);
    if (!response.ok) throw new Error(`${src} answered ${response.status}`);
    // Trusted: HTML this site's build rendered from the sanitised model.
    slot.innerHTML = await response.text();
    slot.dataset.state = 'loaded';
    slot.removeAttribute('aria-busy');
  } catch (error) {
    slot.dataset.state = 'failed';
    slot.innerHTML = '';
    const box = document.createElement('div');
    box.className = 'load-error';
    box.setAttribute('role', 'alert');
    const message = document.createElement('p');
    message.className = 'load-error__message';
    message.textContent = `Could not load this part of the reference: ${error instanceof Error ? error.message : String(error)}`;
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'button button--danger';
    retry.dataset.loadDetail = '';
    retry.textContent = 'Retry';
    box.append(message, retry);
    slot.append(box);
  }
}

/**
 * Fills a named schema's disclosure, when the reader opens it, with a copy of the fields its own section
 * shows (`#schema/{name}`), so each schema is rendered once. Until that section is DOM (its details still
 * deferred), the disclosure keeps its link to it.
 */
function expandSchemaRef(details: HTMLDetailsElement): void {
  const name = details.dataset.schemaRef;
  if (!name || !details.open || details.dataset.expanded === 'true') return;
  const body = document.getElementById(`schema/${name}`)?.querySelector('.schema__body');
  if (!body) return;
  const summary = details.querySelector(':scope > summary');
  // The link to the section gives way to a copy of its fields.
  if (summary) details.replaceChildren(summary, body.cloneNode(true));
  details.dataset.expanded = 'true';
}

/**
 * One set of delegated listeners for the build-time HTML of the reference: copy and copy-link buttons,
 * sample tabs, and, for large specs, details that load as they near the viewport (or on a click). It also
 * turns the details the server deferred into DOM once the page has loaded.
 */
export function ApiInteractions({ rootId }: { rootId: string }) {
  useEffect(() => {
    const root = document.getElementById(rootId);
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      const copy = target?.closest<HTMLButtonElement>('button[data-copy-code]');
      if (copy) return void copyCode(copy);
      const link = target?.closest<HTMLButtonElement>('button[data-copy-link]');
      if (link) return void copyLink(link);
      const tab = target?.closest<HTMLElement>('[data-static-tabs] [role="tab"]');
      if (tab) return selectTab(tab, false);
      const load = target?.closest<HTMLElement>('[data-load-detail]');
      const slot = load?.closest<HTMLElement>('[data-detail-src]');
      if (slot) {
        delete slot.dataset.state;
        void loadDetail(slot);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-static-tabs] [role="tab"]');
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!tab || step === 0) return;
      event.preventDefault();
      const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      if (next) selectTab(next, true);
    };
    // Pointing at a sample tab fetches its sample, so it is there when the click lands.
    const onPointerOver = (event: PointerEvent) => {
      const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-static-tabs] [role="tab"]');
      const slot = tab ? document.getElementById(tab.getAttribute('aria-controls') ?? '')?.querySelector<HTMLElement>('[data-detail-src]') : null;
      if (slot) void loadDetail(slot);
    };
    // `toggle` does not bubble; listening in the capture phase sees every disclosure's.
    const onToggle = (event: Event) => {
      if (event.target instanceof HTMLDetailsElement) expandSchemaRef(event.target);
    };
    root.addEventListener('click', onClick);
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('pointerover', onPointerOver);
    root.addEventListener('toggle', onToggle, true);
    const slots = root.querySelectorAll<HTMLElement>('[data-detail-src]');
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
    for (const slot of slots) observer.observe(slot);
    const stopUpgrading = upgradeDeferredHtml(root);
    return () => {
      stopUpgrading();
      root.removeEventListener('toggle', onToggle, true);
      root.removeEventListener('click', onClick);
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('pointerover', onPointerOver);
      observer.disconnect();
    };
  }, [rootId]);
  return null;
}
