// The store at scale: Postgres when KILOWISE_DATABASE_URL is set, through node-postgres (pg) under Kysely. The pool
// gives up on a connection after a second and on a query after five, so that a database that is down makes
// ingest answer 503 at once; the pool opens new connections when it is back, without a restart.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { InsightsDatabase } from './schema';
import { createKyselyStore, type InsightsStore } from './store';

/** The Postgres store at `url` (postgres:// or postgresql://). */
export function openPostgresStore(url: string): InsightsStore {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 1000,
    query_timeout: 5000,
    idleTimeoutMillis: 10_000,
  });
  // An idle connection the server closes (a restart) must not crash the process: the pool drops it and the next
  // query opens another.
  pool.on('error', () => undefined);
  return createKyselyStore(new Kysely<InsightsDatabase>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
}
