// One store interface for reader insights, and its implementation over Kysely: the SQL is the same for SQLite
// (sqlite.ts) and Postgres (postgres.ts), which differ only in how they connect.
import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely, type Transaction } from 'kysely';
import type { InsightsEvent } from './events';
import { buildReport, type InsightsReport } from './report';
import { insightsMigrations, type Dialect, type InsightsDatabase } from './schema';

/** How long events are kept: 13 months. Comments are kept until an editor marks them handled. */
export const RETENTION_MS = 395 * 24 * 60 * 60 * 1000;

/** One checked event, with what the server adds. */
export interface RecordedEvent {
  event: InsightsEvent;
  at: Date;
  /** The day's visitor hash (visitors.ts), or null. */
  visitor: string | null;
  /** Sent by a program (an MCP client, a crawler), not a person's browser. */
  agent: boolean;
}

export interface InsightsStore {
  readonly dialect: Dialect;
  /** Stores the events all together or none of them; throws StoreUnavailableError when the database is down. */
  record(events: readonly RecordedEvent[]): Promise<void>;
  /** The salt of `now`'s UTC day, made on first use; the days before are deleted. */
  dailySalt(now: Date): Promise<string>;
  /** The editors' report of events since `since`, and every comment not yet handled. */
  report(options: { since: Date; now?: Date }): Promise<InsightsReport>;
  /** Marks a comment handled (deleted at the next prune); false when there is no such comment. */
  markHandled(id: number, now?: Date): Promise<boolean>;
  /** Deletes events older than the retention, handled comments and old salts; counts what it deleted. */
  prune(now: Date): Promise<{ events: number; comments: number }>;
  close(): Promise<void>;
}

