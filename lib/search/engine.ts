import { Charset, Document } from 'flexsearch';
import { choosePassage, containsRun, sentenceStems, type MatchTerms } from './passage';
import { decodePostings } from './postings';
import { analyseQuery, indexTerms, stem, type QueryReading } from './query';
import {
  SEARCH_KINDS,
  storedRecord,
  type SearchKind,
  type SerializedIndex,
  type SerializedPassages,
  type StoredRecord,
} from './records';
import type { SearchResponse, SearchResult } from './results';
import { FIRST_STAGE_FIELDS, type IndexField } from './serialize';
import { closestWords, looksLikeIdentifier, normaliseIdentifier, prefixTest, words } from './text';

export type { SearchResponse, SearchResult } from './results';
export { serializeIndex, serializePassages } from './serialize';

/**
 * How well a term's hit in each field shows that a record is about it. The lead (a section's first sentence)
 * says what the section is for: "Charge now" answers "charge immediately" there, a passing mention elsewhere.
 */
const FIELD_QUALITY: Record<IndexField, number> = { title: 1, keywords: 0.8, lead: 0.7, content: 0.5 };
/**
 * How much a term in the headings above a record counts for it (its breadcrumb, the section root left out):
 * "The clock" on the page "The sandbox" is about the sandbox's clock, as DocSearch ranks a heading under its page's.
 */
const PATH_QUALITY = 0.6;
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
 * How much a record holding the identifier counts, by kind: the guide section that explains a field or an enum
 * value first, then the operation that takes it, then the schema and the SDK type that declare it.
 */
const MEMBER_KIND: Record<SearchKind, number> = { guide: 1, sdk: 0.9, api: 0.95, schema: 0.85, type: 0.75 };
/**
 * An identifier that is a member of more records than this counts less the more records hold it: a
 * header every operation takes names none of them.
 */
const MEMBER_SPREAD = 4;
/** How much the query's words as a phrase in a record's text add: an error message quoted, a task named as the docs name it. */
const PHRASE = 0.5;
/** A guide page's own record (its title, no anchor) beats its sections on an equal match. */
const PAGE_RECORD = 0.05;
/**
 * How much a guide page's own record counts when its title and the headings above it do not hold every word of the
 * query ("wallbox recipe" is the recipe's, by its title and its place under Recipes): its summary
 * names what its sections say, and the section that says it answers ("which node version" is Runtime's, not
 * Prerequisites' summary).
 */
const PAGE_SUMMARY = 0.8;
/**
 * How much a finished word counts where a title or an identifier only starts with it: "time" in "The timeline"
 * is not "time". The word still being typed matches a prefix fully ("timel" is on its way to "timeline").
 */
const PREFIX_ONLY = 0.4;
/** The share of records a term is in past which its hits alone do not make a record worth scoring. */
const COMMON_SHARE = 0.25;
/** How many hits per term and field are read: enough for every record a common word is in. */
const TERM_LIMIT = 1000;
const KIND_ORDER = new Map<SearchKind, number>(SEARCH_KINDS.map((kind, index) => [kind, index]));

type IndexedDocument = { id: number } & Partial<Record<IndexField, string>>;

/** Whether a heading's word is a reading's term: the term itself, or a word that the term, still being typed, starts. */
function isTerm(word: string, reading: QueryReading, index: number): boolean {
  const term = reading.terms[index] as string;
  return word === term || (index === reading.terms.length - 1 && reading.open === true && word.startsWith(term));
}

/**
 * A flexsearch Document with Latin normalisation, built from downloaded postings: the first stage's titles,
 * identifiers and leads, or the second stage's text. The terms are already stemmed (lib/search/query.ts).
 * Titles and keywords match prefixes (results as you type); the lead and the text match whole terms.
 */
function createDocumentIndex(fields: readonly IndexField[]) {
  return new Document<IndexedDocument>({
    tokenize: 'strict',
    encoder: Charset.LatinBalance,
    cache: 100,
    document: {
      id: 'id',
      index: fields.map((field) => ({
        field,
        tokenize: field === 'title' || field === 'keywords' ? ('forward' as const) : ('strict' as const),
      })),
    },
  });
}

