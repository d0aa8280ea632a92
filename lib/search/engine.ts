import { addPostings, createFieldIndex, type FieldIndex } from './field-index';
import {
  choosePassage,
  containsRun,
  sentenceHolders,
  sentenceStems,
  type MatchTerms,
  type SentenceHolders,
} from './passage';
import { decodePostings } from './postings';
import { analyseQuery, indexTerms, stem, type QueryReading } from './query';
import { RANKING } from './ranking-weights';
import {
  BREADCRUMB_SEPARATOR,
  SEARCH_KINDS,
  storedRecord,
  type SearchKind,
  type SerializedIndex,
  type SerializedPassages,
  type StoredRecord,
} from './records';
import type { SearchResponse, SearchResult } from './results';
import { scoreIdentifier, Scores, type RecordIdentifiers } from './score-identifier';
import { scoreReading, type ReadingContext } from './score-reading';
import { FIRST_STAGE_FIELDS } from './serialize';
import { RecentTerms, termMatches, type TermMatches, type TermSources } from './term-matches';
import { closestWords, looksLikeIdentifier, normaliseIdentifier, prefixTest, words } from './text';

export type { SearchResponse, SearchResult } from './results';
export { serializeIndex, serializePassages } from './serialize';

// The engine holds the index and answers a query; how a term matches the records' fields is term-matches.ts's, how a
// reading of the query scores a record score-reading.ts's, and an identifier's points score-identifier.ts's.

/** The least weight a record that quotes the query keeps: a reference page's, not an older version's. */
const QUOTED_WEIGHT = 1;
/** How many results of a search get their passage unless its caller says which it shows: a page of /search. */
const PASSAGES_PER_SEARCH = 24;
/** The results a list shows at once, of the ranked ones: those a search quotes. */
export type ShownResults = (ranked: readonly SearchResult[]) => readonly SearchResult[];
const FIRST_RESULTS: ShownResults = (ranked) => ranked.slice(0, PASSAGES_PER_SEARCH);
/** How many terms' matches are kept across searches: the words of a few queries typed one after another. */
const RECENT_TERMS = 64;
const KIND_ORDER = new Map<SearchKind, number>(SEARCH_KINDS.map((kind, index) => [kind, index]));

/** A record's sentences as the engine keeps them once used: their stems, which hold each stem, and in lower case. */
interface SectionSentences {
  stems: string[][];
  holders: SentenceHolders;
  /** Made when a prefix being typed is first looked for in them. */
  lowered?: string[];
}

/** The first matches looked up for a term (as any prefix or none), in the order they were looked up. */
function firstMatches(matches: ReadonlyMap<string, TermMatches>, term: string): TermMatches | undefined {
  const start = `${term}\u0000`;
  // Keys, then a lookup: a Map's entries would allocate a pair for each one passed.
  for (const key of matches.keys()) if (key.startsWith(start)) return matches.get(key);
  return undefined;
}

/** 1 for each record on one of the pages (by URL, without the anchor), else 0. */
function explainsErrors(records: readonly StoredRecord[], pages: readonly string[]): Uint8Array {
  const on = new Set(pages);
  return Uint8Array.from(records, (record) => (on.has(record.url.split('#', 1)[0] as string) ? 1 : 0));
}

/** Searches a serialized index; the same code runs in the browser, the bench, the MCP server and the relevance test. */
export class SearchEngine {
  private readonly index = createFieldIndex(FIRST_STAGE_FIELDS);
  /** The terms of the last searches (RECENT_TERMS), whose matches the next search reuses: a reader types on. */
  private readonly recent = new RecentTerms(RECENT_TERMS);
  /** The second stage's index of the records' text, once the passages are in. */
  private contentIndex: FieldIndex | undefined;
  private readonly records: StoredRecord[];
  /** Each record's kind's place in SEARCH_KINDS, which orders equal scores. */
  private readonly kindOrder: Uint8Array;
  /** Each record's id, for a result's passage. */
  private readonly recordIds: Map<StoredRecord, number>;
  /** The words a query's word is corrected to: the first stage's, then the text's too once the passages are in. */
  private vocabulary: readonly string[];
  private known: ReadonlySet<string>;
  /** Whether a word of the vocabulary starts with a text: asked for every word of every query. */
  private startsAWord: (text: string) => boolean;
  /** The records' names and members, for a query that is an identifier. */
  private readonly identifiers: RecordIdentifiers;
  /** What a reading of a query is scored against. */
  private readonly readingContext: ReadingContext;
  /** Each record's title terms, for how much of a title a query covers. */
  private readonly titleTerms: string[][];
  /** The terms each record's prefix-matched fields hold whole, to tell a word's own hit from a longer word's. */
  private readonly wholeTerms: Record<'title' | 'keywords', ReadonlySet<string>[]>;
  /** Per term, the records whose headings above them hold it (lib/search/records.ts: the breadcrumb). */
  private readonly pathIndex = new Map<string, number[]>();
  /** Per record, the terms of the headings above it. */
  private readonly pathTerms: string[][];

