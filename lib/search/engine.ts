import { Charset, Document } from 'flexsearch';
import { analyseQuery, indexTerms, type QueryReading } from './query';
import {
  SEARCH_KINDS,
  storedRecord,
  type SearchKind,
  type SearchRecord,
  type SerializedIndex,
  type StoredRecord,
} from './records';
import type { SearchResponse, SearchResult } from './results';
import { closestWords, looksLikeIdentifier, normaliseIdentifier, words } from './text';

export type { SearchResponse, SearchResult } from './results';

type Field = 'title' | 'keywords' | 'content';

/** How well a term's hit in each field shows that a record is about it. */
const FIELD_QUALITY: Record<Field, number> = { title: 1, keywords: 0.8, content: 0.5 };
/**
 * How much each kind counts for a query in words: a task is answered by a guide section or an operation,
 * and a schema or SDK type with the same words is reference beside it. An identifier query skips this.
 */
const KIND_PRIOR: Record<SearchKind, number> = { guide: 1, api: 1, sdk: 0.95, schema: 0.6, type: 0.6 };
/** Points for the words part, which scores 0 to about 1.4. */
const WORDS_POINTS = 100;
/** How much a title made of the query's words adds to the words part. */
const FOCUS = 0.4;
const NAME_MATCH = 1000;
const MEMBER_MATCH = 400;
/**
 * An identifier that is a member of more records than this counts less the more records hold it: a
 * header every operation takes names none of them.
 */
const MEMBER_SPREAD = 4;
/** How much the query's words as a phrase in a record's text add: an error message quoted, a task named as the docs name it. */
const PHRASE = 0.5;
/** A guide page's own record (its title, no anchor) beats its sections on an equal match. */
const PAGE_RECORD = 0.05;
/** How many hits per term and field are read: enough for every record a common word is in. */
const TERM_LIMIT = 1000;
const KIND_ORDER = new Map<SearchKind, number>(SEARCH_KINDS.map((kind, index) => [kind, index]));

type IndexedDocument = { id: number; title: string; keywords: string; content: string };

/**
 * One flexsearch Document over title, keywords and content, with Latin normalisation. The text given to
 * it is already stemmed (lib/search/query.ts). Titles and keywords match prefixes (results as you type);
 * the text matches whole terms, which keeps a 1,000-page site's index under 1 MB gzip (scripts/bench/search.ts).
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
        // Whole terms in the text: prefixes of every word there would multiply the index size. The context
        // (each term's neighbours) finds a phrase such as an error message: "no spot price area".
        { field: 'content', tokenize: 'strict', context: { depth: 1, bidirectional: true, resolution: 3 } },
      ],
    },
  });
}

/** The title as indexed: what the record is called, and for an operation or symbol its identifiers. */
const indexedTitle = (record: Pick<SearchRecord, 'kind' | 'title' | 'names'>) =>
  record.kind === 'guide' || record.kind === 'sdk'
    ? record.title
    : [record.title, ...record.names.filter((name) => !name.includes('/'))].join(' ');