/** The database could not be reached, or did not answer in time: ingest answers 503. */
export class StoreUnavailableError extends Error {
  constructor(dialect: Dialect, cause: unknown) {
    super(`[insights] the ${dialect} store is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'StoreUnavailableError';
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const flag = (value: boolean | undefined | null) => (value === undefined || value === null ? null : value ? 1 : 0);

/** An event as a row of insights_events: each field in its column, the comment left to insights_comments. */
function eventRow({ event, at, visitor, agent }: RecordedEvent) {
  const row = {
    at: at.getTime(),
    type: event.type,
    visitor,
    agent: agent ? 1 : 0,
    path: 'path' in event ? event.path : null,
    section: 'section' in event ? event.section : null,
    helpful: 'helpful' in event ? flag(event.helpful) : null,
    query: 'query' in event ? event.query : null,
    results: 'results' in event ? event.results : null,
    clicked_rank: 'clickedRank' in event ? event.clickedRank : null,
    operation_id: 'operationId' in event ? event.operationId : null,
    status: 'status' in event ? event.status : null,
    target: 'target' in event ? event.target : null,
    language: 'language' in event ? event.language : null,
    recipe: 'recipe' in event ? event.recipe : null,
    step: event.type === 'sample_flag' ? event.step : event.type === 'recipe_run' ? event.failedStep : null,
    tool: 'tool' in event ? event.tool : null,
    ok: 'ok' in event ? flag(event.ok) : null,
    device: 'device' in event ? event.device : null,
    referrer_host: 'referrerHost' in event ? event.referrerHost : null,
  };
  return row;
}

const dayNumber = (date: Date) => Math.floor(date.getTime() / 86_400_000);

/** A batch's counts by day, type, agent and outcome, for insights_daily. */
function dailyRows(events: readonly RecordedEvent[]) {
  const counts = new Map<string, { day: number; type: string; agent: number; ok: number; count: number }>();
  for (const { event, at, agent } of events) {
    const ok = event.type === 'mcp_tool_call' ? (event.ok ? 1 : 0) : 2;
    const key = `${dayNumber(at)} ${event.type} ${agent ? 1 : 0} ${ok}`;
    const row = counts.get(key) ?? { day: dayNumber(at), type: event.type, agent: agent ? 1 : 0, ok, count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  return [...counts.values()];
}

function commentRow({ event, at }: RecordedEvent) {
  if ((event.type !== 'feedback' && event.type !== 'sample_flag') || !event.comment) return undefined;
  return {
    at: at.getTime(),
    type: event.type,
    path: event.path,
    section: event.type === 'feedback' ? event.section : null,
    helpful: event.type === 'feedback' ? flag(event.helpful) : null,
    language: event.type === 'sample_flag' ? event.language : null,
    operation_id: event.type === 'sample_flag' ? event.operationId : null,
    recipe: event.type === 'sample_flag' ? event.recipe : null,
    step: event.type === 'sample_flag' ? event.step : null,
    text: event.comment,
    handled_at: null,
  };
}

/** A batch of events in one transaction: the events, their comments, and the daily counts and visitors. */
async function insertBatch(trx: Transaction<InsightsDatabase>, events: readonly RecordedEvent[]): Promise<void> {
  await trx.insertInto('insights_events').values(events.map(eventRow)).execute();
  const comments = events.map(commentRow).filter((row) => row !== undefined);
  if (comments.length > 0) await trx.insertInto('insights_comments').values(comments).execute();
  for (const row of dailyRows(events))
    await trx
      .insertInto('insights_daily')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(['day', 'type', 'agent', 'ok'])
          .doUpdateSet((eb) => ({ count: eb('insights_daily.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  const visitors = [...new Set(events.flatMap(({ at, visitor }) => (visitor ? [`${dayNumber(at)} ${visitor}`] : [])))];
  if (visitors.length > 0)
    await trx
      .insertInto('insights_daily_visitors')
      .values(visitors.map((key) => ({ day: Number(key.split(' ')[0]), visitor: key.slice(key.indexOf(' ') + 1) })))
      .onConflict((conflict) => conflict.columns(['day', 'visitor']).doNothing())
      .execute();
}

/** Deletes events past the retention, handled comments, the daily figures past the retention and older salts. */
async function deleteExpired(db: Kysely<InsightsDatabase>, now: Date): Promise<{ events: number; comments: number }> {
  const events = await db
    .deleteFrom('insights_events')
    .where('at', '<', now.getTime() - RETENTION_MS)
    .executeTakeFirst();
  const comments = await db.deleteFrom('insights_comments').where('handled_at', 'is not', null).executeTakeFirst();
  const oldestDay = dayNumber(new Date(now.getTime() - RETENTION_MS));
  await db.deleteFrom('insights_daily').where('day', '<', oldestDay).execute();
  await db.deleteFrom('insights_daily_visitors').where('day', '<', oldestDay).execute();
  await db.deleteFrom('insights_salts').where('day', '<', day(now)).execute();
  return { events: Number(events.numDeletedRows), comments: Number(comments.numDeletedRows) };
}

/**
 * The salt of `today`, made by whichever instance asks first (the others read it), and the days before deleted.
 */
async function storedSalt(db: Kysely<InsightsDatabase>, today: string): Promise<string> {
  await db
    .insertInto('insights_salts')
    .values({ day: today, salt: randomBytes(32).toString('hex') })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  await db.deleteFrom('insights_salts').where('day', '<', today).execute();
  const { salt } = await db
    .selectFrom('insights_salts')
    .select('salt')
    .where('day', '=', today)
    .executeTakeFirstOrThrow();
  return salt;
}

/**
 * The store over `db`. Migrations run on first use, and again after a failure (a database that was down at start
 * is used once it is up, without a restart). Old rows are pruned on the first write of each UTC day.
 */
export function createKyselyStore(db: Kysely<InsightsDatabase>, dialect: Dialect): InsightsStore {
  let ready: Promise<void> | undefined;
  let prunedDay: string | undefined;
  const salts = new Map<string, string>();

  const migrate = async () => {
    const { error } = await new Migrator({ db, provider: insightsMigrations(dialect) }).migrateToLatest();
    if (error) throw error;
  };
  /** Runs `work` once the schema is there; any failure of the database becomes StoreUnavailableError. */
  const withDatabase = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      ready ??= migrate();
      await ready;
    } catch (error) {
      ready = undefined;
      throw new StoreUnavailableError(dialect, error);
    }
    try {
      return await work();
    } catch (error) {
      if (isUnavailable(error)) throw new StoreUnavailableError(dialect, error);
      throw error;
    }
  };

  const prune = (now: Date) =>
    withDatabase(async () => {
      const deleted = await deleteExpired(db, now);
      prunedDay = day(now);
      return deleted;
    });

  return {
    dialect,
    async record(events) {
      const first = events[0];
      if (!first) return;
      if (prunedDay !== day(first.at)) await prune(first.at);
      await withDatabase(() => db.transaction().execute((trx) => insertBatch(trx, events)));
    },
    dailySalt(now) {
      const today = day(now);
      const known = salts.get(today);
      if (known) return Promise.resolve(known);
      return withDatabase(async () => {
        const salt = await storedSalt(db, today);
        salts.clear();
        salts.set(today, salt);
        return salt;
      });
    },
    report: ({ since, now = new Date() }) => withDatabase(() => buildReport(db, { since, now })),
    markHandled: (id, now = new Date()) =>
      withDatabase(async () => {
        const result = await db
          .updateTable('insights_comments')
          .set({ handled_at: now.getTime() })
          .where('id', '=', id)
          .where('handled_at', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      }),
    prune,
    close: () => db.destroy(),
  };
}

/** Whether `error` says the database is out of reach (refused, reset, timed out, shutting down), not a bad query. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|57P0[1-3]|08\w{3}|53300)$/.test(code)
  )
    return true;
  return /timeout|terminat|connection|ECONNREFUSED|SQLITE_BUSY|SQLITE_CANTOPEN|database is locked/i.test(error.message);
}
