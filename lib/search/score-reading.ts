import { stem, type QueryReading } from './query';
import type { StoredRecord } from './records';
import type { Scores } from './score-identifier';
import { RANKING } from './ranking-weights';
import type { TermMatches } from './term-matches';

/** Points for the words part, which scores 0 to about 1.4. */
const WORDS_POINTS = 100;
/** The share of records a term is in past which its hits alone do not make a record worth scoring. */
const COMMON_SHARE = 0.25;
/**
 * The stems of everyday verbs that carry a partner's question, not its subject: "where do I put the user id",
 * "should we use Smartcar or Enode", "what happens when …". Rare in the docs' text, so their rarity alone would make
 * a section that happens to say "put" outrank the one about the user id; they count for `softTerm` of it (RANKING).
 */
const SOFT_TERMS = new Set(
  [
    'put',
    'use',
    'need',
    'happen',
    'want',
    'make',
    'know',
    'show',
    'tell',
    'work',
    'go',
    'see',
    'let',
    'try',
    'say',
    'mean',
    'way',
    'thing',
    'possible',
    'able',
    'really',
    'actually',
  ].map((word) => stem(word)),
);
/** A term's matches as a reading weighs them: its rarity, softened for an everyday verb, and its rarity in a title. */
type ReadingTerm = TermMatches & { titleRarity: number };
/** How many of the query's terms, in order in one sentence, make a quotation: a pasted message, not a phrase. */
const QUOTED_TERMS = 3;

/** What a reading is scored against: the records, their headings, and their text's phrases. */
export interface ReadingContext {
  records: readonly StoredRecord[];
  /** Each record's title terms, for how much of a title a query covers. */
  titleTerms: readonly (readonly string[])[];
  /** Per record, the terms of the headings above it. */
  pathTerms: readonly (readonly string[])[];
  /** Whether a record's text holds the terms next to each other in one sentence. */
  holdsPhrase: (id: number, terms: readonly string[]) => boolean;
  /** 1 for each record of a page that explains error messages (SerializedIndex's `errorPages`). */
  explainsErrors: Uint8Array;
}

/** Whether a heading's word is a reading's term: the term itself, or a word that the term, still being typed, starts. */
function isTerm(word: string, reading: QueryReading, index: number): boolean {
  const term = reading.terms[index] as string;
  return word === term || (index === reading.terms.length - 1 && reading.open === true && word.startsWith(term));
}

/** How many of a reading's terms are marked by bits; a longer query's later terms (a pasted log) are tested one by one. */
const BITS = 31;

/** Whether a heading's word is any of the reading's terms past the first BITS. */
function namesLaterTerm(word: string, reading: QueryReading): boolean {
  for (let index = BITS; index < reading.terms.length; index += 1) if (isTerm(word, reading, index)) return true;
  return false;
}

/** Whether the term at `index` is among the words: by its bit in `named`, or, past the bits, by testing each word. */
function termNamed(named: number, words: readonly string[], reading: QueryReading, index: number): boolean {
  return index < BITS ? (named & (1 << index)) !== 0 : words.some((word) => isTerm(word, reading, index));
}

/**
 * The records worth scoring for a reading's terms, in the order the terms find them. A term in most records
 * ("charge", "device") adds few candidates worth scoring: records it alone brings can only trail those of the
 * query's rarer terms, so with one of those the common terms' own hits are not scored.
 *
 * This file's loops over records and terms count indexes: a for…of allocates an iterator result for each item until
 * the engine optimises the loop, and a reader's first queries run before it has (a third of the garbage of the
 * bench's queries, 2026-12-03).
 */
function candidates(context: ReadingContext, terms: readonly TermMatches[]): number[] {
  const common = (term: TermMatches) => term.ids.length > context.records.length * COMMON_SHARE;
  const pruned = terms.some((term) => !common(term) && term.ids.length > 0);
  const seen = new Uint8Array(context.records.length);
  const found: number[] = [];
  for (let at = 0; at < terms.length; at += 1) {
    const term = terms[at] as TermMatches;
    if (pruned && common(term)) continue;
    const ids = term.ids;
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index] as number;
      if (seen[id] === 0) {
        seen[id] = 1;
        found.push(id);
      }
    }
  }
  return found;
}

/**
 * Which of a reading's first BITS terms a heading's word is (isTerm), as bits by the terms' places, by one lookup: a
 * reading's terms are distinct, so a word is at most one of them exactly, and the last, still being typed, by prefix.
 */
