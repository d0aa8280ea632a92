import { resolveAnchor } from '@/lib/openapi/anchors';

/** Cards made whole on landing: the target and the next ones, more than a tall screen's worth. */
export const LANDING_CARDS = 3;

/** What the landing needs of the page: the DOM calls it makes, so a test can hand it a reference of its own. */
export type LandingDocument = Pick<Document, 'getElementById' | 'querySelectorAll' | 'createElement'>;

/**
 * On a cold load of a link such as `/api#operation/getSpotPrices`: turns the deferred details of the target's card
 * and the next ones into DOM while the page is still parsing, so the region the browser lands on is whole at first
 * paint and nothing below the target moves when the rest arrives (lib/browser/api-reference/deferred-html.ts). The hash is
 * resolved by `resolveAnchor`, the rules every other part of the reference uses: the anchor itself, its published
 * alias, Redoc's capitalised tag, or a Redoc-style `tag/{tag}/operation/{id}`.
 */
export function landOnHash(document: LandingDocument, hash: string, aliases: Readonly<Record<string, string>>): void {
  const anchor = resolveAnchor(hash, (id) => document.getElementById(id) !== null, aliases);
  const target = anchor === undefined ? null : document.getElementById(anchor);
  if (!target) return;
  const cards = [...document.querySelectorAll('#main-content .operation, #main-content .api-schema')];
  const first = target.closest('.operation, .api-schema') ?? target.querySelector('.operation, .api-schema');
  const start = first ? cards.indexOf(first) : -1;
  if (start < 0) return;
  for (const card of cards.slice(start, start + LANDING_CARDS)) {
    const noscript = card.querySelector(':scope > .api-fragment > noscript');
    if (!noscript?.parentElement) continue;
    const template = document.createElement('template');
    template.innerHTML = noscript.textContent ?? '';
    noscript.parentElement.replaceChildren(template.content);
  }
}