/** Adds each record's terms of the given fields to a flexsearch index; returns each record's count of terms. */
function addPostings(
  index: ReturnType<typeof createDocumentIndex>,
  records: number,
  fields: Partial<Record<IndexField, string>>,
): number[] {
  const decoded = Object.entries(fields).map(
    ([field, postings]) => [field, decodePostings(postings, records)] as const,
  );
  const counts: number[] = [];
  for (let id = 0; id < records; id += 1) {
    index.add({ id, ...Object.fromEntries(decoded.map(([field, terms]) => [field, terms[id]?.join(' ') ?? ''])) });
    counts.push(decoded.reduce((sum, [, terms]) => sum + (terms[id]?.length ?? 0), 0));
  }
  return counts;
}

/** How many of the query's terms, in order in one sentence, make a quotation: a pasted message, not a phrase. */
const QUOTED_TERMS = 3;
/** The least weight a record that quotes the query keeps: a reference page's, not an older version's. */
const QUOTED_WEIGHT = 1;

/** How many results of a search get their passage: more than the dialog shows, a page of /search. */
const PASSAGES_PER_SEARCH = 24;

/** How much a text's length weighs on its hits: 0 not at all, 1 in proportion (BM25's b). */
const LENGTH_NORM = 0.4;

/**
 * Per record: the points of an identifier it is named by or holds (`base`), and the best reading's points for
 * the query's words (`words`). A record's score is their sum, so the section that holds an identifier and is
 * about its words ranks first among the records that hold it.
 */
type Scores = Map<number, { base: number; words: number; member?: string; quoted?: boolean }>;
/** How well each record matches one term (0 to 1, by field), and how rare the term is. */
type TermMatches = { quality: Map<number, number>; rarity: number };

/** Searches a serialized index; the same code runs in the browser, the bench, the MCP server and the relevance test. */
export class SearchEngine {
  private readonly index = createDocumentIndex(FIRST_STAGE_FIELDS);
  /** The second stage's index of the records' text, once the passages are in. */
  private contentIndex: ReturnType<typeof createDocumentIndex> | undefined;
  private readonly records: StoredRecord[];
  /** The words a query's word is corrected to: the first stage's, then the text's too once the passages are in. */
  private vocabulary: readonly string[];
  private known: ReadonlySet<string>;
  /** Whether a word of the vocabulary starts with a text: asked for every word of every query. */
  private startsAWord: (text: string) => boolean;
  private readonly normalisedNames: string[][];
  private readonly normalisedMembers: string[][];
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
  private readonly sentenceStems = new Map<number, string[][]>();
  /** The first record prepareSentences has not reached. */
  private nextToPrepare = 0;
  /**
   * Per record, how much a hit in its text counts by the text's length (BM25's length normalisation): a word
   * in a short section says more about it than the same word in a long page of steps.
   */
  private contentNorm: number[] = [];

