import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from './markdown';

describe('markdownToSafeHtml', () => {
  it("turns GitHub's alerts into the site's admonitions, with a paragraph or a list after the marker", () => {
    expect(markdownToSafeHtml('> [!NOTE]\n> Prices are in **kWh**.')).toBe(
      '<aside class="admonition admonition--note" aria-label="Note"><p class="admonition__title">Note</p><div class="admonition__body">\n<p>Prices are in <strong>kWh</strong>.</p>\n</div></aside>',
    );
    const list = markdownToSafeHtml('> [!CAUTION]\n> * one\n> * two') ?? '';
    expect(list).toMatch(
      /^<aside class="admonition admonition--danger" aria-label="Caution"><p class="admonition__title">Caution<\/p><div class="admonition__body">\n+<ul>/,
    );
    expect(list).not.toContain('[!CAUTION]');
    expect(list).not.toContain('<p></p>');
  });

  it('leaves a plain blockquote and an unknown marker alone', () => {
    expect(markdownToSafeHtml('> Quoted.')).toBe('<blockquote>\n<p>Quoted.</p>\n</blockquote>');
    expect(markdownToSafeHtml('> [!SHOUT]\n> Loud.')).toContain('<blockquote>');
  });

  it('still drops raw HTML inside an alert', () => {
    const html = markdownToSafeHtml('> [!WARNING]\n> <script>alert(1)</script> Careful.') ?? '';
    expect(html).toContain('admonition--warning');
    expect(html).not.toContain('<script');
  });
});
