import type { FieldIndex } from './field-index';
import { RANKING } from './ranking-weights';
import type { IndexField } from './serialize';

/** How many hits per term and field are read: enough for every record a common word is in. */
const TERM_LIMIT = 1000;

/**
 * How well each record matches one term (0 to 1, by field; 0 where it is not in the record), the records it is in
 * (`ids`, in the order they were found), and how rare the term is. Dense by record id: a query's readings look a
 * term's quality up for every candidate record.
 */
export type TermMatches = { ids: number[]; quality: Float64Array; rarity: number };

/** What a term is matched against: the indexes of the records' fields and what tells their hits apart. */
export interface TermSources {
  /** How many records the index holds. */
  records: number;
  /** The first stage's fields (titles, identifiers, leads). */
  index: FieldIndex;
  /** The second stage's text, once the passages are in. */
  contentIndex: FieldIndex | undefined;
  /** Per record, how much a hit in its text counts by the text's length. */
  contentNorm: readonly number[];
  /** The terms each record's prefix-matched fields hold whole, to tell a word's own hit from a longer word's. */
  wholeTerms: Record<'title' | 'keywords', readonly ReadonlySet<string>[]>;
  /** Per term, the records whose headings above them hold it. */
  pathIndex: ReadonlyMap<string, readonly number[]>;
  /** The terms of the last searches, kept across them: typing a query searches its first words again at every key. */
  recent?: RecentTerms;
}

/** The matches of the terms searched last, at most `size`, the one used longest ago dropped first. */
export class RecentTerms {
  private readonly kept = new Map<string, TermMatches>();
  constructor(private readonly size: number) {}

  take(key: string): TermMatches | undefined {
    const found = this.kept.get(key);
    if (found) {
      this.kept.delete(key);
      this.kept.set(key, found);
    }
    return found;
  }

  keep(key: string, matches: TermMatches): void {
    this.kept.set(key, matches);
    if (this.kept.size > this.size) this.kept.delete(this.kept.keys().next().value as string);
  }

  clear(): void {
    this.kept.clear();
  }
}

/**
 * How well each record matches a term: the best field it is in, earlier hits a little better; and how rare the term
 * is. Readings share most of their terms, so each is looked up once per search, through `cache`.
 */
export function termMatches(
  sources: TermSources,
  term: string,
  partial: string | undefined,
  open: boolean,
  cache: Map<string, TermMatches>,
): TermMatches {
  const key = `${term}\u0000${partial ?? ''}\u0000${open ? 1 : 0}`;
  const cached = cache.get(key) ?? sources.recent?.take(key);
  if (cached) {
    cache.set(key, cached);
    return cached;
  }
  const { field: fieldWeight, prefixOnly: prefixWeight, path: pathWeight } = RANKING;
  const quality = new Float64Array(sources.records);
  const ids: number[] = [];
  // Counted loops: a for…of allocates an iterator result for each item until the engine optimises it, and a
  // reader's first queries run before it has (lib/search/score-reading.ts).
  for (let pass = 0; pass < (partial ? 4 : 2); pass += 1) {
    const text = pass < 2 ? term : (partial as string);
    const index = pass % 2 === 0 ? sources.index : sources.contentIndex;
    const fieldResults = (index?.search(text, { limit: TERM_LIMIT }) ?? []) as {
      field?: string;
      result: (number | string)[];
    }[];
    for (let at = 0; at < fieldResults.length; at += 1) {
      const { field, result } = fieldResults[at] as (typeof fieldResults)[number];
      const name = (field ?? 'content') as IndexField;
      const weight = fieldWeight[name] ?? 0;
      const count = Math.max(result.length, 1);
      const content = name === 'content';
      // The prefix-matched fields' records that hold the text whole, where a finished word counts fully.
      const whole = !open && (name === 'title' || name === 'keywords') ? sources.wholeTerms[name] : undefined;
      for (let position = 0; position < result.length; position += 1) {
        const key = Number(result[position]);
        const length = content ? (sources.contentNorm[key] ?? 1) : 1;
        const prefixOnly = whole !== undefined && !whole[key]?.has(text);
        const value = weight * length * (prefixOnly ? prefixWeight : 1) * (1 - (0.2 * position) / count);
        if (value > (quality[key] ?? 0)) {
          if (quality[key] === 0) ids.push(key);
          quality[key] = value;
        }
      }
    }
  }
  for (const id of sources.pathIndex.get(term) ?? [])
    if ((quality[id] ?? 0) < pathWeight) {
      if (quality[id] === 0) ids.push(id);
      quality[id] = pathWeight;
    }
  // Inverse document frequency: a term in every other record tells little.
  const rarity = ids.length === 0 ? 0 : Math.log(1 + sources.records / ids.length);
  const matches = { ids, quality, rarity };
  cache.set(key, matches);
  sources.recent?.keep(key, matches);
  return matches;
}