  constructor(serialized: SerializedIndex, passages?: SerializedPassages) {
    this.records = serialized.records.map(storedRecord);
    addPostings(this.index, this.records.length, serialized.postings);
    this.vocabulary = serialized.vocabulary;
    this.known = new Set(serialized.vocabulary);
    this.startsAWord = prefixTest(this.vocabulary);
    if (passages) this.attachPassages(passages);
    this.normalisedNames = this.records.map((record) => record.names.map(normaliseIdentifier));
    this.normalisedMembers = this.records.map((record) => record.members.map(normaliseIdentifier));
    this.titleTerms = this.records.map((record) => indexTerms(record.title));
    const whole = (postings: string) => decodePostings(postings, this.records.length).map((terms) => new Set(terms));
    this.wholeTerms = { title: whole(serialized.postings.title), keywords: whole(serialized.postings.keywords) };
    this.pathTerms = this.records.map((record) => indexTerms(record.breadcrumb.split(' › ').slice(1).join(' ')));
    this.pathTerms.forEach((terms, id) => {
      const own = new Set(this.titleTerms[id]);
      for (const term of terms) {
        if (own.has(term)) continue;
        const holders = this.pathIndex.get(term);
        if (holders) holders.push(id);
        else this.pathIndex.set(term, [id]);
      }
    });
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
    const contentIndex = createDocumentIndex(['content']);
    const lengths = addPostings(contentIndex, this.records.length, { content: passages.content });
    const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1) || 1;
    this.contentNorm = lengths.map((length) => 1 / (1 - LENGTH_NORM + (LENGTH_NORM * length) / average));
    this.contentIndex = contentIndex;
    this.vocabulary = [...new Set([...this.vocabulary, ...passages.vocabulary])].sort();
    this.known = new Set(this.vocabulary);
    this.startsAWord = prefixTest(this.vocabulary);
    this.sentences = passages.sentences;
    this.sentenceStems.clear();
  }

  search(query: string, limit = 30): SearchResponse {
    const trimmed = query.trim();
    if (!trimmed) return { results: [], terms: { stems: new Map() } };
    const analysed = analyseQuery(query, this.vocabulary, this.known, this.startsAWord);
    const identifier = looksLikeIdentifier(trimmed);
    const scores: Scores = new Map();
    this.scoreIdentifier(trimmed, scores);
    // Readings share most of their terms (a synonym replaces one or two): each term is looked up once.
    const matches = new Map<string, TermMatches>();
    for (const reading of analysed.readings) this.scoreWords(reading, identifier, scores, matches);
    const terms = this.matchTerms(analysed.readings, matches, trimmed);
    // Passages for the results a list shows at once; a caller that shows more asks for theirs (passageOf).
    const results = this.rank(scores, limit).map((result, at) =>
      at < PASSAGES_PER_SEARCH ? this.withPassage(result, terms) : result,
    );
    const response: SearchResponse = { results, terms };
    if (analysed.corrected && results.length > 0) response.correctedQuery = analysed.corrected;
    return response;
  }

  /** The terms results mark, each stem with its rarity: every reading's, and an identifier's own words. */
  private matchTerms(readings: readonly QueryReading[], matches: Map<string, TermMatches>, query: string): MatchTerms {
    const stems = new Map<string, number>();
    for (const reading of readings)
      for (const term of reading.terms) {
        const rarity = [...matches].find(([key]) => key.startsWith(`${term}\u0000`))?.[1].rarity ?? 1;
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
    const id = this.records.indexOf(result.record);
    const sentences = this.sentences?.[id];
    return sentences ? choosePassage(sentences, this.stemsOf(id), terms) : undefined;
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
      if (this.normalisedNames[id]?.includes(identifier)) scores.set(id, { base: NAME_MATCH, words: 0 });
      else {
        const at = this.normalisedMembers[id]?.indexOf(identifier) ?? -1;
        if (at >= 0)
          scores.set(id, { base: memberPoints * MEMBER_KIND[record.kind], words: 0, member: record.members[at] });
      }
    });
  }

  /** How well each record matches a term: the best field it is in, earlier hits a little better; and how rare the term is. */
  private termMatches(
    term: string,
    partial: string | undefined,
    open: boolean,
    cache: Map<string, TermMatches>,
  ): TermMatches {
    const key = `${term}\u0000${partial ?? ''}\u0000${open ? 1 : 0}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const quality = new Map<number, number>();
    for (const text of partial ? [term, partial] : [term]) {
      const fieldResults = [this.index, this.contentIndex].flatMap(
        (index) =>
          (index?.search(text, { limit: TERM_LIMIT }) ?? []) as {
            field?: string;
            result: (number | string)[];
          }[],
      );
      for (const { field, result } of fieldResults) {
        const name = (field ?? 'content') as IndexField;
        const weight = FIELD_QUALITY[name] ?? 0;
        result.forEach((id, position) => {
          const key = Number(id);
          const length = name === 'content' ? (this.contentNorm[key] ?? 1) : 1;
          const prefixOnly =
            !open && (name === 'title' || name === 'keywords') && !this.wholeTerms[name][key]?.has(text);
          const value =
            weight * length * (prefixOnly ? PREFIX_ONLY : 1) * (1 - (0.2 * position) / Math.max(result.length, 1));
          if (value > (quality.get(key) ?? 0)) quality.set(key, value);
        });
      }
    }
    for (const id of this.pathIndex.get(term) ?? [])
      if ((quality.get(id) ?? 0) < PATH_QUALITY) quality.set(id, PATH_QUALITY);
    // Inverse document frequency: a term in every other record tells little.
    const rarity = quality.size === 0 ? 0 : Math.log(1 + this.records.length / quality.size);
    const matches = { quality, rarity };
    cache.set(key, matches);
    return matches;
  }

  /** Whether a record's text holds the terms next to each other in one sentence: an error message, a task as the docs name it. */
  private holdsPhrase(id: number, terms: readonly string[]): boolean {
    if (terms.length < 2 || !this.sentences) return false;
    return this.stemsOf(id).some((sentence) => containsRun(sentence, terms));
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
      this.stemsOf(this.nextToPrepare);
      this.nextToPrepare += 1;
      if (performance.now() - start >= budgetMs) break;
    }
    return this.nextToPrepare >= sentences.length;
  }

  /** A record's sentences as stems, made on first use and kept: stemming is most of a passage's cost. */
  private stemsOf(id: number): string[][] {
    let stems = this.sentenceStems.get(id);
    if (!stems) {
      stems = (this.sentences?.[id] ?? []).map(sentenceStems);
      this.sentenceStems.set(id, stems);
    }
    return stems;
  }

  /** Scores one reading of the query and keeps, per record, its best reading. */
  private scoreWords(
    reading: QueryReading,
    identifier: boolean,
    scores: Scores,
    matches: Map<string, TermMatches>,
  ): void {
    const terms = reading.terms.map((term, index) => {
      const last = index === reading.terms.length - 1;
      return this.termMatches(term, last ? reading.partial : undefined, last && reading.open === true, matches);
    });
    // A word the index does not hold counts as a rare one (as if ten records held it): a reading that finds nothing
    // for it has not answered it, so a synonym's reading that finds every word wins ("fast forward" is "advance
    // the clock").
    const missing = Math.log(1 + this.records.length / 10);
    const total = terms.reduce((sum, term) => sum + (term.quality.size === 0 ? missing : term.rarity), 0);
    if (terms.every((term) => term.quality.size === 0)) return;
    const names = (word: string, index: number) => isTerm(word, reading, index);
    // A term in most records ("charge", "device") adds few candidates worth scoring: records it alone brings can
    // only trail those of the query's rarer terms, so with one of those the common terms' own hits are not scored.
    const common = (term: TermMatches) => term.quality.size > this.records.length * COMMON_SHARE;
    const pruned = terms.some((term) => !common(term) && term.quality.size > 0);
    const candidates = new Set<number>();
    for (const term of terms) if (!pruned || !common(term)) for (const id of term.quality.keys()) candidates.add(id);
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
        terms.reduce((sum, term, index) => sum + (titleTerms.some((word) => names(word, index)) ? term.rarity : 0), 0) /
        total;
      const titleCovered =
        titleTerms.length === 0
          ? 0
          : titleTerms.filter((word) => reading.terms.some((_, index) => names(word, index))).length /
            titleTerms.length;
      const phrase = coverage === 1 && this.holdsPhrase(id, reading.terms);
      let value = quality * coverage + FOCUS * inTitle * titleCovered + (phrase ? PHRASE : 0);
      if ((record.kind === 'guide' || record.kind === 'sdk') && !record.url.includes('#'))
        value = this.headingsHold(id, reading) ? value + PAGE_RECORD : value * PAGE_SUMMARY;
      const points = WORDS_POINTS * value * reading.weight * (identifier ? 1 : KIND_PRIOR[record.kind]);
      const entry = scores.get(id);
      const quoted = phrase && reading.terms.length >= QUOTED_TERMS;
      if (!entry) scores.set(id, { base: 0, words: points, quoted });
      else {
        entry.words = Math.max(entry.words, points);
        entry.quoted ||= quoted;
      }
    }
  }

  /** Whether a record's title and the headings above it hold every term of a reading ("wallbox recipe"). */
  private headingsHold(id: number, reading: QueryReading): boolean {
    const headings = [...(this.titleTerms[id] ?? []), ...(this.pathTerms[id] ?? [])];
    return reading.terms.every((_, index) => headings.some((word) => isTerm(word, reading, index)));
  }

  private rank(scores: Scores, limit: number): SearchResult[] {
    return [...scores]
      .map(([id, entry]): SearchResult | undefined => {
        const record = this.records[id];
        if (!record) return undefined;
        const url = entry.member && record.kind === 'type' ? `${record.url}#${entry.member}` : record.url;
        // A record that quotes a long query (a pasted message) keeps its whole score, whatever its page's weight.
        const weight = entry.quoted ? Math.max(record.weight, QUOTED_WEIGHT) : record.weight;
        return { record, url, score: (entry.base + entry.words) * weight, member: entry.member };
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
