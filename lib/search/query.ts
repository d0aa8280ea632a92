import { stemmer } from 'stemmer';
import { RANKING } from './ranking-weights';
import { SEARCH_SYNONYMS } from './synonyms';
import { correctQuery, words } from './text';

// How a text becomes index terms and how a query becomes the readings the engine scores. The index and
// the query go through the same steps, so "charging", "charges" and "charge" meet at one stem.

/**
 * Function words: they say nothing about which page answers. "get" is one here, as every read operation
 * is titled "Get …". "no", "not", "now" and "off" stay: error texts and tasks need them.
 */
const STOPWORDS = new Set(
  'a an the of to in on at by for from with and or is are was be been do does did i my me we our you your it its this that these those how what which where when why can could should would will there here about into s get'.split(
    ' ',
  ),
);

export const isNoise = (word: string) => STOPWORDS.has(word) || (word.length === 1 && !/\d/.test(word));

/** Stems already made: a query's words and the synonym list's are stemmed again at every key. Bounded. */
const stems = new Map<string, string>();
const KEPT_STEMS = 10_000;

/** The stem a word is indexed and searched under (Porter, from the `stemmer` package). */
export function stem(word: string): string {
  let made = stems.get(word);
  if (made === undefined) {
    if (stems.size >= KEPT_STEMS) stems.clear();
    made = stemmer(word);
    stems.set(word, made);
  }
  return made;
}

/**
 * The terms a text is indexed under: its words without function words, stemmed. With `withWords`, each
 * word as written is kept beside its stem, so a word still being typed matches by prefix ("locatio").
 */
export function indexTerms(text: string, withWords = false): string[] {
  const terms = new Set<string>();
  for (const word of words(text)) {
    if (isNoise(word)) continue;
    terms.add(stem(word));
    if (withWords) terms.add(word);
  }
  return [...terms];
}

/** One way of reading a query: its stemmed terms, and the last word as typed (it may be unfinished). */
export interface QueryReading {
  terms: string[];
  /** The last word as typed, matched by prefix beside its stem. */
  partial?: string;
  /** Below 1 for a reading through a synonym or a joined word: the query as typed wins a tie. */
  weight: number;
  /** Whether the last word may still be being typed (the query as typed, not ending in a space): it matches prefixes. */
  open?: boolean;
  /** Whether the query is a question (isQuestion): a guide section answers it before the reference. */
  question?: boolean;
  /** Whether the query is or describes an error (isErrorLike): the errors reference may answer it. */
  error?: boolean;
}

export interface AnalysedQuery {
  readings: QueryReading[];
  /** The words actually searched, when they differ from the query (typos, joined words). */
  corrected?: string;
}

/** The most readings a query is scored by: as typed first, then the fewest changes (the highest weights). */
const MAX_READINGS = 6;

/** Every word of the synonym list: a query's word the list knows is read through it, never corrected to another. */
const SYNONYM_WORDS = new Set(SEARCH_SYNONYMS.flat().flatMap((phrase) => words(phrase)));
/**
 * Words a typo correction leaves as typed: function words, and the synonym list's ("fast" in "fast forward" is
 * not a typo of "east", though the docs never say "fast").
 */
const keptAsTyped = (word: string) => isNoise(word) || SYNONYM_WORDS.has(word);
/**
 * A word whose stem starts a word the index holds is a form of it, not a typo: "timed" is "time", never "tied". Short
 * stems start too many words to tell.
 */
const MIN_KEPT_STEM = 4;
const isIndexedForm = (word: string, startsAWord: (text: string) => boolean) => {
  const made = stem(word);
  return made.length >= MIN_KEPT_STEM && made !== word && startsAWord(made);
};
/** The synonym list's phrases as words and stems, made once: every query is read through every group. */
const SYNONYM_GROUPS = SEARCH_SYNONYMS.map((group) =>
  group.map((phrase) => {
    const phraseWords = words(phrase);
    return { words: phraseWords, stems: phraseWords.map(stem) };
  }),
);

