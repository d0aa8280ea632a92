/** Cards made whole on landing: the target and the next ones, more than a tall screen's worth. */
const LANDING_CARDS = 3;

/**
 * An inline script at the end of the reference's markup. On a cold load of a link such as
 * `/api#operation/getSpotPrices`, it turns the deferred details of the target's card and the next ones into
 * DOM while the page is still parsing, so the region the browser lands on is whole at first paint and
 * nothing below the target moves when the rest arrives (components/api/deferred-html.ts). It resolves the
 * hash by the rules of `resolveAnchor` (lib/openapi/anchors.ts; a unit test holds the two to the same
 * answers): the anchor itself, its published alias, Redoc's capitalised tag, or a Redoc-style
 * `tag/{tag}/operation/{id}`. Written as plain ES5 because it ships as it is.
 */
export function landingScript(aliases: Readonly<Record<string, string>>): string {
  return `(function () {
  var aliases = ${JSON.stringify(aliases).replace(/</g, '\\u003c')};
  var find = function (id) { return document.getElementById(id) || (aliases[id] ? document.getElementById(aliases[id]) : null); };
  var id = location.hash.slice(1);
  // A malformed escape (#%) stays as typed, as anchorOfHash (lib/openapi/anchors.ts) keeps it.
  try { id = decodeURIComponent(id); } catch (error) {}
  if (!id) return;
  var redoc = /^tag\\/[^/]+\\/operation\\/(.+)$/.exec(id);
  var target = find(id) ||
    (id.indexOf('tag/') === 0 && id.indexOf('/operation/') < 0 ? document.getElementById(id.toLowerCase()) : null) ||
    (redoc ? find('operation/' + redoc[1]) : null);
  if (!target) return;
  var cards = Array.prototype.slice.call(document.querySelectorAll('#main-content .operation, #main-content .api-schema'));
  var first = target.closest('.operation, .api-schema') || target.querySelector('.operation, .api-schema');
  var start = cards.indexOf(first);
  if (start < 0) return;
  cards.slice(start, start + ${LANDING_CARDS}).forEach(function (card) {
    var noscript = card.querySelector(':scope > .api-fragment > noscript');
    if (!noscript) return;
    var template = document.createElement('template');
    template.innerHTML = noscript.textContent;
    noscript.parentNode.replaceChildren(template.content);
  });
})();`;
}
