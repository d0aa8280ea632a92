import { isNoise, stem } from './query';
import { words } from './text';

/** The query's terms as results mark them: stems, and the last word as typed (it may be unfinished). */
export interface MatchTerms {
  /** Each stem with how much it tells (its rarity in the index); 1 where unknown. */
  stems: ReadonlyMap<string, number>;
  /** The last word as typed, matched as the start of a word. */
  prefix?: string;
  /** A query that is one identifier (`SMART_CHARGE_AT_LOCATION`): only that identifier is marked, not its parts. */
  identifier?: string;
}

/** No terms: nothing is marked. */
export const NO_TERMS: MatchTerms = { stems: new Map() };

/** A piece of a highlighted text: plain, or a matched word. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/** Longest passage: two sentences of the docs' usual length, never a paragraph. */
const PASSAGE_CHARS = 260;
/** A second sentence joins the best one when it matches too, or when the best one alone says little. */
const SHORT_SENTENCE = 90;

/** True when a word of a text (any case, a camelCase identifier split into its parts) is one of the terms. */
function wordMatches(word: string, terms: MatchTerms): boolean {
  if (terms.identifier !== undefined) return word.toLowerCase() === terms.identifier;
  const parts = words(word);
  if (parts.length === 0) return false;
  const hits = parts.filter(
    (part) =>
      terms.stems.has(stem(part)) ||
      terms.stems.has(part) ||
      (terms.prefix !== undefined && terms.prefix.length >= 2 && part.startsWith(terms.prefix)),
  ).length;
  // An identifier is marked when most of it is the query: `readyTime` for "ready time", not for "time".
  return parts.length === 1 ? hits === 1 : hits * 2 >= parts.length;
}

/** Splits `text` so the words that are query terms are marked, for `<mark>`. */
export function markTerms(text: string, terms: MatchTerms): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:[_-][\p{L}\p{N}]+)*/gu)) {
    if (!wordMatches(match[0], terms)) continue;
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: match[0], match: true });
    last = start + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * A sentence's words as stems, in order, without function words: what passages and phrases are matched on, as the
 * query's terms are made ("set for device" is the phrase "set device").
 */
export const sentenceStems = (sentence: string): string[] =>
  words(sentence)
    .filter((word) => !isNoise(word))
    .map(stem);

/** The query terms a sentence holds, written over for each sentence scored. */
const held: string[] = [];

/**
 * How well a sentence answers: the rarity of each distinct query term it holds, and a bonus for the terms in
 * order. `stems` are the sentence's (sentenceStems), made once per sentence by the engine, and `lowered` the sentence
 * in lower case; `ordered` is the terms' stems in query order, made once per passage by its caller.
 */
function sentenceScore(
  lowered: string,
  stems: readonly string[],
  terms: MatchTerms,
  ordered: readonly string[],
): number {
  let score = 0;
  held.length = 0;
  for (const value of stems) {
    const rarity = terms.stems.get(value);
    if (rarity === undefined || held.includes(value)) continue;
    held.push(value);
    score += rarity;
  }
  if (terms.prefix && terms.prefix.length >= 2 && lowered.includes(terms.prefix)) score += 0.5;
  if (held.length > 0 && ordered.length > 1 && containsRun(stems, ordered)) score *= 1.5;
  return score;
}

/** True when `haystack` holds `needle` as consecutive items. */
export function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  const first = needle[0];
  for (let at = 0; at + needle.length <= haystack.length; at += 1) {
    if (haystack[at] !== first) continue;
    let offset = 1;
    while (offset < needle.length && haystack[at + offset] === needle[offset]) offset += 1;
    if (offset === needle.length) return true;
  }
  return false;
}

/** How many sentences a section may have for sentenceHolders to mark them as bits; a longer one has none. */
const HOLDER_BITS = 31;

/**
 * Per stem, the sentences of a section that hold it, as bits by their places: what a passage and a phrase are looked
 * up in. Undefined for a section of more than HOLDER_BITS sentences (all of its sentences are read).
 */
export type SentenceHolders = ReadonlyMap<string, number> | undefined;

/** The sentences holding each stem, from the sentences' stems (sentenceStems). */
export function sentenceHolders(stems: readonly (readonly string[])[]): SentenceHolders {
  if (stems.length > HOLDER_BITS) return undefined;
  const holders = new Map<string, number>();
  stems.forEach((sentence, at) => {
    for (const value of sentence) holders.set(value, (holders.get(value) ?? 0) | (1 << at));
  });
  return holders;
}

/** What a caller that quotes a section often keeps of it: its sentences in lower case, and its sentenceHolders. */
export interface PreparedSentences {
  lowered: () => readonly string[];
  holders: () => SentenceHolders;
}

/**
 * The one or two sentences of a section that best match the query: the best sentence, with the next one when
 * it matches too or the best is short, within PASSAGE_CHARS. A section none of whose sentences holds a query
 * term is quoted from its start. Undefined for a section without text. What `prepared` gives is made here when
 * it is not given.
 */
export function choosePassage(
  sentences: readonly string[],
  stems: readonly (readonly string[])[],
  terms: MatchTerms,
  prepared?: PreparedSentences,
): string | undefined {
  if (sentences.length === 0) return undefined;
  let best = 0;
  let bestScore = 0;
  const ordered = [...terms.stems.keys()];
  // A sentence without any of the terms scores only by the prefix being typed: only those with one are scored.
  const holders = prepared ? prepared.holders() : sentenceHolders(stems);
  let holding = 0;
  if (holders) for (const term of ordered) holding |= holders.get(term) ?? 0;
  // The lower-case sentences are read only for a prefix being typed.
  const prefix = terms.prefix && terms.prefix.length >= 2 ? terms.prefix : undefined;
  const lower = prefix ? (prepared?.lowered() ?? sentences.map((sentence) => sentence.toLowerCase())) : sentences;
  const scores = sentences.map((_, at) =>
    holders === undefined || (holding & (1 << at)) !== 0
      ? sentenceScore(lower[at] as string, stems[at] ?? [], terms, ordered)
      : prefix && (lower[at] as string).includes(prefix)
        ? 0.5
        : 0,
  );
  scores.forEach((score, at) => {
    if (score > bestScore) {
      best = at;
      bestScore = score;
    }
  });
  const first = sentences[best] as string;
  const next = sentences[best + 1];
  const joinNext =
    next !== undefined &&
    first.length + next.length < PASSAGE_CHARS &&
    ((scores[best + 1] ?? 0) > 0 || first.length < SHORT_SENTENCE);
  const passage = joinNext ? `${first} ${next}` : first;
  return passage.length > PASSAGE_CHARS ? `${passage.slice(0, passage.lastIndexOf(' ', PASSAGE_CHARS))} …` : passage;
}