/** A word written as two that the index knows ("spotprices" → "spot prices"), or undefined. */
function splitJoined(word: string, known: ReadonlySet<string>): [string, string] | undefined {
  if (word.length < 6) return undefined;
  for (let at = word.length - 3; at >= 3; at -= 1) {
    const left = word.slice(0, at);
    const right = word.slice(at);
    if (known.has(left) && known.has(right)) return [left, right];
  }
  return undefined;
}

function reading(queryWords: readonly string[], weight: number, partial: boolean): QueryReading | undefined {
  const kept = queryWords.filter((word) => !isNoise(word));
  const meaningful = kept.length > 0 ? kept : queryWords.filter((word) => word.length > 0);
  if (meaningful.length === 0) return undefined;
  const last = meaningful.at(-1) as string;
  return {
    terms: [...new Set(meaningful.map(stem))],
    partial: partial && stem(last) !== last ? last : undefined,
    weight,
    ...(partial ? { open: true } : {}),
  };
}

const containsAt = (haystack: readonly string[], needle: readonly string[]) => {
  for (let at = 0; at + needle.length <= haystack.length; at += 1) {
    let offset = 0;
    while (offset < needle.length && haystack[at + offset] === needle[offset]) offset += 1;
    if (offset === needle.length) return at;
  }
  return -1;
};