/** Builds the index the browser downloads: records, vocabulary and flexsearch's exported chunks. */
export function serializeIndex(records: readonly SearchRecord[]): SerializedIndex {
  const index = createDocumentIndex();
  const vocabulary = new Set<string>();
  records.forEach((record, id) => {
    index.add({
      id,
      title: indexTerms(indexedTitle(record), true).join(' '),
      keywords: indexTerms(record.keywords, true).join(' '),
      content: indexTerms(record.content).join(' '),
    });
    for (const word of words(`${record.title} ${record.keywords} ${record.content}`))
      if (word.length >= 3) vocabulary.add(word);
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

type Scores = Map<number, { score: number; member?: string }>;
/** How well each record matches one term (0 to 1, by field), and how rare the term is. */
type TermMatches = { quality: Map<number, number>; rarity: number };

/** Searches a serialized index; the same code runs in the browser, the bench, the MCP server and the relevance test. */
export class SearchEngine {
  private readonly index = createDocumentIndex();
  private readonly records: StoredRecord[];
  private readonly vocabulary: readonly string[];
  private readonly known: ReadonlySet<string>;
  private readonly normalisedNames: string[][];
  private readonly normalisedMembers: string[][];
  /** Each record's title terms, for how much of a title a query covers. */
  private readonly titleTerms: string[][];

  constructor(serialized: SerializedIndex) {
    for (const [key, data] of serialized.chunks) this.index.import(key, data);
    this.records = serialized.records.map(storedRecord);
    this.vocabulary = serialized.vocabulary;
    this.known = new Set(serialized.vocabulary);
    this.normalisedNames = this.records.map((record) => record.names.map(normaliseIdentifier));
    this.normalisedMembers = this.records.map((record) => record.members.map(normaliseIdentifier));
    this.titleTerms = this.records.map((record) => indexTerms(record.title));
  }

  get size(): number {
    return this.records.length;
  }

  search(query: string, limit = 30): SearchResponse {
    const trimmed = query.trim();
    if (!trimmed) return { results: [] };
    const analysed = analyseQuery(query, this.vocabulary, this.known);
    const identifier = looksLikeIdentifier(trimmed);
    const scores: Scores = new Map();
    this.scoreIdentifier(trimmed, scores);
    // Readings share most of their terms (a synonym replaces one or two): each term is looked up once.
    const matches = new Map<string, TermMatches>();
    for (const reading of analysed.readings) this.scoreWords(reading, identifier, scores, matches);
    const results = this.rank(scores, limit);
    return analysed.corrected && results.length > 0 ? { results, correctedQuery: analysed.corrected } : { results };
  }

  /** The indexed words nearest to the query's, for a query with no result. */
  closestWords(query: string, count = 5): string[] {
    return closestWords(query, this.vocabulary, count);
  }

  /** An identifier typed exactly: the record it names first, records holding it next. */
  private scoreIdentifier(query: string, scores: Scores): void {
    const identifier = normaliseIdentifier(query);
    // One word that is a name, or a compound member written together (`spotprices`, `readytime` for
    // readyTime), is taken as that identifier too; a plain word such as `wallbox` stays a word.
    const compoundMember = () =>
      this.records.some((record, id) =>
        this.normalisedMembers[id]?.some(
          (member, at) => member === identifier && words(record.members[at] ?? '').length > 1,
        ),
      );
    const named =
      this.normalisedNames.some((names) => names.includes(identifier)) || (!/\s/.test(identifier) && compoundMember());
    if (!looksLikeIdentifier(query) && !named) return;
    const holders = this.normalisedMembers.filter((members) => members.includes(identifier)).length;
    const memberPoints = holders > MEMBER_SPREAD ? MEMBER_MATCH * (MEMBER_SPREAD / holders) ** 2 : MEMBER_MATCH;
    this.records.forEach((record, id) => {
      if (this.normalisedNames[id]?.includes(identifier)) scores.set(id, { score: NAME_MATCH });
      else {
        const at = this.normalisedMembers[id]?.indexOf(identifier) ?? -1;
        if (at >= 0) scores.set(id, { score: memberPoints, member: record.members[at] });
      }
    });
  }

  /** How well each record matches a term: the best field it is in, earlier hits a little better; and how rare the term is. */
  private termMatches(term: string, partial: string | undefined, cache: Map<string, TermMatches>): TermMatches {
    const key = `${term}\u0000${partial ?? ''}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const quality = new Map<number, number>();
    for (const text of partial ? [term, partial] : [term]) {
      const fieldResults = this.index.search(text, { limit: TERM_LIMIT }) as {
        field?: string;
        result: (number | string)[];
      }[];
      for (const { field, result } of fieldResults) {
        const weight = FIELD_QUALITY[(field ?? 'content') as Field] ?? 0;
        result.forEach((id, position) => {
          const value = weight * (1 - (0.2 * position) / Math.max(result.length, 1));
          const key = Number(id);
          if (value > (quality.get(key) ?? 0)) quality.set(key, value);
        });
      }
    }
    // Inverse document frequency: a term in every other record tells little.
    const rarity = quality.size === 0 ? 0 : Math.log(1 + this.records.length / quality.size);
    const matches = { quality, rarity };
    cache.set(key, matches);
    return matches;
  }

  /** Records whose text holds the terms next to each other, in flexsearch's context index. */
  private phraseMatches(terms: readonly string[]): Set<number> {
    if (terms.length < 2) return new Set();
    const fieldResults = this.index.search(terms.join(' '), { index: ['content'], limit: TERM_LIMIT }) as {
      result: (number | string)[];
    }[];
    return new Set(fieldResults.flatMap(({ result }) => result.map(Number)));
  }

  /** Scores one reading of the query and keeps, per record, its best reading. */
  private scoreWords(
    reading: QueryReading,
    identifier: boolean,
    scores: Scores,
    matches: Map<string, TermMatches>,
  ): void {
    const terms = reading.terms.map((term, index) =>
      this.termMatches(term, index === reading.terms.length - 1 ? reading.partial : undefined, matches),
    );
    const total = terms.reduce((sum, term) => sum + term.rarity, 0);
    if (total === 0) return;
    const candidates = new Set(terms.flatMap((term) => [...term.quality.keys()]));
    const phrase = this.phraseMatches(reading.terms);
    for (const id of candidates) {
      const record = this.records[id];
      if (!record) continue;
      let quality = 0;
      let covered = 0;
      for (const term of terms) {
        const value = term.quality.get(id) ?? 0;
        quality += term.rarity * value;
        if (value > 0) covered += term.rarity;
      }
      quality /= total;
      const coverage = covered / total;
      // A title made of the query's words: "Charge now" for "charge now", not "Charger preferences".
      const titleTerms = this.titleTerms[id] ?? [];
      const inTitle =
        terms.reduce(
          (sum, term, index) =>
            sum + (titleTerms.some((word) => word.startsWith(reading.terms[index] as string)) ? term.rarity : 0),
          0,
        ) / total;
      const titleCovered =
        titleTerms.length === 0
          ? 0
          : titleTerms.filter((word) => reading.terms.some((term) => word.startsWith(term))).length / titleTerms.length;
      let value = quality * coverage + FOCUS * inTitle * titleCovered + (phrase.has(id) ? PHRASE : 0);
      if ((record.kind === 'guide' || record.kind === 'sdk') && !record.url.includes('#'))
        value += PAGE_RECORD * inTitle;
      const points = WORDS_POINTS * value * reading.weight * (identifier ? 1 : KIND_PRIOR[record.kind]);
      const entry = scores.get(id);
      if (!entry) scores.set(id, { score: points });
      else if (entry.score < NAME_MATCH / 2 && !entry.member) entry.score = Math.max(entry.score, points);
      else entry.score += points / 100;
    }
  }

  private rank(scores: Scores, limit: number): SearchResult[] {
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