  /** Each record's sentences, once the passages have arrived; their stems are made on first use. */
  private sentences: readonly (readonly string[])[] | undefined;
  private readonly sections = new Map<number, SectionSentences>();
  /** The first record prepareSentences has not reached. */
  private nextToPrepare = 0;
  /**
   * Per record, how much a hit in its text counts by the text's length (BM25's length normalisation): a word
   * in a short section says more about it than the same word in a long page of steps.
   */
  private contentNorm: number[] = [];
  /** Each search's scores, cleared as it starts (Scores). */
  private readonly scores: Scores;

  constructor(serialized: SerializedIndex, passages?: SerializedPassages) {
    this.records = serialized.records.map(storedRecord);
    this.scores = new Scores(this.records.length);
    this.recordIds = new Map(this.records.map((record, id) => [record, id]));
    this.kindOrder = Uint8Array.from(this.records, (record) => KIND_ORDER.get(record.kind) ?? 0);
    addPostings(this.index, this.records.length, serialized.postings);
    this.vocabulary = serialized.vocabulary;
    this.known = new Set(serialized.vocabulary);
    this.startsAWord = prefixTest(this.vocabulary);
    if (passages) this.attachPassages(passages);
    this.identifiers = {
      records: this.records,
      normalisedNames: this.records.map((record) => record.names.map(normaliseIdentifier)),
      normalisedMembers: this.records.map((record) => record.members.map(normaliseIdentifier)),
    };
    this.titleTerms = this.records.map((record) => indexTerms(record.title));
    const whole = (postings: string) => decodePostings(postings, this.records.length).map((terms) => new Set(terms));
    this.wholeTerms = { title: whole(serialized.postings.title), keywords: whole(serialized.postings.keywords) };
    this.pathTerms = this.records.map((record) =>
      indexTerms(record.breadcrumb.split(BREADCRUMB_SEPARATOR).slice(1).join(' ')),
    );
    this.pathTerms.forEach((terms, id) => {
      const own = new Set(this.titleTerms[id]);
      for (const term of terms) {
        if (own.has(term)) continue;
        const holders = this.pathIndex.get(term);
        if (holders) holders.push(id);
        else this.pathIndex.set(term, [id]);
      }
    });
    this.readingContext = {
      records: this.records,
      titleTerms: this.titleTerms,
      pathTerms: this.pathTerms,
      holdsPhrase: (id, terms) => this.holdsPhrase(id, terms),
      explainsErrors: explainsErrors(this.records, serialized.errorPages ?? []),
    };
  }

  get size(): number {
    return this.records.length;
  }

  /** True once the passages are in: results quote their sections, and phrases count. */
  get hasPassages(): boolean {
    return this.sentences !== undefined;
  }

