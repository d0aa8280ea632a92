import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRequest } from '../../scripts/testing/loopback';
import { conditionsOf, etagOf, rangeVerdict, staticFileOf, type StaticRoots } from './static-conditions';
import { answerStaticConditions } from './trace';

/** The `send` Next serves static files with, as its router does: send's own errors become a bare 500 there. */
type Send = (request: IncomingMessage, file: string) => NodeJS.EventEmitter & { pipe(response: ServerResponse): void };
const send = createRequire(import.meta.url)('next/dist/compiled/send') as Send;

const FILE = { size: 1000, mtime: new Date('2026-11-30T12:00:00Z') };

describe('Range and preconditions on a static file', () => {
  it('judges a Range: well-formed and within the file, past its end, or not well-formed', () => {
    for (const range of ['bytes=0-1', 'bytes=999-', 'bytes=-1000', 'bytes=5-', 'bytes=0-0,2000-', ' bytes=10-20'])
      expect(rangeVerdict(range, 1000), range).toBe('satisfiable');
    for (const range of ['bytes=1000-', 'bytes=999999999-', 'bytes=1000-1001,2000-'])
      expect(rangeVerdict(range, 1000), range).toBe('unsatisfiable');
    for (const range of [
      'bytes=abc',
      'bytes=5-1',
      'bytes=-',
      'bytes=',
      'bytes=-0',
      'bytes=-1001',
      'bytes=1-2,x',
      'bytes=1.5-2',
    ])
      expect(rangeVerdict(range, 1000), range).toBe('malformed');
  });

  it('gives 412 for a failed precondition, 416 past the end, drops a malformed Range, and lets the rest through', () => {
    const etag = etagOf(FILE);
    expect(conditionsOf({ 'if-match': 'garbage' }, FILE)).toMatchObject({ status: 412 });
    expect(conditionsOf({ 'if-match': '"x", "y"' }, FILE)).toMatchObject({ status: 412 });
    expect(conditionsOf({ 'if-match': '*' }, FILE)).toBeUndefined();
    expect(conditionsOf({ 'if-match': `"other", ${etag}` }, FILE)).toBeUndefined();
    // send compares weakly: the tag without its W/ matches too.
    expect(conditionsOf({ 'if-match': etag.slice(2) }, FILE)).toBeUndefined();
    expect(conditionsOf({ 'if-unmodified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' }, FILE)).toMatchObject({
      status: 412,
    });
    expect(conditionsOf({ 'if-unmodified-since': FILE.mtime.toUTCString() }, FILE)).toBeUndefined();
    expect(conditionsOf({ 'if-unmodified-since': 'nonsense' }, FILE)).toBeUndefined();
    expect(conditionsOf({ range: 'bytes=999999999-' }, FILE)).toEqual({
      status: 416,
      text: 'Range not satisfiable: the file has 1000 bytes.\n',
      headers: { 'content-range': 'bytes */1000' },
    });
    expect(conditionsOf({ range: 'bytes=abc' }, FILE)).toBe('drop range');
    expect(conditionsOf({ range: 'bytes=999999999-', 'if-range': '"stale"' }, FILE)).toBe('drop range');
    expect(conditionsOf({ range: 'chars=0-1' }, FILE)).toBeUndefined();
    expect(conditionsOf({ range: 'bytes=0-1' }, FILE)).toBeUndefined();
  });

  it("maps paths to public/ and the build's static folder, and never out of them", () => {
    const roots: StaticRoots = { publicDir: '/site/public', nextStaticDir: '/site/.next/static' };
    expect(staticFileOf('/img/logo.svg', roots)).toBe('/site/public/img/logo.svg');
    expect(staticFileOf('/_next/static/chunks/a.js', roots)).toBe('/site/.next/static/chunks/a.js');
    expect(staticFileOf('/img/logo%20dark.svg', roots)).toBe('/site/public/img/logo dark.svg');
    for (const bad of [
      '/../package.json',
      '/img/%2e%2e/%2e%2e/package.json',
      '/a%00',
      '/%E0%A4%A',
      '/',
      '/img/..%5C..%5Cx',
    ])
      expect(staticFileOf(bad, roots), bad).toBeUndefined();
  });
});

describe('a static file served as Next serves it, with the hook before it', () => {
  let folder = '';
  let server: Server;
  let port = 0;
  let hooked = true;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'kilowise-static-'));
    mkdirSync(path.join(folder, 'public'));
    writeFileSync(path.join(folder, 'public', 'logo.svg'), 'x'.repeat(1000));
    const roots: StaticRoots = { publicDir: path.join(folder, 'public'), nextStaticDir: path.join(folder, 'static') };
    server = createServer((request, response) => {
      if (hooked && answerStaticConditions(request, response, [], roots)) return;
      // Next's router: send's 412 and 416 go to an error page, which fails under the app router.
      send(request, path.join(roots.publicDir, new URL(request.url ?? '/', 'http://host').pathname))
        .on('error', () => {
          response.statusCode = 500;
          response.end('Internal Server Error');
        })
        .pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string>) =>
    nodeRequest(`http://127.0.0.1:${port}`, '/logo.svg', { method: 'GET', headers });

  it('answers 500 without it (the probe), and 412, 416, 200 or 206 with it', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ range: 'bytes=abc' }, 200],
      [{ range: 'bytes=999999999-' }, 416],
      [{ range: 'bytes=5-1' }, 200],
      [{ range: 'bytes=0-1' }, 206],
      [{ 'if-match': 'garbage' }, 412],
      [{ 'if-match': '"x"' }, 412],
      [{ 'if-unmodified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' }, 412],
      [{ 'if-match': '*' }, 200],
    ];
    hooked = false;
    for (const [headers] of cases.filter(([, status]) => status !== 200 && status !== 206))
      expect((await get(headers)).status, JSON.stringify(headers)).toBe(500);
    hooked = true;
    for (const [headers, status] of cases) expect((await get(headers)).status, JSON.stringify(headers)).toBe(status);
    const unsatisfiable = await get({ range: 'bytes=999999999-' });
    expect(unsatisfiable.headers['content-range']).toBe('bytes */1000');
    const whole = await get({ range: 'bytes=abc' });
    expect(whole.body).toHaveLength(1000);
    // The file's own tag, as send gives it, passes If-Match.
    const stat = statSync(path.join(folder, 'public', 'logo.svg'));
    expect((await get({ 'if-match': etagOf(stat) })).status).toBe(200);
  });
});
