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

/** Events counted by UTC day (days since 1970), kept beside the events so the report never scans them all. */
export interface DailyTable {
  day: number;
  type: string;
  agent: number;
  /** 1 or 0 for an event with an outcome (an MCP call), 2 for one without. */
  ok: number;
  count: number;
}

/** Each visitor hash once a day: the day's unique visitors. */
export interface DailyVisitorsTable {
  day: number;
  visitor: string;
}

export interface InsightsDatabase {
  insights_events: EventsTable;
  insights_comments: CommentsTable;
  insights_salts: SaltsTable;
  insights_daily: DailyTable;
  insights_daily_visitors: DailyVisitorsTable;
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

/**
 * Daily counts (#52's budget: a report over a million events within 2 s): views, totals and agents against people
 * came from scans of every event in the window (5 s of the report's 10 on SQLite). Filled from the events already
 * stored, then kept by record() in the same transaction as the events.
 */
const dailyCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('insights_daily')
      .addColumn('day', 'integer', (column) => column.notNull())
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('agent', 'integer', (column) => column.notNull())
      .addColumn('ok', 'integer', (column) => column.notNull())
      .addColumn('count', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('insights_daily_key', ['day', 'type', 'agent', 'ok'])
      .execute();
    await db.schema
      .createTable('insights_daily_visitors')
      .addColumn('day', 'integer', (column) => column.notNull())
      .addColumn('visitor', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('insights_daily_visitors_key', ['day', 'visitor'])
      .execute();
    await sql`insert into insights_daily (day, type, agent, ok, count)
      select at / 86400000, type, agent, coalesce(ok, 2), count(*) from insights_events group by 1, 2, 3, 4`.execute(
      db,
    );
    await sql`insert into insights_daily_visitors (day, visitor)
      select distinct at / 86400000, visitor from insights_events where visitor is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists insights_daily_visitors`.execute(db);
    await sql`drop table if exists insights_daily`.execute(db);
  },
};

/** The migrations in order, for Kysely's Migrator; a new one is added at the end, never edited once landed. */
export function insightsMigrations(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: () =>
      Promise.resolve({ '0001_events_comments_salts': initial(dialect), '0002_daily_counts': dailyCounts }),
  };
}
