// Tests that start a server of ours: on a free port of the loopback address, never another host.
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

/** Starts `server` on 127.0.0.1 on a free port and returns its base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
    for (let port = Number(range[1]); port <= Number(range[2]); port += 1)
      if (!taken.has(port) && (await isFree(port))) {
        taken.add(port);
        return port;
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
