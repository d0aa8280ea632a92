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

/**
 * How well a sentence answers: the rarity of each distinct query term it holds, and a bonus for the terms in
 * order. `stems` are the sentence's (sentenceStems), made once per sentence by the engine; `ordered` is the terms'
 * stems in query order, made once per passage by its caller.
 */
function sentenceScore(
  sentence: string,
  stems: readonly string[],
  terms: MatchTerms,
  ordered: readonly string[],
): number {
  let score = 0;
  let held: Set<string> | undefined;
  for (const value of stems) {
    const rarity = terms.stems.get(value);
    if (rarity === undefined || held?.has(value)) continue;
    (held ??= new Set()).add(value);
    score += rarity;
  }
  if (terms.prefix && terms.prefix.length >= 2 && sentence.toLowerCase().includes(terms.prefix)) score += 0.5;
  if (held !== undefined && ordered.length > 1 && containsRun(stems, ordered)) score *= 1.5;
  return score;
}

/** True when `haystack` holds `needle` as consecutive items. */
export function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  for (let at = 0; at + needle.length <= haystack.length; at += 1)
    if (needle.every((item, offset) => haystack[at + offset] === item)) return true;
  return false;
}

/**
 * The one or two sentences of a section that best match the query: the best sentence, with the next one when
 * it matches too or the best is short, within PASSAGE_CHARS. A section none of whose sentences holds a query
 * term is quoted from its start. Undefined for a section without text.
 */
export function choosePassage(
  sentences: readonly string[],
  stems: readonly (readonly string[])[],
  terms: MatchTerms,
): string | undefined {
  if (sentences.length === 0) return undefined;
  let best = 0;
  let bestScore = 0;
  const ordered = [...terms.stems.keys()];
  const scores = sentences.map((sentence, at) => sentenceScore(sentence, stems[at] ?? [], terms, ordered));
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
