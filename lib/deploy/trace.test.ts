import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from './headers.mjs';
import { refuseTrace } from './trace';

/** A server that answers as Next's does: a fetch Request of each request first, a bare 500 when that throws. */
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((incoming, response) => {
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
function send(method: string, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('TRACE under next start', () => {
  it('is a bare 500 where a fetch Request is made of it, and 405 with Allow and the security headers once refused', async () => {
    expect((await send('TRACE', '/docs/locations')).status).toBe(500);
    refuseTrace();
    refuseTrace();
    for (const [path, allow] of [
      ['/docs/locations', 'GET, HEAD'],
      ['/', 'GET, HEAD'],
      ['/mcp', 'POST, GET, DELETE'],
      ['/mcp?x=1', 'POST, GET, DELETE'],
    ] as const) {
      const answer = await send('TRACE', path);
      expect(answer.status, path).toBe(405);
      expect(answer.headers.allow, path).toBe(allow);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      for (const header of SECURITY_HEADERS)
        expect(answer.headers[header.key.toLowerCase()], `${path} ${header.key}`).toBe(header.value);
      expect(answer.body, path).toMatch(/^Method not allowed: /);
    }
    // Every other method reaches the server's own listener as before.
    expect(await send('GET', '/docs/locations')).toMatchObject({ status: 200, body: 'ok\n' });
    expect((await send('POST', '/mcp')).status).toBe(200);
  });
});