interface TermNamer {
  exact: Map<string, number>;
  /** The last term when it matches by prefix (and has a bit), and its bit. */
  open?: { term: string; bit: number };
}

function termNamer(reading: QueryReading): TermNamer {
  const exact = new Map<string, number>();
  const count = Math.min(reading.terms.length, BITS);
  for (let index = 0; index < count; index += 1) exact.set(reading.terms[index] as string, 1 << index);
  const last = reading.terms.length - 1;
  return reading.open === true && last < BITS
    ? { exact, open: { term: reading.terms[last] as string, bit: 1 << last } }
    : { exact };
}

/** The reading's first BITS terms that a heading's word is, as bits by the terms' places. */
function namedBy(word: string, namer: TermNamer): number {
  const mask = namer.exact.get(word) ?? 0;
  return namer.open && word.startsWith(namer.open.term) ? mask | namer.open.bit : mask;
}

/**
 * Scores one reading of the query, given how each record matches its terms (in order), and keeps, per record, its
 * best reading.
 */
export function scoreReading(
  context: ReadingContext,
  reading: QueryReading,
  matched: readonly TermMatches[],
  identifier: boolean,
  scores: Scores,
): void {
  const weights = RANKING;
  const terms = matched.map((term, index) => {
    const soft = SOFT_TERMS.has(reading.terms[index] as string);
    // In a title, the word is its subject ("Which one to use"): it counts fully there.
    const weighed: ReadingTerm = {
      ids: term.ids,
      quality: term.quality,
      rarity: soft ? term.rarity * weights.softTerm : term.rarity,
      titleRarity: term.rarity,
    };
    return weighed;
  });
  // A word the index does not hold counts as a rare one (as if ten records held it): a reading that finds nothing
  // for it has not answered it, so a synonym's reading that finds every word wins ("fast forward" is "advance
  // the clock").
  const missing = Math.log(1 + context.records.length / 10);
  const total = terms.reduce((sum, term) => sum + (term.ids.length === 0 ? missing : term.rarity), 0);
  if (terms.every((term) => term.ids.length === 0)) return;
  const namer = termNamer(reading);
  // One answer for every candidate, written over: a reading scores hundreds of records.
  const found: RecordValue = { value: 0, phrase: false, atMost: undefined };
  // Whether a record's points decide whether it quotes the query (a pasted message): then every reading is scored.
  const mayQuote = reading.terms.length >= QUOTED_TERMS;
  const ids = candidates(context, terms);
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] as number;
    const record = context.records[id];
    if (!record) continue;
    const explains = !reading.error && context.explainsErrors[id] === 1 ? weights.errorSection : 1;
    const kind = identifier ? 1 : weights.kind[record.kind] * (reading.question ? weights.question[record.kind] : 1);
    const prior = explains * kind;
    const scored = scores.has(id);
    // A record keeps its best reading's points: one this reading cannot beat is not scored again.
    found.atMost = scored && (scores.quoted[id] === 1 || !mayQuote) ? scores.words[id] : undefined;
    if (!recordValue(context, id, reading, namer, terms, total, found, prior)) continue;
    const { value, phrase } = found;
    const points = WORDS_POINTS * value * reading.weight * prior;
    if (!scored) {
      scores.add(id);
      scores.words[id] = points;
    } else scores.words[id] = Math.max(scores.words[id] ?? 0, points);
    if (phrase && mayQuote) scores.quoted[id] = 1;
  }
}

/** How well a record answers a reading, and whether its text holds the reading's terms as a phrase. */
interface RecordValue {
  value: number;
  phrase: boolean;
  /** The points the record has from another reading, when only more would change its score. */
  atMost: number | undefined;
}

/**
 * How well one record answers a reading, before its kind and the reading's weight: its terms' qualities by rarity,
 * times how many of them it holds; a title made of the query's words; the words as a phrase; a page's own record.
 * Written into `found`; false, with nothing written, when the points it gives (by the reading's weight and `prior`)
 * cannot be more than `found.atMost`.
 */
