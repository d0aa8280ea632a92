import type { SearchEngine } from './engine';
import { QUOTED_SHARE, quotingRecords } from './quoting';
import type { SerializedIndex, SerializedPassages } from './records';
import { words } from './text';

/** What sort of query it is; every kind is represented, and the bench breaks the figures down by kind. */
export const QUERY_KINDS = ['task', 'identifier', 'enum', 'error', 'unit', 'question', 'typo'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** A query of the relevance set (lib/search/fixtures/relevance-set.ts), with the results that answer it. */
export interface RelevanceQuery {
  query: string;
  kind: QueryKind;
  /** The results that answer the query: a hit is any of them in the ranked results. */
  answers: readonly string[];
}

/** How deep the mean reciprocal rank looks: a first answer below the tenth result counts as none. */
export const MRR_DEPTH = 10;

/**
 * The floors the relevance test holds on the first set (lib/search/fixtures/relevance-set.ts). Its bars were 85%,
 * 95% and 0.9 (issue #28), met by tuning on it; it measures 87.8%, 96.5% and 0.926 since headings above a section
 * count for it and a finished word no longer matches a longer title word; these floors keep it there, less two queries
 * of slack for new sections that rightly answer a query too.
 */
export const RELEVANCE_BARS = { hitAt1: 0.85, hitAt3: 0.95, mrr: 0.9 } as const;

/**
 * Floors the test holds on the partner-written set (lib/search/fixtures/partner-queries.ts), so that ranking does
 * not slip back: its figures when it was written, less a query or two. They are not the goal (RELEVANCE_BUDGETS).
 */
export const PARTNER_FLOORS = {
  // 163 queries on 2026-12-03: 58.9%, 84.0%, 0.727; on 2026-12-03 (fourth session), 71.2%, 89.6%, 0.810; 72.4%,
  // 89.6%, 0.818 with the errors reference's sections (withErrorReference, 2026-12-03, fifth session); 76.1%, 89.6%,
  // 0.840 with the guides' search terms (written by an editor who never saw these queries).
  tuning: { hitAt1: 0.74, hitAt3: 0.87, mrr: 0.82 },
  // 77 queries on 2026-12-03 (the third reader's 29 joined them): 64.9%, 83.1%, 0.750; then 63.6%, 83.1%, 0.745;
  // 68.8%, 84.4%, 0.777 with the errors reference's sections; 72.7%, 83.1%, 0.803 with the guides' search terms.
  heldOut: { hitAt1: 0.7, hitAt3: 0.81, mrr: 0.78 },
  // 57 queries of a fourth reader (lib/search/fixtures/partner-dev.ts), 2026-12-03: 57.9%, 82.5%, 0.701 on the ranking
  // they were written against; 64.9%, 84.2%, 0.760 after the session's changes, each kept only when these agreed;
  // 78.9%, 87.7%, 0.847 with the guides' search terms (2026-12-03, fifth session).
  dev: { hitAt1: 0.77, hitAt3: 0.85, mrr: 0.83 },
} as const;

/** The budgets of issue #50, which `npm run bench` prints the figures against. */
export const RELEVANCE_BUDGETS = { heldOutHitAt1: 0.9, wholeHitAt3: 0.97 } as const;

/**
 * A set whose pasted errors (kind `error`) are also answered by the section of the errors reference (the index's
 * `errorPages`, /docs/errors) that quotes the message, as issue #50 asks: "every message ... finds the section that
 * explains it", and the reference's sections are there to explain one message each. The partner readers' answer keys
 * name a guide's Errors section, and the first 48 of their queries were written before the reference existed
 * (`294fb45`, then `1c30686`). Only the reference's sections are added, and of those that quote the query
 * (lib/search/quoting.ts) only the one that holds most of its words in order, closest together ("Spot price area XX9
 * not found" is the section of `Spot price area {id} not found`, not of `No spot price area found for …`, nor of one
 * whose sentence says "no spot price area, or the device is not found"), when it holds QUOTED_SHARE of the query's
 * words and no other section quotes it as well: a few words that many messages share ("404 device not found") name
 * no one section. An operation or a guide that quotes a message as an example does not count.
 */
export function withErrorReference(
  set: readonly RelevanceQuery[],
  index: SerializedIndex,
  passages: SerializedPassages,
): RelevanceQuery[] {
  const references = index.errorPages ?? [];
  const quoting = quotingRecords(index, passages, (url) => references.some((page) => url.startsWith(`${page}#`)));
  return set.map((entry) => {
    if (entry.kind !== 'error') return entry;
    const quotes = quoting(entry.query);
    const held = Math.max(...quotes.map((quote) => quote.inOrder));
    const span = Math.min(...quotes.filter((quote) => quote.inOrder === held).map((quote) => quote.span));
    const best = quotes.filter((quote) => quote.inOrder === held && quote.span === span);
    // A message of one section: pasted, not a few words that many messages share ("device not found").
    const count = words(entry.query.replace(/\S*\d\S*/g, ' ')).length;
    // Quoted close together: a template's placeholders ("{spotPriceAreaId}" is four words) spread a quote a little.
    const pasted = count >= 3 && held >= QUOTED_SHARE && span <= 2 * held * count + 4;
    const added = pasted && best.length === 1 && best[0] && !entry.answers.includes(best[0].url) ? [best[0].url] : [];
    return added.length === 0 ? entry : { ...entry, answers: [...entry.answers, ...added] };
  });
}

/** True when a result URL is one of the answers: equal, or under an answer ending in `*`. */
export function answers(answer: string, url: string): boolean {
  return answer.endsWith('*') ? url.startsWith(answer.slice(0, -1)) : url === answer;
}

export interface RelevanceMiss {
  query: string;
  kind: RelevanceQuery['kind'];
  /** 1-based rank of the first answer, or undefined when none is in the first MRR_DEPTH results. */
  rank: number | undefined;
  /** The first three results, to see what beat the answer. */
  top: string[];
}

export interface RelevanceFigures {
  queries: number;
  hitAt1: number;
  hitAt3: number;
  /** Mean reciprocal rank of the first answer within the first MRR_DEPTH results. */
  mrr: number;
  /** Every query whose first answer is not first, worst first. */
  misses: RelevanceMiss[];
}

/** Runs every query through the engine and measures where its first answer ranks. */
export function measureRelevance(engine: SearchEngine, set: readonly RelevanceQuery[]): RelevanceFigures {
  return measureRankings(set, (query) => engine.search(query, MRR_DEPTH).results.map((result) => result.url));
}

/**
 * Measures any engine's rankings (ours, or another's in the bench): `ranked` gives a query's result URLs, best first;
 * `matches` says whether a result answers (by default: it is one of the answers).
 */
export function measureRankings(
  set: readonly RelevanceQuery[],
  ranked: (query: string) => readonly string[],
  matches: (answer: string, url: string) => boolean = answers,
): RelevanceFigures {
  let hitAt1 = 0;
  let hitAt3 = 0;
  let reciprocal = 0;
  const misses: RelevanceMiss[] = [];
  for (const entry of set) {
    const urls = ranked(entry.query).slice(0, MRR_DEPTH);
    const at = urls.findIndex((url) => entry.answers.some((answer) => matches(answer, url)));
    const rank = at >= 0 ? at + 1 : undefined;
    if (rank === 1) hitAt1 += 1;
    if (rank !== undefined && rank <= 3) hitAt3 += 1;
    if (rank !== undefined) reciprocal += 1 / rank;
    if (rank !== 1) misses.push({ query: entry.query, kind: entry.kind, rank, top: urls.slice(0, 3) });
  }
  const count = Math.max(set.length, 1);
  misses.sort((a, b) => (b.rank ?? Infinity) - (a.rank ?? Infinity));
  return { queries: set.length, hitAt1: hitAt1 / count, hitAt3: hitAt3 / count, mrr: reciprocal / count, misses };
}

/** The figures and misses as lines, for the test's failure message and the bench. */
export function formatRelevance(figures: RelevanceFigures): string[] {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  return [
    `${figures.queries} queries: hit@1 ${percent(figures.hitAt1)} (bar ${percent(RELEVANCE_BARS.hitAt1)}), hit@3 ${percent(figures.hitAt3)} (bar ${percent(RELEVANCE_BARS.hitAt3)}), MRR@${MRR_DEPTH} ${figures.mrr.toFixed(3)} (bar ${RELEVANCE_BARS.mrr})`,
    ...figures.misses.map(
      (miss) =>
        `  miss [${miss.kind}] "${miss.query}": answer ${miss.rank === undefined ? `not in the first ${MRR_DEPTH}` : `at ${miss.rank}`}; first ${miss.top.join(', ') || 'nothing'}`,
    ),
  ];
}