  /** Takes the second-stage file: each record's sentences. Passages of another index are an error. */
  attachPassages(passages: SerializedPassages): void {
    if (passages.sentences.length !== this.records.length)
      throw new RangeError(
        `The search passages have ${passages.sentences.length} records and the index ${this.records.length}: they come from different builds.`,
      );
    const contentIndex = createFieldIndex(['content']);
    const lengths = addPostings(contentIndex, this.records.length, { content: passages.content });
    const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1) || 1;
    const norm = RANKING.lengthNorm;
    this.contentNorm = lengths.map((length) => 1 / (1 - norm + (norm * length) / average));
    this.contentIndex = contentIndex;
    // The text's hits change every term's matches.
    this.recent.clear();
    this.vocabulary = [...new Set([...this.vocabulary, ...passages.vocabulary])].sort();
    this.known = new Set(this.vocabulary);
    this.startsAWord = prefixTest(this.vocabulary);
    this.sentences = passages.sentences;
    this.sections.clear();
    this.nextToPrepare = 0;
  }

  /**
   * The query's results, best first, at most `limit`; those that `shown` picks (by default the first
   * PASSAGES_PER_SEARCH) come with their passage, and a caller that shows more asks for theirs (passageOf). The
   * dialog quotes only the dozen it shows: a passage is a good part of a query's time on a phone.
   */
  search(query: string, limit = 30, shown: ShownResults = FIRST_RESULTS): SearchResponse {
    const trimmed = query.trim();
    if (!trimmed) return { results: [], terms: { stems: new Map() } };
    const analysed = analyseQuery(query, this.vocabulary, this.known, this.startsAWord);
    const identifier = looksLikeIdentifier(trimmed);
    const scores = this.scores;
    scores.clear();
    scoreIdentifier(this.identifiers, trimmed, scores);
    // Readings share most of their terms (a synonym replaces one or two): each term is looked up once.
    const matches = new Map<string, TermMatches>();
    for (const reading of analysed.readings) this.scoreWords(reading, identifier, scores, matches);
    const terms = this.matchTerms(analysed.readings, matches, trimmed);
    const ranked = this.rank(scores, limit);
    const quoted = new Set(shown(ranked));
    const results = ranked.map((result) => (quoted.has(result) ? this.withPassage(result, terms) : result));
    const response: SearchResponse = { results, terms };
    if (analysed.corrected && results.length > 0) response.correctedQuery = analysed.corrected;
    return response;
  }

  /** The terms results mark, each stem with its rarity: every reading's, and an identifier's own words. */
  private matchTerms(readings: readonly QueryReading[], matches: Map<string, TermMatches>, query: string): MatchTerms {
    const stems = new Map<string, number>();
    for (const reading of readings)
      for (const term of reading.terms) {
        const rarity = firstMatches(matches, term)?.rarity ?? 1;
        stems.set(term, Math.max(stems.get(term) ?? 0, rarity * reading.weight));
      }
    if (looksLikeIdentifier(query)) {
      for (const word of words(query)) if (!stems.has(stem(word))) stems.set(stem(word), 1);
      return { stems, identifier: normaliseIdentifier(query) };
    }
    const partial = readings[0]?.partial;
    return partial ? { stems, prefix: partial } : { stems };
  }

  /** The passage of a result's section that best matches the query's terms, once the passages are in. */
  passageOf(result: SearchResult, terms: MatchTerms): string | undefined {
    const id = this.recordIds.get(result.record) ?? -1;
    const sentences = this.sentences?.[id];
    if (!sentences) return undefined;
    const section = this.sentencesOf(id);
    return choosePassage(sentences, section.stems, terms, {
      holders: () => section.holders,
      lowered: () => (section.lowered ??= sentences.map((sentence) => sentence.toLowerCase())),
    });
  }

  private withPassage(result: SearchResult, terms: MatchTerms): SearchResult {
    const passage = this.passageOf(result, terms);
    return passage ? { ...result, passage } : result;
  }

  /** The indexed words nearest to the query's, for a query with no result. */
  closestWords(query: string, count = 5): string[] {
    return closestWords(query, this.vocabulary, count);
  }

  /**
   * The sections the closest words find, for a query with no result, so no search ends empty: the best result
   * of each of the closest words, then the next ones, without repeats.
   */
  closestSections(query: string, count = 3): SearchResult[] {
    const found = new Map<string, SearchResult>();
    const lists = this.closestWords(query).map((word) => this.search(word, count).results);
    for (let rank = 0; rank < count && found.size < count; rank += 1)
      for (const list of lists) {
        const result = list[rank];
        if (result && !found.has(result.url) && found.size < count) found.set(result.url, result);
      }
    return [...found.values()];
  }

  /** Whether a record's text holds the terms next to each other in one sentence: an error message, a task as the docs name it. */
  private holdsPhrase(id: number, terms: readonly string[]): boolean {
    if (terms.length < 2 || !this.sentences) return false;
    // Only a sentence that holds the first term can hold them all in a row.
    const { stems, holders } = this.sentencesOf(id);
    if (!holders) return stems.some((sentence) => containsRun(sentence, terms));
    // Only a sentence that holds every term can hold them in a row.
    let holding = -1;
    for (const term of terms) holding &= holders.get(term) ?? 0;
    return stems.some((sentence, at) => (holding & (1 << at)) !== 0 && containsRun(sentence, terms));
  }

  /**
   * Stems the sentences of records not stemmed yet, in order, until `budgetMs` is spent (at least one record per
   * call); true once every record's are made. Run in idle time after the passages arrive, it keeps the first
   * phrase query and the first passage of a section from paying for stemming while the reader waits.
   */
  prepareSentences(budgetMs: number): boolean {
    const sentences = this.sentences;
    if (!sentences) return false;
    const start = performance.now();
    while (this.nextToPrepare < sentences.length) {
      this.sentencesOf(this.nextToPrepare);
      this.nextToPrepare += 1;
      if (performance.now() - start >= budgetMs) break;
    }
    return this.nextToPrepare >= sentences.length;
  }

  /**
   * A record's sentences as stems, and which hold each stem, made on first use and kept: stemming is most of a
   * passage's cost, and a passage or a phrase reads only the sentences that hold a query's terms.
   */
  private sentencesOf(id: number): SectionSentences {
    let section = this.sections.get(id);
    if (!section) {
      const stems = (this.sentences?.[id] ?? []).map(sentenceStems);
      section = { stems, holders: sentenceHolders(stems) };
      this.sections.set(id, section);
    }
    return section;
  }

  /** Scores one reading of the query and keeps, per record, its best reading. */
  private scoreWords(
    reading: QueryReading,
    identifier: boolean,
    scores: Scores,
    matches: Map<string, TermMatches>,
  ): void {
    const sources: TermSources = {
      records: this.records.length,
      index: this.index,
      contentIndex: this.contentIndex,
      contentNorm: this.contentNorm,
      wholeTerms: this.wholeTerms,
      pathIndex: this.pathIndex,
      recent: this.recent,
    };
    const terms = reading.terms.map((term, index) => {
      const last = index === reading.terms.length - 1;
      return termMatches(sources, term, last ? reading.partial : undefined, last && reading.open === true, matches);
    });
    scoreReading(this.readingContext, reading, terms, identifier, scores);
  }

  /** The best `limit` records by score; a result is made only for those (a common word scores thousands). */
  private rank(scores: Scores, limit: number): SearchResult[] {
    const ids: number[] = [];
    const values = new Float64Array(scores.ids.length);
    for (let at = 0; at < scores.ids.length; at += 1) {
      const id = scores.ids[at] as number;
      const record = this.records[id];
      if (!record) continue;
      // A record that quotes a long query (a pasted message) keeps its whole score, whatever its page's weight.
      const weight = scores.quoted[id] === 1 ? Math.max(record.weight, QUOTED_WEIGHT) : record.weight;
      values[ids.length] = ((scores.base[id] ?? 0) + (scores.words[id] ?? 0)) * weight;
      ids.push(id);
    }
    // Only records scoring at least the limit-th best score can be among the first `limit`: the others are left out
    // before the sort, which keeps the order of the rest (it is stable).
    const threshold =
      Number.isInteger(limit) && limit > 0 && ids.length > limit
        ? (values.slice(0, ids.length).sort()[ids.length - limit] as number)
        : -Infinity;
    const scored: { id: number; score: number; member?: string }[] = [];
    ids.forEach((id, at) => {
      const score = values[at] as number;
      if (!(score < threshold)) scored.push({ id, score, member: scores.member[id] });
    });
    return scored
      .sort(
        (a, b) =>
          b.score - a.score ||
          (this.kindOrder[a.id] as number) - (this.kindOrder[b.id] as number) ||
          (this.records[a.id] as StoredRecord).title.length - (this.records[b.id] as StoredRecord).title.length,
      )
      .slice(0, limit)
      .map(({ id, score, member }) => {
        const record = this.records[id] as StoredRecord;
        const url = member && record.kind === 'type' ? `${record.url}#${member}` : record.url;
        return { record, url, score, member };
      });
  }
}
