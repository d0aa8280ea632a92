// Debian's PostgreSQL server for the tests of the Postgres insights store (lib/insights/): installed with apt when
// missing and this runs as root on Debian (as redis-server is), a cluster of the test's own made with initdb in a
// temporary folder, started on a free loopback port, stopped and removed by the test. As root, the server runs as
// the `postgres` user (it refuses root). `tsx scripts/testing/postgres.ts` only installs it: a step of `npm test`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureAptPackage } from './apt';
import { accepts, freePort } from './loopback';

const VERSIONS_DIR = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL server installed (/usr/lib/postgresql/15/bin), if any. */
function serverBin(): string | undefined {
  if (!existsSync(VERSIONS_DIR)) return undefined;
  const versions = readdirSync(VERSIONS_DIR)
    .filter((name) => existsSync(path.join(VERSIONS_DIR, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(VERSIONS_DIR, versions[0], 'bin');
}

/** Installs the PostgreSQL server when it is missing; throws with the command to run when it cannot. */
export function ensurePostgres(): string {
  return ensureAptPackage({
    pkg: 'postgresql',
    why: `the Postgres insights store is tested against its server (looked for in ${VERSIONS_DIR})`,
    find: serverBin,
  });
}

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
  /** Stops it (fast shutdown), keeping its data for up(). */
  down(): Promise<void>;
  /** Starts it again on the same port, with what it held. */
  up(): Promise<void>;
}

/** As root, the uid and gid of the `postgres` user, which the server runs as; else this user's (undefined). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A PostgreSQL server of the test's own on 127.0.0.1 (trust authentication, user and database `postgres`). */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = ensurePostgres();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'kilowise-postgres-'));
  const user = serverUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C'],
    { stdio: 'ignore', cwd: dir, ...user },
  );
  let child: ChildProcess | undefined;
  const launch = async () => {
    const args = [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'synchronous_commit=off',
    ];
    child = spawn(path.join(bin, 'postgres'), args, { stdio: 'ignore', cwd: dir, ...user });
    // Up to 30 s: initdb's cluster starts in about one on an idle machine, far slower on two busy cores.
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if (await accepts(port)) {
        // Accepting is not yet ready: wait until it answers a connection of its own.
        const [ready, readyArgs] = [path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']];
        try {
          execFileSync(ready, readyArgs, { stdio: 'ignore' });
          return;
        } catch {
          // Still starting.
        }
      }
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`[postgres] the server did not start on 127.0.0.1:${port} (data in ${data})`);
  };
  const halt = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      // A fast shutdown (SIGINT) ends the server's sessions at once and keeps its data.
      running.kill('SIGINT');
    });
  await launch();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    down: halt,
    async up() {
      await halt();
      await launch();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`[postgres] ${ensurePostgres()}`);
  } catch (error) {
    console.error(`[postgres] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
