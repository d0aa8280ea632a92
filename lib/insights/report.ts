// The editors' report: what readers found helpful or not, what they searched and did not find, what failed for
// them. Plain GROUP BYs over insights_events (indexed by type and time), the same SQL on SQLite and Postgres.
import { sql, type Kysely } from 'kysely';
import type { InsightsDatabase } from './schema';

const DAY_MS = 86_400_000;
/** Most rows a list of the report shows. */
export const REPORT_ROWS = 25;

export interface HelpfulnessRow {
  path: string;
  section: string | null;
  yes: number;
  no: number;
}
export interface CommentRow {
  id: number;
  at: string;
  type: 'feedback' | 'sample_flag';
  path: string;
  section: string | null;
  helpful: boolean | null;
  language: string | null;
  operationId: string | null;
  recipe: string | null;
  step: string | null;
  text: string;
}
export interface QueryRow {
  query: string;
  count: number;
}

export interface InsightsReport {
  since: string;
  now: string;
  /** By whole UTC days from the day of `since`; visitors are each day's unique visitors, added up. */
  totals: { events: number; pageViews: number; visitors: number; feedback: number };
  /** Pages and sections, the least helpful first (by share of Yes, then by most No). */
  helpfulness: HelpfulnessRow[];
  /** Comments not yet handled, the newest first. */
  comments: CommentRow[];
  searches: { top: (QueryRow & { noClick: number })[]; noResult: QueryRow[]; noClick: QueryRow[] };
  failingOperations: { operationId: string; status: number; target: string; count: number }[];
  failingRecipeSteps: { recipe: string; step: string; count: number }[];
  flagsByLanguage: { language: string; count: number }[];
  /** Each UTC day from `since` with views or visitors. */
  views: { day: string; views: number; visitors: number }[];
  audience: { people: number; agents: number; mcpCalls: number; mcpErrors: number };
}

const n = (value: unknown) => Number(value ?? 0);
const isoDay = (dayNumber: unknown) => new Date(n(dayNumber) * DAY_MS).toISOString().slice(0, 10);

type Db = Kysely<InsightsDatabase>;
interface Window {
  from: number;
  to: number;
}

const count = sql<string>`count(*)`;
const inWindow = (db: Db, { from, to }: Window) =>
  db.selectFrom('insights_events').where('at', '>=', from).where('at', '<=', to);

async function helpfulnessOf(db: Db, window: Window): Promise<HelpfulnessRow[]> {
  const yes = sql<string>`sum(case when helpful = 1 then 1 else 0 end)`;
  const no = sql<string>`sum(case when helpful = 0 then 1 else 0 end)`;
  const rows = await inWindow(db, window)
    .where('type', '=', 'feedback')
    .select(['path', 'section', yes.as('yes'), no.as('no')])
    .groupBy(['path', 'section'])
    .orderBy(sql`1.0 * sum(case when helpful = 1 then 1 else 0 end) / count(*)`)
    .orderBy(no, 'desc')
    .orderBy('path')
    .limit(REPORT_ROWS * 2)
    .execute();
  return rows.map((row) => ({ path: row.path ?? '', section: row.section, yes: n(row.yes), no: n(row.no) }));
}

async function openComments(db: Db): Promise<CommentRow[]> {
  const rows = await db
    .selectFrom('insights_comments')
    .selectAll()
    .where('handled_at', 'is', null)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: n(row.id),
    at: new Date(n(row.at)).toISOString(),
    type: row.type === 'sample_flag' ? 'sample_flag' : 'feedback',
    path: row.path,
    section: row.section,
    helpful: row.helpful === null ? null : n(row.helpful) === 1,
    language: row.language,
    operationId: row.operation_id,
    recipe: row.recipe,
    step: row.step,
    text: row.text,
  }));
}

async function searchesOf(db: Db, window: Window): Promise<InsightsReport['searches']> {
  const searches = () => inWindow(db, window).where('type', '=', 'search');
  const byQuery = async (rows: ReturnType<typeof searches>) =>
    (
      await rows
        .select(['query', count.as('count')])
        .groupBy('query')
        .orderBy(count, 'desc')
        .orderBy('query')
        .limit(REPORT_ROWS)
        .execute()
    ).map((row) => ({ query: row.query ?? '', count: n(row.count) }));
  const [top, noResult, noClick] = await Promise.all([
    searches()
      .select([
        'query',
        count.as('count'),
        sql<string>`sum(case when clicked_rank is null then 1 else 0 end)`.as('no_click'),
      ])
      .groupBy('query')
      .orderBy(count, 'desc')
      .orderBy('query')
      .limit(REPORT_ROWS)
      .execute(),
    byQuery(searches().where('results', '=', 0)),
    byQuery(searches().where('results', '>', 0).where('clicked_rank', 'is', null)),
  ]);
  return {
    top: top.map((row) => ({ query: row.query ?? '', count: n(row.count), noClick: n(row.no_click) })),
    noResult,
    noClick,
  };
}

