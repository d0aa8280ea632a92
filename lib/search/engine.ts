import { Charset, Document } from 'flexsearch';
import { SEARCH_KINDS, storedRecord, type SearchKind, type SearchRecord, type SerializedIndex, type StoredRecord } from './records';
import type { SearchResponse, SearchResult } from './results';
import { correctQuery, looksLikeIdentifier, normaliseIdentifier, words } from './text';

export type { SearchResponse, SearchResult } from './results';

type Field = 'title' | 'keywords' | 'content';

/** How much a hit in each field counts: a title match outranks a passing mention in the text. */
const FIELD_WEIGHT: Record<Field, number> = { title: 120, keywords: 60, content: 25 };
const NAME_MATCH = 1000;
const MEMBER_MATCH = 400;
const TITLE_COVERAGE = 200;
/** A guide page's own record (its title, no anchor) beats its sections on an equal match. */
const PAGE_RECORD = 15;
const KIND_ORDER = new Map<SearchKind, number>(SEARCH_KINDS.map((kind, index) => [kind, index]));

type IndexedDocument = { id: number; title: string; keywords: string; content: string };

/**
 * One flexsearch Document over title, keywords and content, with Latin normalisation. Titles and
 * keywords match prefixes (results as you type); the text matches whole words, which keeps a
 * 1,000-page site's index under 1 MB gzip (scripts/bench/search.ts).
 */
function createDocumentIndex() {
  return new Document<IndexedDocument>({
    tokenize: 'forward',
    encoder: Charset.LatinBalance,
    cache: 100,
    document: {
      id: 'id',
      index: [
        { field: 'title', tokenize: 'forward' },
        { field: 'keywords', tokenize: 'forward' },
        // Whole words in the text: prefixes of every word there would multiply the index size.
        { field: 'content', tokenize: 'strict' },
      ],
    },
  });
}

/** Builds the index the browser downloads: records, vocabulary and flexsearch's exported chunks. */
export function serializeIndex(records: readonly SearchRecord[]): SerializedIndex {
  const index = createDocumentIndex();
  const vocabulary = new Set<string>();
  records.forEach((record, id) => {
    index.add({ id, title: record.title, keywords: record.keywords, content: record.content });
    for (const word of words(`${record.title} ${record.keywords} ${record.content}`)) if (word.length >= 3) vocabulary.add(word);
  });
  const chunks: [string, string][] = [];
  index.export((key: string | number, data: unknown) => {
    if (typeof data === 'string') chunks.push([String(key), data]);
  });
  return {
    version: 1,
    records: records.map((record): SerializedIndex['records'][number] => {
      const entry = [record.kind, record.title, record.breadcrumb, record.url, record.names, record.members] as const;
      return record.weight === undefined || record.weight === 1 ? [...entry] : [...entry, record.weight];
    }),
    vocabulary: [...vocabulary].sort(),
    chunks,
  };
}

/** Searches a serialized index; the same code runs in the browser and in the bench. */
export class SearchEngine {
  private readonly index = createDocumentIndex();
  private readonly records: StoredRecord[];
  private readonly vocabulary: readonly string[];
  private readonly normalisedNames: string[][];
  private readonly normalisedMembers: string[][];

  constructor(serialized: SerializedIndex) {
    for (const [key, data] of serialized.chunks) this.index.import(key, data);
    this.records = serialized.records.map(storedRecord);
    this.vocabulary = serialized.vocabulary;
    this.normalisedNames = this.records.map((record) => record.names.map(normaliseIdentifier));
    this.normalisedMembers = this.records.map((record) => record.members.map(normaliseIdentifier));
  }

  get size(): number {
    return this.records.length;
  }

  search(query: string, limit = 30): SearchResponse {
    const trimmed = query.trim();
    if (!trimmed) return { results: [] };
    // Words no indexed word starts with are typos: search for their closest indexed word instead.
    const corrected = correctQuery(trimmed, this.vocabulary);
    const results = this.rank(this.score(trimmed, corrected ?? trimmed), limit);
    return corrected && results.length > 0 ? { results, correctedQuery: corrected } : { results };
  }

  /** Scores records for `query` (as typed, for identifiers) and `wordsQuery` (typos corrected). */
  private score(query: string, wordsQuery: string): Map<number, { score: number; member?: string }> {
    const scores = new Map<number, { score: number; member?: string }>();
    const add = (id: number, points: number, member?: string) => {
      const entry = scores.get(id) ?? { score: 0 };
      entry.score += points;
      if (member) entry.member = member;
      scores.set(id, entry);
    };

    // 1. An identifier typed exactly: the record it names first, records holding it next.
    const identifier = normaliseIdentifier(query);
    if (looksLikeIdentifier(query) || this.normalisedNames.some((names) => names.includes(identifier))) {
      this.records.forEach((record, id) => {
        if (this.normalisedNames[id]?.includes(identifier)) add(id, NAME_MATCH);
        else {
          const at = this.normalisedMembers[id]?.indexOf(identifier) ?? -1;
          if (at >= 0) add(id, MEMBER_MATCH, record.members[at]);
        }
      });
    }

    // 2. Words: flexsearch per field, earlier hits counting more.
    const terms = words(wordsQuery);
    if (terms.length === 0) return scores;
    const text = terms.join(' ');
    const fieldResults = this.index.search(text, { limit: 200, suggest: true }) as { field?: string; result: (number | string)[] }[];
    for (const { field, result } of fieldResults) {
      const weight = FIELD_WEIGHT[(field ?? 'content') as Field] ?? 0;
      result.forEach((id, position) => add(Number(id), weight * (1 - (0.7 * position) / Math.max(result.length, 1))));
    }

    // 3. Titles made of the query's words outrank titles that merely contain one of them.
    for (const [id, entry] of scores) {
      const titleWords = words(this.records[id]?.title ?? '');
      if (titleWords.length === 0) continue;
      const termsInTitle = terms.filter((term) => titleWords.some((word) => word.startsWith(term))).length / terms.length;
      const titleCovered = titleWords.filter((word) => terms.some((term) => word.startsWith(term))).length / titleWords.length;
      entry.score += TITLE_COVERAGE * termsInTitle * titleCovered;
      const record = this.records[id];
      if (record && (record.kind === 'guide' || record.kind === 'sdk') && !record.url.includes('#')) entry.score += PAGE_RECORD * termsInTitle;
    }
    return scores;
  }

  private rank(scores: Map<number, { score: number; member?: string }>, limit: number): SearchResult[] {
    return [...scores]
      .map(([id, entry]): SearchResult | undefined => {
        const record = this.records[id];
        if (!record) return undefined;
        const url = entry.member && record.kind === 'type' ? `${record.url}#${entry.member}` : record.url;
        return { record, url, score: entry.score * record.weight, member: entry.member };
      })
      .filter((result): result is SearchResult => result !== undefined)
      .sort(
        (a, b) =>
          b.score - a.score ||
          (KIND_ORDER.get(a.record.kind) ?? 0) - (KIND_ORDER.get(b.record.kind) ?? 0) ||
          a.record.title.length - b.record.title.length,
      )
      .slice(0, limit);
  }
}