function recordValue(
  context: ReadingContext,
  id: number,
  reading: QueryReading,
  namer: TermNamer,
  terms: readonly ReadingTerm[],
  total: number,
  found: RecordValue,
  prior: number,
): boolean {
  const record = context.records[id] as StoredRecord;
  const weights = RANKING;
  let quality = 0;
  let covered = 0;
  for (let index = 0; index < terms.length; index += 1) {
    const term = terms[index] as ReadingTerm;
    const value = term.quality[id] ?? 0;
    quality += term.rarity * value;
    if (value > 0) covered += term.rarity;
  }
  quality /= total;
  const coverage = covered / total;
  const pageRecord = (record.kind === 'guide' || record.kind === 'sdk') && !record.url.includes('#');
  if (found.atMost !== undefined) {
    // The most the value below can be: the title's part is at most `focus` (its two shares are at most 1 each), and the
    // phrase's 1 for the text's, or the share of a title's run, which holds only words the record holds (coverage).
    const phraseAtMost = coverage === 1 ? 1 : coverage >= weights.titleRunShare ? coverage : 0;
    let most = quality * coverage + weights.focus + weights.phrase * phraseAtMost;
    if (pageRecord) most += weights.pageRecord;
    if (WORDS_POINTS * most * reading.weight * prior <= found.atMost) return false;
  }
  // A title made of the query's words: "Charge now" for "charge now", not "Charger preferences". One pass over the
  // title's words, marking the terms each names (a query has far fewer than 32), so a query scoring thousands of
  // records allocates nothing here.
  const titleTerms = context.titleTerms[id] ?? [];
  let named = 0;
  let wordsNamed = 0;
  for (let index = 0; index < titleTerms.length; index += 1) {
    const word = titleTerms[index] as string;
    const mask = namedBy(word, namer);
    named |= mask;
    if (mask !== 0 || namesLaterTerm(word, reading)) wordsNamed += 1;
  }
  let inTitle = 0;
  for (let index = 0; index < terms.length; index += 1)
    if (termNamed(named, titleTerms, reading, index)) inTitle += (terms[index] as ReadingTerm).titleRarity;
  // At most 1 (a soft term counts more in a title than in the total), as the bound above takes it.
  inTitle = Math.min(1, inTitle / total);
  const titleCovered = titleTerms.length === 0 ? 0 : wordsNamed / titleTerms.length;
  // The words as a phrase: in the text, or as the title says them ("No spot prices between start and end" is the
  // heading of the section that explains that message, whose text quotes it with its values in between).
  // Only the text's phrase is a quotation (`found.phrase`): a title that says the words is not a pasted message.
  const phrase = coverage === 1 && context.holdsPhrase(id, reading.terms);
  // A run needs two of the terms in the title (bits of `named`, for a reading of at most BITS terms).
  const twoNamed = reading.terms.length > BITS || (named & (named - 1)) !== 0;
  const titleRun = phrase || !twoNamed ? 0 : titlePhraseShare(titleTerms, reading, terms, total, weights.titleRunShare);
  let value = quality * coverage + weights.focus * inTitle * titleCovered + weights.phrase * (phrase ? 1 : titleRun);
  if (pageRecord)
    value = headingsHold(context, id, reading, namer) ? value + weights.pageRecord : value * weights.pageSummary;
  found.value = value;
  found.phrase = phrase;
  return true;
}

/**
 * The share of the reading's rarity that its longest run of terms, said in the title in the same order, covers: 1 for
 * a title that says the whole query, 0 below two terms or half the rarity ("404 Location not found for user" is
 * mostly "Location not found for user").
 */
function titlePhraseShare(
  titleTerms: readonly string[],
  reading: QueryReading,
  terms: readonly ReadingTerm[],
  total: number,
  least: number,
): number {
  const count = reading.terms.length;
  if (count < 2 || titleTerms.length < 2) return 0;
  let best = 0;
  for (let from = 0; from < count; from += 1) {
    const at = titleTerms.indexOf(reading.terms[from] as string);
    if (at < 0) continue;
    let length = 1;
    let share = (terms[from] as ReadingTerm).rarity;
    while (from + length < count && titleTerms[at + length] === reading.terms[from + length]) {
      share += (terms[from + length] as ReadingTerm).rarity;
      length += 1;
    }
    if (length >= 2 && share > best) best = share;
  }
  const covered = best / total;
  return covered >= least ? covered : 0;
}

/** Whether a record's title and the headings above it hold every term of a reading ("wallbox recipe"). */
function headingsHold(context: ReadingContext, id: number, reading: QueryReading, namer: TermNamer): boolean {
  const titleTerms = context.titleTerms[id] ?? [];
  const pathTerms = context.pathTerms[id] ?? [];
  let named = 0;
  for (const word of titleTerms) named |= namedBy(word, namer);
  for (const word of pathTerms) named |= namedBy(word, namer);
  for (let index = 0; index < reading.terms.length; index += 1)
    if (!termNamed(named, titleTerms, reading, index) && !termNamed(named, pathTerms, reading, index)) return false;
  return true;
}
