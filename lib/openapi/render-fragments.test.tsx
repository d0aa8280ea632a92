import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApiModel } from './pipeline';
import { renderFragments } from './render-fragments';

const model = () =>
  buildApiModel({ source: { kind: 'snapshot', location: path.join(import.meta.dirname, 'fixtures', 'v30-sessions.json') }, fallbackToSnapshot: false });

describe('renderFragments', () => {
  it('inlines details for a small spec, with delegated tabs and copy buttons; every detail also has its file', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const rendered = await renderFragments(await model(), publicDir);
    expect(rendered.detailMode).toBe('inline');
    const detail = rendered.tags[0]?.operations[0]?.detailHtml ?? '';
    expect(detail).toContain('<table class="api-table">');
    expect(detail).toContain('data-static-tabs=""');
    expect(detail).toContain('id="samples-listSessions-tab-1"');
    expect(detail).toContain('data-copy-code=""');
    expect(detail).toMatch(/<span class="kw-[a-z0-9]+">curl<\/span>/);
    expect(rendered.codeCss).toMatch(/\.kw-[a-z0-9]+\{--shiki-light:#[0-9A-F]+;--shiki-dark:#[0-9A-F]+\}/i);
    expect(rendered.schemas.find((schema) => schema.name === 'Session')?.html).toContain('read only');
    // The first sample is in the page; the second (fetch) is a slot and a file, loaded when its tab opens.
    expect(detail).toContain('data-detail-src="/generated/api/sample/listSessions-1.html"');
    expect(readFileSync(path.join(publicDir, 'generated', 'api', 'sample', 'listSessions-1.html'), 'utf8')).toContain('data-copy-code=""');
    // The files serve a client-side navigation to /api, where no server markup holds the details.
    expect(readFileSync(path.join(publicDir, 'generated', 'api', 'operation', 'listSessions.html'), 'utf8')).toBe(detail);
  });

  it('writes one file per operation and schema above the inline limit, and keeps the page light', async () => {
    const publicDir = mkdtempSync(path.join(os.tmpdir(), 'kw-public-'));
    const rendered = await renderFragments(await model(), publicDir, 1);
    expect(rendered.detailMode).toBe('on-demand');
    expect(rendered.tags.flatMap((tag) => tag.operations).every((operation) => operation.detailHtml === undefined)).toBe(true);
    expect(rendered.schemas.every((schema) => schema.html === undefined)).toBe(true);
    const operationFile = path.join(publicDir, 'generated', 'api', 'operation', 'listSessions.html');
    expect(readFileSync(operationFile, 'utf8')).toContain('<table class="api-table">');
    expect(readFileSync(path.join(publicDir, 'generated', 'api', 'schema', 'Session.html'), 'utf8')).toContain('class="schema"');
  });
});
