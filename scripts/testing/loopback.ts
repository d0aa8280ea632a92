// Tests that start a server of ours: on a free port of the loopback address, never another host.
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createConnection, createServer, type AddressInfo } from 'node:net';

/**
 * Starts `server` on 127.0.0.1 on a free port (within KILOWISE_TEST_PORTS when set, as `freePort`) and returns its
 * base URL. Another process may take the port between the look and the listen: then the next one is tried.
 */
export async function listenOnLoopback(server: Server): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const port = process.env.KILOWISE_TEST_PORTS ? await freePort() : 0;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    } catch (error) {
      if (attempt >= 10 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/** What a server answered, its body read whole as UTF-8. */
export interface NodeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request by Node's own client to the server at `base`, for what fetch will not send: the target as written (`//`,
 * `http://evil.example/`), a method such as TRACE, a Host header of the test's choosing.
 */
export function nodeRequest(
  base: string,
  target: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<NodeAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: hostname, port, method: init.method ?? 'GET', path: target, headers: init.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Whether nothing listens on 127.0.0.1:`port` (it can be bound, and is let go at once). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const taken = new Set<number>();

/**
 * A free port on 127.0.0.1 for a process a test starts (redis-server, next start, nginx), not given out twice by
 * this process. KILOWISE_TEST_PORTS=4300-4399 keeps them within a range (a shared machine's share); unset, the
 * system picks one.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.KILOWISE_TEST_PORTS ?? '');
  if (range) {
    const low = Number(range[1]);
    const count = Number(range[2]) - low + 1;
    // From a place of this process's own in the range: test files run in several processes at once, each with its
    // own `taken`, and two that looked from the range's start would be handed the same port.
    const start = (process.pid * 37) % count;
    for (let index = 0; index < count; index += 1) {
      const port = low + ((start + index) % count);
      if (!taken.has(port) && (await isFree(port))) {
        taken.add(port);
        return port;
      }
    }
    throw new Error(`No free port in KILOWISE_TEST_PORTS=${process.env.KILOWISE_TEST_PORTS}`);
  }
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: picked } = probe.address() as AddressInfo;
        probe.close(() => resolve(picked));
      });
    });
    if (!taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
}

/** Whether something accepts connections on 127.0.0.1:`port` (a server of a test's own, starting). */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