/** A token with a digit and a letter, a dash or a colon: an id, a date or an area a partner's message carries. */
const VALUE = /^[("'`]*[\w.:-]*\d[\w.:-]*[)"'`,;:.]*$/;
const isValue = (token: string) => VALUE.test(token) && /[a-z:-]/i.test(token.replace(/[,;:.)"'`]+$/, ''));

/**
 * A pasted message without its values: "Device dev-5b1f0c not found" reads as "Device not found", the words every
 * pasting of it shares and the docs quote. Only for a query of four words or more, so that "SE3" or "user-4711"
 * typed alone is still searched.
 */
function withoutValues(query: string): string {
  const tokens = query.split(/\s+/).filter(Boolean);
  if (tokens.length < 4) return query;
  const kept = tokens.filter((token) => !isValue(token));
  return kept.length >= 2 ? `${kept.join(' ')}${/\s$/.test(query) ? ' ' : ''}` : query;
}

/**
 * A pasted or described error: a status code, a word errors are written with, a "No … for …" message, or a code in
 * capitals ("RATE_LIMITED"). The errors reference answers these; for other queries its sections, which quote many
 * fields' names, come after the guide that explains the field.
 */
const ERROR_WORDS =
  /\b(?:[45]\d\d|errors?|fail(?:s|ed|ing|ure)?|refus\w*|reject\w*|invalid|too many|too large|must|cannot|can't|couldn't|required|unsupported|missing|conflict|denied|unauthori[sz]ed|forbidden|exceed\w*|unknown|wrong|never|not|request body|header)\b/i;
const ERROR_CODE = /\b[A-Z]+(?:_[A-Z]+)+\b/;
/** What an error's code in capitals holds ("RATE_LIMITED", "SMARTCAR_API_ERROR"), unlike an enum value ("CHARGING"). */
const ERROR_CODE_PART = /ERR|FAIL|LIMIT|INVALID|DENIED|CONFLICT|BAD/;
export const isErrorLike = (query: string): boolean =>
  ERROR_WORDS.test(query) ||
  // A message that quotes a field or value ("field "vendor" must be …"), or opens with "No …" ("No spot prices …").
  query.includes('"') ||
  /^\s*no\s+\w+/i.test(query) ||
  (ERROR_CODE.test(query) && ERROR_CODE_PART.test(query));

/** A question as partners type one: opening with a question word ("how", "why", "can", "should" …), or asked with "?". */
const QUESTION = /^\s*(?:how|why|what|whats|which|where|when|who|can|could|should|is|are|do|does|did|will)\b/i;
export const isQuestion = (query: string): boolean => QUESTION.test(query) || query.includes('?');

/**
 * Reads a query: splits words the index knows as two, corrects typos against the index's vocabulary, and
 * adds a reading for each pair of words the index knows joined ("wall box") and for each synonym.
 */
export function analyseQuery(
  query: string,
  vocabulary: readonly string[],
  known: ReadonlySet<string>,
  startsAWord: (text: string) => boolean = (text) => vocabulary.some((entry) => entry.startsWith(text)),
): AnalysedQuery {
  // A query ending in a space has finished its last word.
  const typing = !/\s$/.test(query);
  let changed = false;
  const split = words(withoutValues(query)).flatMap((word) => {
    if (known.has(word) || startsAWord(word)) return [word];
    const parts = splitJoined(word, known);
    if (!parts) return [word];
    changed = true;
    return parts;
  });
  const corrected = correctQuery(
    split.join(' '),
    vocabulary,
    (word) => keptAsTyped(word) || isIndexedForm(word, startsAWord),
    startsAWord,
  );
  const base = corrected ? words(corrected) : split;
  const variants: { words: string[]; weight: number }[] = [{ words: base, weight: 1 }];
  for (let at = 0; at + 1 < base.length; at += 1) {
    const joined = `${base[at]}${base[at + 1]}`;
    if (known.has(joined))
      variants.push({ words: [...base.slice(0, at), joined, ...base.slice(at + 2)], weight: RANKING.joined });
  }
  // Synonyms match by stem, so "immediately" (corrected to "immediate"), "weekends" and "deleted" find theirs.
  const stemsOf = new Map<(typeof variants)[number], string[]>();
  const variantStems = (variant: (typeof variants)[number]) => {
    let made = stemsOf.get(variant);
    if (!made) {
      made = variant.words.map(stem);
      stemsOf.set(variant, made);
    }
    return made;
  };
  // Counted loops: every query runs through every group, and a for…of allocates an iterator result for each item
  // until the engine optimises the loop (lib/search/score-reading.ts).
  for (let groupAt = 0; groupAt < SYNONYM_GROUPS.length; groupAt += 1) {
    const group = SYNONYM_GROUPS[groupAt] as (typeof SYNONYM_GROUPS)[number];
    // Each group rewrites the readings made before it once: a synonym's synonym in the same group is not a reading.
    const before = variants.length;
    for (let phraseAt = 0; phraseAt < group.length; phraseAt += 1) {
      const phrase = group[phraseAt] as (typeof group)[number];
      for (let variantAt = 0; variantAt < before; variantAt += 1) {
        const variant = variants[variantAt] as (typeof variants)[number];
        const at = containsAt(variantStems(variant), phrase.stems);
        if (at < 0) continue;
        for (const other of group) {
          if (other === phrase) continue;
          variants.push({
            words: [...variant.words.slice(0, at), ...other.words, ...variant.words.slice(at + phrase.words.length)],
            weight: variant.weight * RANKING.synonym,
          });
        }
      }
    }
  }
  const seen = new Set<string>();
  const readings = variants
    .map((variant, index) => reading(variant.words, variant.weight, typing && index === 0))
    .filter((entry): entry is QueryReading => {
      // The same terms twice (two synonyms with one stem) would only be scored twice.
      const key = entry?.terms.join(' ');
      if (entry === undefined || key === undefined || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    // Each reading is a pass over the candidates: the query as typed and the readings nearest to it are enough
    // (the sort is stable: among equal weights, the order made).
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_READINGS);
  if (isQuestion(query)) for (const entry of readings) entry.question = true;
  if (isErrorLike(query)) for (const entry of readings) entry.error = true;
  return { readings, corrected: changed || corrected ? base.join(' ') : undefined };
}
