import { z } from 'zod';
import { formatIssuePath } from '../validation';
import { normaliseQuery } from './query';

export { normaliseQuery, QUERY_CHARS } from './query';

/**
 * The events of reader insights, named once here: the widget, the search dialog, the playground, recipes and /mcp
 * send these shapes and no other. None carries a body, a key or a user id.
 */

/** Longest comment a reader may leave. */
export const COMMENT_CHARS = 1000;

const path = z
  .string()
  .max(300)
  .regex(/^\/[^\s#?]*$/, 'must be a site path such as /docs/smart-charging (no query or hash)');
const name = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[\w.:/@ -]+$/, 'must be a plain name (letters, digits, . _ - : / @ and spaces)');
const anchor = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w/.:-]+$/, 'must be an anchor id such as operation/getDevices or charging-windows');
const comment = z.string().trim().min(1).max(COMMENT_CHARS).optional();
const count = z.number().int().min(0).max(1_000_000);

export const pageViewEvent = z.strictObject({
  type: z.literal('page_view'),
  path,
  referrerHost: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name')
    .nullable(),
  device: z.enum(['mobile', 'tablet', 'desktop']),
});

export const searchEvent = z.strictObject({
  type: z.literal('search'),
  query: z.string().max(1000).transform(normaliseQuery).pipe(z.string().min(1, 'must not be empty')),
  results: count,
  clickedRank: z.number().int().min(1).max(1000).nullable(),
});

export const feedbackEvent = z.strictObject({
  type: z.literal('feedback'),
  path,
  section: anchor.nullable(),
  helpful: z.boolean(),
  comment,
});

export const sampleFlagEvent = z.strictObject({
  type: z.literal('sample_flag'),
  path,
  language: name,
  operationId: name.nullable(),
  recipe: name.nullable(),
  step: name.nullable(),
  comment,
});

export const sampleCopyEvent = z.strictObject({
  type: z.literal('sample_copy'),
  path,
  language: name,
  operationId: name.nullable(),
});

export const playgroundCallEvent = z.strictObject({
  type: z.literal('playground_call'),
  operationId: name,
  status: z.number().int().min(0).max(599),
  target: z.enum(['sandbox', 'live']),
});

export const recipeRunEvent = z.strictObject({
  type: z.literal('recipe_run'),
  recipe: name,
  failedStep: name.nullable(),
});

export const mcpToolCallEvent = z.strictObject({
  type: z.literal('mcp_tool_call'),
  tool: name,
  ok: z.boolean(),
});

export const insightsEvent = z.discriminatedUnion('type', [
  pageViewEvent,
  searchEvent,
  feedbackEvent,
  sampleFlagEvent,
  sampleCopyEvent,
  playgroundCallEvent,
  recipeRunEvent,
  mcpToolCallEvent,
]);

/** One event as checked (the search query normalised). */
export type InsightsEvent = z.output<typeof insightsEvent>;
/** One event as a client sends it. */
export type InsightsEventInput = z.input<typeof insightsEvent>;
export type InsightsEventType = InsightsEvent['type'];

/** Most events in one batch. */
export const BATCH_EVENTS = 50;

/**
 * What the ingest endpoint takes: a batch of events, and `website`, a field no reader sees (the honeypot): a form
 * filler that writes into it is answered 204 and nothing is stored.
 */
export const insightsBatch = z.strictObject({
  events: z.array(insightsEvent).min(1).max(BATCH_EVENTS),
  website: z.string().max(200).optional(),
});
export type InsightsBatch = z.output<typeof insightsBatch>;

/** The first problem of a failed parse, as `events[0].comment: Too big…`: the field, then what is wrong. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid batch';
  return `${formatIssuePath(issue.path) || '(body)'}: ${issue.message}`;
}
