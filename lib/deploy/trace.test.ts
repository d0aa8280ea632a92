import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { SECURITY_HEADERS, siteHeaders } from './headers.mjs';
import { connect } from 'node:net';
import { answerClientError, answerTrace, normalizeForwardedFor, originForm, refuseTrace } from './trace';
import { trustedProxies } from '../security/client-address';
import { nodeRequest } from '../../scripts/testing/loopback';

/** A server that answers as Next's does: a fetch Request of each request first, a bare 500 when that throws. */
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((incoming, response) => {
    // Next's trailing-slash redirect, built from the target as Next builds it: absolute when the target named a host.
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    // What a route would read of the client's address.
    if (url.pathname === '/forwarded') {
      response.end(
        JSON.stringify([incoming.headers['x-forwarded-for'] ?? null, incoming.headers['x-real-ip'] ?? null]),
      );
      return;
    }
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
      const path = `${url.pathname.slice(0, -1)}${url.search}`;
      response.writeHead(308, { location: url.host === '127.0.0.1' ? path : `${url.origin}${path}` });
      response.end();
      return;
    }
    try {
      new Request(`http://host${incoming.url ?? '/'}`, { method: incoming.method });
      response.end('ok\n');
    } catch {
      response.statusCode = 500;
      response.end('Internal Server Error');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A request by Node's client, which sends TRACE as written (fetch would refuse it). */
const send = (method: string, path: string) => nodeRequest(`http://127.0.0.1:${port}`, path, { method });

describe('TRACE under next start', () => {
  it('is a bare 500 where a fetch Request is made of it, and 405 with Allow and the security headers once refused', async () => {
    expect((await send('TRACE', '/docs/locations')).status).toBe(500);
    // And an absolute-form target's host made the redirect leave the site.
    expect(await raw('http://evil.example/docs/?a=1')).toMatch(/\r\nlocation: http:\/\/evil\.example\/docs\?a=1\r\n/i);
    // …without the security headers, which next.config.mjs's headers() sets on Next's other answers only.
    expect((await send('GET', '/docs/')).headers['x-frame-options']).toBeUndefined();
    // /mcp goes to the handler given (lib/mcp/node.ts's serveMcp under next start), before the server's listener.
    refuseTrace(async (request, response) => {
      await Promise.resolve();
      response.end(`mcp ${request.method ?? ''} ${request.url ?? ''}\n`);
    });
    refuseTrace();
    for (const [path, allow] of [
      ['/docs/locations', 'GET, HEAD'],
      ['/', 'GET, HEAD'],
      ['/mcp', 'POST, DELETE'],
      ['/mcp?x=1', 'POST, DELETE'],
    ] as const) {
      const answer = await send('TRACE', path);
      expect(answer.status, path).toBe(405);
      expect(answer.headers.allow, path).toBe(allow);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      for (const header of SECURITY_HEADERS)
        expect(answer.headers[header.key.toLowerCase()], `${path} ${header.key}`).toBe(header.value);
      expect(answer.body, path).toMatch(/^Method not allowed: /);
    }
    // On /mcp, so does a method no route handler can export, where Next answered a bare 400.
    for (const method of ['PROPFIND', 'MKCOL', 'SEARCH']) {
      const answer = await send(method, '/mcp');
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe('POST, DELETE');
    }
    expect((await send('PROPFIND', '/docs/locations')).status).toBe(200);
    // Every other method reaches the server's own listener as before.
    expect(await send('GET', '/docs/locations')).toMatchObject({ status: 200, body: 'ok\n' });
    expect(await send('POST', '/mcp')).toMatchObject({ status: 200, body: 'mcp POST /mcp\n' });
    expect(await send('DELETE', '/mcp?x=1')).toMatchObject({ status: 200, body: 'mcp DELETE /mcp?x=1\n' });
    // A path that only starts like it, or /mcp/ (which Next redirects), is the server's.
    expect(await send('POST', '/mcpx')).toMatchObject({ status: 200, body: 'ok\n' });
    expect((await send('POST', '/mcp/')).status).toBe(308);
  });
});

/** A request written by hand, with the request target as given. */
function raw(target: string, method = 'GET'): Promise<string> {
  return rawText(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
}

/** What the server answers `text`, sent as it is. */
function rawText(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('absolute-form request targets', () => {
  it('reach the server as their path, so a redirect stays on the site', async () => {
    refuseTrace();
    const answer = await raw('http://evil.example/docs/?a=1');
    expect(answer).toMatch(/^HTTP\/1\.1 308/);
    expect(answer).toMatch(/\r\nlocation: \/docs\?a=1\r\n/i);
    expect(answer).not.toContain('evil.example');
  });

  it("carry the site's headers on the server's own answers, a redirect too", async () => {
    refuseTrace();
    const redirect = await send('GET', '/docs/');
    expect(redirect.status).toBe(308);
    for (const header of SECURITY_HEADERS)
      expect(redirect.headers[header.key.toLowerCase()], header.key).toBe(header.value);
  });

  it('answer * and a target that is no path with 400 and the security headers, where Next answered 500', async () => {
    refuseTrace();
    for (const [target, method] of [
      ['*', 'OPTIONS'],
      ['*', 'GET'],
      ['no-path', 'GET'],
    ] as const) {
      const answer = await raw(target, method);
      expect(answer, `${method} ${target}`).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, `${method} ${target}`).toMatch(/\r\nx-frame-options: DENY\r\n/i);
    }
  });

  it("answer what Node's parser refuses with its status and the security headers", async () => {
    refuseTrace();
    const malformed = await rawText('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(malformed).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    const huge = await rawText(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(huge).toMatch(/\r\nX-Frame-Options: DENY\r\n/);
  });

  it('answers CONNECT with 405, Allow and the security headers, where Node closed the socket unanswered', async () => {
    refuseTrace();
    const answer = await rawText('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toMatch(/\r\nAllow: GET, HEAD\r\n/);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
    expect(answer).toMatch(/this site is no proxy/);
  });

  it('keeps a path, *, and a target that is no URL as they are', () => {
    expect(originForm('/docs/?a=1')).toBe('/docs/?a=1');
    expect(originForm('*')).toBe('*');
    expect(originForm('http://evil.example')).toBe('/');
    expect(originForm('https://evil.example:8443/a/b?c#d')).toBe('/a/b?c');
    expect(originForm('no url')).toBe('no url');
  });
});

describe("the hook's own answers on a preview", () => {
  it('carry X-Robots-Tag as every other answer of a preview does', async () => {
    const preview = siteHeaders(true);
    expect(preview.map((header) => header.key)).toContain('X-Robots-Tag');
    const socket = new PassThrough();
    let written = '';
    socket.on('data', (chunk: Buffer) => (written += chunk.toString()));
    expect(
      answerClientError(Object.assign(new Error('bad'), { code: 'HPE_INVALID_HEADER_TOKEN' }), socket, preview),
    ).toBe(true);
    expect(written).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(written).toContain('\r\nX-Robots-Tag: noindex, nofollow\r\n');
    // (A server of this process would have TRACE answered by the hook installed above, so a response is recorded.)
    const headers = new Map<string, string>();
    const response = {
      setHeader: (key: string, value: string) => headers.set(key.toLowerCase(), value),
      end: () => {},
    };
    answerTrace({ method: 'TRACE', url: '/docs' } as IncomingMessage, response as unknown as ServerResponse, preview);
    expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('allow')).toBe('GET, HEAD');
  });
});

describe("the client's address as routes read it under next start", () => {
  it("is the socket's, whatever X-Forwarded-For or X-Real-IP a client sends, when no proxy is trusted", async () => {
    refuseTrace();
    const forwarded = (headers: Record<string, string>) =>
      nodeRequest(`http://127.0.0.1:${port}`, '/forwarded', { headers }).then((answer) => JSON.parse(answer.body));
    // Next keeps a client's own X-Forwarded-For, and a route cannot see the socket: the hook writes the header.
    expect(await forwarded({ 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '7.7.7.7' })).toEqual(['127.0.0.1', null]);
    expect(await forwarded({})).toEqual(['127.0.0.1', null]);
  });

  it('is the address a trusted proxy reports, read from the right past every trusted proxy', () => {
    const request = (headers: Record<string, string>, remoteAddress: string | undefined) =>
      ({ headers: { ...headers }, socket: { remoteAddress } }) as unknown as IncomingMessage;
    const nginx = request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.5' }, '127.0.0.1');
    normalizeForwardedFor(nginx, trustedProxies('127.0.0.1'));
    expect(nginx.headers['x-forwarded-for']).toBe('203.0.113.5');
    const direct = request({ 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '7.7.7.7' }, '198.51.100.8');
    normalizeForwardedFor(direct, trustedProxies('127.0.0.1'));
    expect(direct.headers).toEqual({ 'x-forwarded-for': '198.51.100.8' });
    const gone = request({ 'x-forwarded-for': '6.6.6.6' }, undefined);
    normalizeForwardedFor(gone, trustedProxies(undefined));
    expect(gone.headers).toEqual({});
  });
});
