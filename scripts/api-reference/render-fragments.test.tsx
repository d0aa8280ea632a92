import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApiModel } from '../../lib/openapi/pipeline';
import { renderFragments } from './render-fragments';

const model = () =>
  buildApiModel({
    source: {
      kind: 'snapshot',
      location: path.join(import.meta.dirname, '..', '..', 'lib', 'openapi', 'fixtures', 'v30-sessions.json'),
    },
    fallbackToSnapshot: false,
  });

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
    expect(html).toMatch(
      /<main id="main-content" tabindex="-1" class="api-layout__main" data-detail-mode="inline" data-deferred-html="pending" data-fragment-root="\/generated\/api\/[0-9a-f]{12}">/,
    );
    // The script that makes a link's landing region whole while the page parses.
    expect(html).toMatch(
      /<script data-kw-script="api-landing" data-aliases="\{\}">[\s\S]*URIError[\s\S]*<\/script><\/main>$/,
    );
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
    // The curl sample is in the page; every other HTTP language is a slot the browser writes from the request the
    // samples carry, with the same generator.
    const root = rendered.fragmentRoot ?? '';
    expect(root).toMatch(/^\/generated\/api\/[0-9a-f]{12}$/);
    expect(html).toContain('data-sample-of="listSessions" data-sample-language="python"');
    expect(html).toContain('data-sample-request="{&quot;method&quot;:&quot;get&quot;');
    expect(html).not.toContain('import requests');
    expect(existsSync(path.join(publicDir, root, 'samples', 'python'))).toBe(false);
    // The file serves a client-side navigation to /api, where no server markup holds the reference.
    expect(readFileSync(path.join(publicDir, root, 'reference.html'), 'utf8')).toBe(html);
  });

  it('above the inline limit, loads whole cards in groups from files, with an index of which file holds each anchor', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const rendered = await renderFragments(await model(), publicDir, 1);
    expect(rendered.detailMode).toBe('on-demand');
    const html = rendered.referenceHtml ?? '';
    // The page holds the header, the navigation by group and a slot per group of cards: no card, no detail.
    expect(html).not.toContain('<table class="api-table">');
    expect(html).not.toContain('id="operation/listSessions"');
    expect(html).toContain('data-detail-mode="on-demand"');
    const root = rendered.fragmentRoot ?? '';
    expect(html).toContain(`data-anchor-index="${root}/anchors.json"`);
    expect(html).toMatch(
      /class="api-nav__tag" href="#tag\/sessions">Sessions<span class="api-nav__count"> 1 operation<\/span>/,
    );
    expect(html).toContain(`data-detail-src="${root}/chunk/0.html.gz"`);
    const read = (...parts: string[]) => readFileSync(path.join(publicDir, root, ...parts), 'utf8');
    const index = JSON.parse(read('anchors.json')) as { chunks: string[]; anchors: Record<string, number> };
    const chunk = index.chunks[index.anchors['operation/listSessions'] ?? -1] ?? '';
    expect(chunk).toMatch(/^\/generated\/api\/[0-9a-f]{12}\/chunk\/\d+\.html\.gz$/);
    // Stored gzipped; the page inflates it.
    const cards = gunzipSync(readFileSync(path.join(publicDir, chunk))).toString('utf8');
    expect(cards).toContain('id="operation/listSessions"');
    expect(cards).toContain('<table class="api-table">');
    expect(index.anchors['schema/Session']).toBeTypeOf('number');
    // A named schema's disclosure finds its fields the same way: no file per schema.
    expect(existsSync(path.join(publicDir, root, 'schema'))).toBe(false);
  });

  it('renders a named schema once: where it is used, a disclosure that loads it', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const html = (await renderFragments(await model(), publicDir)).referenceHtml ?? '';
    const card =
      deferredDetail(html, 'operation/listSessions') ??
      html.slice(html.indexOf('id="operation/listSessions"'), html.indexOf('id="operation/deleteSessions"'));
    expect(card).toContain('<details class="schema__children" data-schema-ref="Session">');
    expect(card).toContain('<a class="schema__type" href="#schema/Session">array of Session</a>');
    // A named enum shows its values where it is used.
    expect(card).toMatch(/Status \(string\)[\s\S]*Values: <code>ACTIVE<\/code>/);
  });

  it('keeps each rendering in its own folder, and the newest few of the others', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const base = await model();
    const roots: string[] = [];
    for (const version of ['1', '2', '3', '4', '5'])
      roots.push((await renderFragments({ ...base, version }, publicDir)).fragmentRoot ?? '');
    expect(new Set(roots).size).toBe(5);
    const folders = readdirSync(path.join(publicDir, 'generated', 'api'));
    // The current one and the three newest before it: builds made one after another are served side by side.
    expect(folders).toHaveLength(4);
    expect(folders).toContain(path.basename(roots[4] ?? ''));
    expect(folders).not.toContain(path.basename(roots[0] ?? ''));
  });

  it('renders a document with webhooks and no paths: a Webhooks section and navigation group, each webhook anchored', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const webhooksOnly = await buildApiModel({
      source: {
        kind: 'snapshot',
        location: path.join(import.meta.dirname, '..', '..', 'lib', 'openapi', 'fixtures', 'webhooks-only.yaml'),
      },
      fallbackToSnapshot: false,
    });
    const html = (await renderFragments(webhooksOnly, publicDir)).referenceHtml ?? '';
    expect(html).toContain('<a class="api-nav__tag" href="#webhooks">Webhooks</a>');
    expect(html).toContain('<a class="api-nav__operation" href="#webhook/priceUpdated">');
    expect(html).toContain('<section id="webhook/priceUpdated" class="operation operation--webhook"');
    expect(html).toContain('<section id="webhook/priceUpdated/put" class="operation operation--webhook"');
    expect(html).toContain('Payload');
  });

  it("says which samples run in CI only for Kilowise's own contract, the one joined to kilowise-client", async () => {
    const note = 'class="api-header__samples"';
    const foreign = await model();
    const render = async (reference: typeof foreign) =>
      (await renderFragments(reference, mkdtempSync(path.join(os.tmpdir(), 'kw-public-')), undefined, 1))
        .referenceHtml ?? '';
    expect(await render(foreign)).not.toContain(note);
    const joined = {
      ...foreign,
      tags: foreign.tags.map((tag) => ({
        ...tag,
        operations: tag.operations.map((operation) => ({
          ...operation,
          samples: [...operation.samples, { label: 'kilowise-client', language: 'ts', code: 'await kilowise.x();' }],
        })),
      })),
    };
    expect(await render(joined)).toContain(
      `<p ${note}>Every operation&#x27;s request samples run against the sandbox in our CI, in all eleven languages: curl, Node.js, Python, Go, Java, C#, PHP, Ruby and Kotlin as programs, JavaScript in Chromium, and kilowise-client through the package.</p>`,
    );
  });
});
