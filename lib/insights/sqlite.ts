// The default store: SQLite in one file (`.data/insights.sqlite`), nothing to set up. better-sqlite3 12 is the
// release that runs on Node 20 here (13 needs Node 22); WAL lets the report read while ingest writes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { InsightsDatabase } from './schema';
import { createKyselyStore, type InsightsStore } from './store';

/** Where the SQLite store lives unless told otherwise. */
export const DEFAULT_SQLITE_FILE = '.data/insights.sqlite';

/** The SQLite store in `file` (created with its folder), or in memory for ':memory:'. */
export function openSqliteStore(file: string = DEFAULT_SQLITE_FILE): InsightsStore {
  // The file is the operator's (KILOWISE_INSIGHTS_SQLITE or the default), never a file of the app: the comment keeps
  // Turbopack from tracing the whole project into every route that opens the store.
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
  const database = new Database(file, { timeout: 1000 });
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  return createKyselyStore(new Kysely<InsightsDatabase>({ dialect: new SqliteDialect({ database }) }), 'sqlite');
}
