// The tables of reader insights and their migrations, one schema for SQLite and Postgres. Every field an event has
// is a column of its own (not JSON), so that the report's counts are plain GROUP BYs that both databases index
// alike. Times are milliseconds since 1970 in a 64-bit integer.
import { sql, type Generated, type Kysely, type Migration, type MigrationProvider } from 'kysely';

export interface EventsTable {
  id: Generated<number>;
  at: number;
  type: string;
  path: string | null;
  section: string | null;
  helpful: number | null;
  query: string | null;
  results: number | null;
  clicked_rank: number | null;
  operation_id: string | null;
  status: number | null;
  target: string | null;
  language: string | null;
  recipe: string | null;
  step: string | null;
  tool: string | null;
  ok: number | null;
  device: string | null;
  referrer_host: string | null;
  /** The day's hash of site, address and user agent (visitors.ts), or null when none was made. */
  visitor: string | null;
  /** 1 when a program sent it (an MCP client, a crawler), 0 for a person's browser. */
  agent: number;
}

export interface CommentsTable {
  id: Generated<number>;
  at: number;
  type: string;
  path: string;
  section: string | null;
  helpful: number | null;
  language: string | null;
  operation_id: string | null;
  recipe: string | null;
  step: string | null;
  text: string;
  handled_at: number | null;
}

export interface SaltsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  salt: string;
}

export interface InsightsDatabase {
  insights_events: EventsTable;
  insights_comments: CommentsTable;
  insights_salts: SaltsTable;
}

export type Dialect = 'sqlite' | 'postgres';

function initial(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('insights_events')
        .addColumn('id', id, (column) =>
          dialect === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey(),
        )
        .addColumn('at', 'bigint', (column) => column.notNull())
        .addColumn('type', 'text', (column) => column.notNull())
        .addColumn('path', 'text')
        .addColumn('section', 'text')
        .addColumn('helpful', 'integer')
        .addColumn('query', 'text')
        .addColumn('results', 'integer')
        .addColumn('clicked_rank', 'integer')
        .addColumn('operation_id', 'text')
        .addColumn('status', 'integer')
        .addColumn('target', 'text')
        .addColumn('language', 'text')
        .addColumn('recipe', 'text')
        .addColumn('step', 'text')
        .addColumn('tool', 'text')
        .addColumn('ok', 'integer')
        .addColumn('device', 'text')
        .addColumn('referrer_host', 'text')
        .addColumn('visitor', 'text')
        .addColumn('agent', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('insights_events_type_at').on('insights_events').columns(['type', 'at']).execute();
      await db.schema.createIndex('insights_events_at').on('insights_events').column('at').execute();
      await db.schema
        .createTable('insights_comments')
        .addColumn('id', id, (column) =>
          dialect === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey(),
        )
        .addColumn('at', 'bigint', (column) => column.notNull())
        .addColumn('type', 'text', (column) => column.notNull())
        .addColumn('path', 'text', (column) => column.notNull())
        .addColumn('section', 'text')
        .addColumn('helpful', 'integer')
        .addColumn('language', 'text')
        .addColumn('operation_id', 'text')
        .addColumn('recipe', 'text')
        .addColumn('step', 'text')
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('handled_at', 'bigint')
        .execute();
      await db.schema
        .createTable('insights_salts')
        .addColumn('day', 'text', (column) => column.primaryKey())
        .addColumn('salt', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['insights_salts', 'insights_comments', 'insights_events'])
        await sql`drop table if exists ${sql.table(table)}`.execute(db);
    },
  };
}

/** The migrations in order, for Kysely's Migrator; a new one is added at the end, never edited once landed. */
export function insightsMigrations(dialect: Dialect): MigrationProvider {
  return { getMigrations: () => Promise.resolve({ '0001_events_comments_salts': initial(dialect) }) };
}