async function failuresOf(
  db: Db,
  window: Window,
): Promise<Pick<InsightsReport, 'failingOperations' | 'failingRecipeSteps' | 'flagsByLanguage'>> {
  const [operations, steps, flags] = await Promise.all([
    inWindow(db, window)
      .where('type', '=', 'playground_call')
      .where((eb) => eb.or([eb('status', '>=', 400), eb('status', '=', 0)]))
      .select(['operation_id', 'status', 'target', count.as('count')])
      .groupBy(['operation_id', 'status', 'target'])
      .orderBy(count, 'desc')
      .orderBy('operation_id')
      .limit(REPORT_ROWS)
      .execute(),
    // A recipe step fails when a run stops at it, or when a reader flags its sample.
    inWindow(db, window)
      .where((eb) =>
        eb.or([eb('type', '=', 'recipe_run'), eb.and([eb('type', '=', 'sample_flag'), eb('recipe', 'is not', null)])]),
      )
      .where('step', 'is not', null)
      .select(['recipe', 'step', count.as('count')])
      .groupBy(['recipe', 'step'])
      .orderBy(count, 'desc')
      .orderBy('recipe')
      .limit(REPORT_ROWS)
      .execute(),
    inWindow(db, window)
      .where('type', '=', 'sample_flag')
      .select(['language', count.as('count')])
      .groupBy('language')
      .orderBy(count, 'desc')
      .orderBy('language')
      .execute(),
  ]);
  return {
    failingOperations: operations.map((row) => ({
      operationId: row.operation_id ?? '',
      status: n(row.status),
      target: row.target ?? '',
      count: n(row.count),
    })),
    failingRecipeSteps: steps.map((row) => ({ recipe: row.recipe ?? '', step: row.step ?? '', count: n(row.count) })),
    flagsByLanguage: flags.map((row) => ({ language: row.language ?? '', count: n(row.count) })),
  };
}

/**
 * Totals, views and visitors a day, and agents against people, from the daily counts (insights_daily and
 * insights_daily_visitors): whole UTC days from the one `since` falls in, never a scan of every event.
 */
async function trafficOf(db: Db, { from, to }: Window): Promise<Pick<InsightsReport, 'totals' | 'views' | 'audience'>> {
  const first = Math.floor(from / DAY_MS);
  const last = Math.floor(to / DAY_MS);
  const sumOf = (condition: string) => sql<string>`sum(case when ${sql.raw(condition)} then count else 0 end)`;
  const [days, visitors, totals] = await Promise.all([
    db
      .selectFrom('insights_daily')
      .where('type', '=', 'page_view')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select(['day', sql<string>`sum(count)`.as('views')])
      .groupBy('day')
      .orderBy('day')
      .execute(),
    db
      .selectFrom('insights_daily_visitors')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select(['day', count.as('visitors')])
      .groupBy('day')
      .execute(),
    db
      .selectFrom('insights_daily')
      .where('day', '>=', first)
      .where('day', '<=', last)
      .select([
        sql<string>`sum(count)`.as('events'),
        sumOf("type = 'page_view'").as('page_views'),
        sumOf("type = 'feedback'").as('feedback'),
        sumOf("type = 'page_view' and agent = 0").as('people'),
        sumOf('agent = 1').as('agents'),
        sumOf("type = 'mcp_tool_call'").as('mcp_calls'),
        sumOf("type = 'mcp_tool_call' and ok = 0").as('mcp_errors'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const visitorsOn = new Map(visitors.map((row) => [n(row.day), n(row.visitors)]));
  const views = days.map((row) => ({
    day: isoDay(row.day),
    views: n(row.views),
    visitors: visitorsOn.get(n(row.day)) ?? 0,
  }));
  return {
    totals: {
      events: n(totals.events),
      pageViews: n(totals.page_views),
      visitors: visitors.reduce((sum, row) => sum + n(row.visitors), 0),
      feedback: n(totals.feedback),
    },
    views,
    audience: {
      people: n(totals.people),
      agents: n(totals.agents),
      mcpCalls: n(totals.mcp_calls),
      mcpErrors: n(totals.mcp_errors),
    },
  };
}

/** The report of events in [since, now], and every comment not yet handled. */
export async function buildReport(db: Db, { since, now }: { since: Date; now: Date }): Promise<InsightsReport> {
  const window = { from: since.getTime(), to: now.getTime() };
  const [helpfulness, comments, searches, failures, traffic] = await Promise.all([
    helpfulnessOf(db, window),
    openComments(db),
    searchesOf(db, window),
    failuresOf(db, window),
    trafficOf(db, window),
  ]);
  return {
    since: since.toISOString(),
    now: now.toISOString(),
    helpfulness,
    comments,
    searches,
    ...failures,
    ...traffic,
  };
}
