import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../lib/openapi/pipeline';
import { renderFragments } from './render-fragments';

const model = () =>
  buildApiModel({ source: { kind: 'snapshot', location: path.join(import.meta.dirname, '..', '..', 'lib', 'openapi', 'fixtures', 'v30-sessions.json') }, fallbackToSnapshot: false });

/** The text of the `<noscript>` inside the detail slot of a card, or undefined when the detail is DOM. */
function deferredDetail(html: string, cardId: string): string | undefined {
  const card = html.slice(html.indexOf(`id="${cardId}"`));
  const slot = card.slice(card.indexOf('<div class="api-fragment">'));
  return /^<div class="api-fragment"><noscript>([\s\S]*?)<\/noscript><\/div>/.exec(slot)?.[1];
}

describe('renderFragments', () => {
  it('renders the whole reference of a small spec, first detail as DOM, later ones deferred, schemas deferred', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const rendered = await renderFragments(await model(), publicDir, undefined, 1);
    expect(rendered.detailMode).toBe('inline');
    const html = rendered.referenceHtml ?? '';
    expect(html).toContain('<nav id="api-nav" class="api-nav" aria-label="API reference">');
    expect(html).toContain('<main id="main-content" tabindex="-1" class="api-layout__main" data-detail-mode="inline" data-deferred-html="pending">');
    // The script that makes a link's landing region whole while the page parses.
    expect(html).toMatch(/<script data-kw-script="api-landing">\(function \(\) \{\n  var aliases = \{\};[\s\S]*<\/script><\/main>$/);
    expect(html).toMatch(/<style>\.kw-[a-z0-9]+\{--shiki-light:#[0-9A-F]+;--shiki-dark:#[0-9A-F]+\}/i);
    // Copy-link buttons are static markup; ApiInteractions handles them.
    expect(html).toContain('data-copy-link="operation/listSessions" aria-label="Copy link to List sessions"');
    // The first operation's detail is DOM (the first screen), with delegated tabs and copy buttons.
    expect(deferredDetail(html, 'operation/listSessions')).toBeUndefined();
    expect(html).toContain('<table class="api-table">');
    expect(html).toContain('data-static-tabs=""');
    expect(html).toContain('id="samples-listSessions-tab-1"');
    expect(html).toContain('data-copy-code=""');
    expect(html).toMatch(/<span class="kw-[a-z0-9]+">curl<\/span>/);
    // Past the first screen's budget (1 byte here), details and schema trees wait in <noscript>.
    const later = deferredDetail(html, 'operation/deleteSessions');
    expect(later).toContain('<table class="api-table">');
    expect(deferredDetail(html, 'schema/Session')).toContain('read only');
    // The first sample is in the page; the second (fetch) is a slot and a file, loaded when its tab opens.
    expect(html).toContain('data-detail-src="/generated/api/sample/listSessions-1.html"');
    expect(readFileSync(path.join(publicDir, 'generated', 'api', 'sample', 'listSessions-1.html'), 'utf8')).toContain('data-copy-code=""');
    // The file serves a client-side navigation to /api, where no server markup holds the reference.
    expect(readFileSync(path.join(publicDir, 'generated', 'api', 'reference.html'), 'utf8')).toBe(html);
  });

  it('writes one file per operation and schema above the inline limit, and keeps the page light', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const rendered = await renderFragments(await model(), publicDir, 1);
    expect(rendered.detailMode).toBe('on-demand');
    const html = rendered.referenceHtml ?? '';
    expect(html).not.toContain('<table class="api-table">');
    expect(html).toContain('data-detail-mode="on-demand"');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('data-detail-src="/generated/api/operation/listSessions.html"');
    const operationFile = path.join(publicDir, 'generated', 'api', 'operation', 'listSessions.html');
    expect(readFileSync(operationFile, 'utf8')).toContain('<table class="api-table">');
    expect(readFileSync(path.join(publicDir, 'generated', 'api', 'schema', 'Session.html'), 'utf8')).toContain('class="schema"');
  });
});
