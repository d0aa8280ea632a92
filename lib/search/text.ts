import { editDistance } from '../text/edit-distance';

/**
 * Lower-case words of a text: letters and digits; identifiers split at `_`, `-`, `/`, `.` and camelCase.
 * A camelCase part starts after two lower-case letters or a digit, so units and acronyms stay whole:
 * `kWh`, `targetSoC`, `getSpotPrices` → kwh; target soc; get spot prices.
 */
export function words(text: string): string[] {
  return text
    .replace(/([a-z]{2}|[0-9])(?=[A-Z])/g, '$1 ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * True for a query that reads as one identifier rather than words: `SMART_CHARGE_AT_LOCATION`,
 * `register-charger`, `weekDaySpecificReadyTimes`, `/v2/kilowise/devices`, `ChargingSessionStatus`.
 */
export function looksLikeIdentifier(query: string): boolean {
  const trimmed = query.trim();
  if (!trimmed || /\s/.test(trimmed)) return false;
  return (
    /[_\-/.]/.test(trimmed) ||
    /[a-z][A-Z]/.test(trimmed) ||
    /^[A-Z][a-z]+[A-Z]/.test(trimmed) ||
    /^[A-Z0-9_]{3,}$/.test(trimmed)
  );
}

/** The form identifiers are compared in: case and surrounding quotes or backticks ignored. */
export function normaliseIdentifier(value: string): string {
  return value
    .trim()
    .replace(/^[`'"]+|[`'"]+$/g, '')
    .toLowerCase();
}

// Edit distance has one home, shared with MCP; search keeps exporting it for its tests.
export { editDistance };

/** How many typos a word may carry and still match: none below 4 letters, one up to 7, two beyond. */
export function typoAllowance(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 7 ? 1 : 2;
}

/**
 * Whether some word of a vocabulary starts with a text: a test made once, answered by a binary search of the words
 * in order (a word that starts with the text sorts first among those not before it).
 */
export function prefixTest(vocabulary: readonly string[]): (text: string) => boolean {
  const sorted = [...vocabulary].sort();
  return (text) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sorted[middle] as string) < text) low = middle + 1;
      else high = middle;
    }
    return sorted[low]?.startsWith(text) ?? false;
  };
}

/**
 * Whether a candidate correction of `term` beats the best so far: fewer edits; then one that keeps the first
 * letter, as a typo seldom hits it ("charing" is "charging", not "sharing"); then the shorter.
 */
function closer(
  candidate: { word: string; distance: number },
  best: { word: string; distance: number },
  term: string,
): boolean {
  if (candidate.distance !== best.distance) return candidate.distance < best.distance;
  const keeps = (word: string) => word[0] === term[0];
  if (keeps(candidate.word) !== keeps(best.word)) return keeps(candidate.word);
  return candidate.word.length < best.word.length;
}

/** A word's first `length` characters as bits, one per character code modulo 32. */
function letterBits(word: string, length = word.length): number {
  let bits = 0;
  for (let at = 0; at < length; at += 1) bits |= 1 << (word.charCodeAt(at) & 31);
  return bits;
}

/** How many bits are set. */
function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}

/** Each vocabulary's words as letterBits, made once per vocabulary. */
const vocabularyBits = new WeakMap<readonly string[], Int32Array>();

function bitsOf(vocabulary: readonly string[]): Int32Array {
  let bits = vocabularyBits.get(vocabulary);
  if (!bits) {
    bits = Int32Array.from(vocabulary, (word) => letterBits(word));
    vocabularyBits.set(vocabulary, bits);
  }
  return bits;
}

/**
 * Replaces each query word that no indexed word starts with by the closest indexed word within its typo
 * allowance. Returns undefined when nothing needed correcting. `startsAWord` answers whether a word of the
 * vocabulary starts with a text (prefixTest makes a fast one).
 */
export function correctQuery(
  query: string,
  vocabulary: readonly string[],
  keep: (word: string) => boolean = () => false,
  startsAWord: (text: string) => boolean = (text) => vocabulary.some((word) => word.startsWith(text)),
): string | undefined {
  const terms = words(query);
  let changed = false;
  const corrected = terms.map((term) => {
    if (startsAWord(term) || keep(term)) return term;
    const allowance = typoAllowance(term);
    const termBits = letterBits(term);
    const wordBits = bitsOf(vocabulary);
    let best: { word: string; distance: number } | undefined;
    for (let index = 0; index < vocabulary.length; index += 1) {
      const word = vocabulary[index] as string;
      // A typo seldom hits both of the first two letters: that skips most words cheaply.
      if (word[0] !== term[0] && word[1] !== term[1]) continue;
      if (word.length < term.length - allowance) continue;
      // Each letter of the term that a word (and so its start) lacks is an edit of its own: a word lacking more than
      // the allowance is out of reach, whole or by its start.
      if (bitCount(termBits & ~(wordBits[index] as number)) > allowance) continue;
      // Compare with the word, and with its start when it is longer: a typo in a prefix query, or in a word the
      // docs only write longer ("weekedn" is the start of "weekends"). Either is out of reach, as above, when it has
      // more letters the term lacks than the allowance.
      const out = allowance + 1;
      const whole =
        word.length > term.length + allowance || bitCount((wordBits[index] as number) & ~termBits) > allowance
          ? out
          : editDistance(term, word, allowance);
      const distance =
        word.length > term.length
          ? Math.min(
              whole,
              bitCount(letterBits(word, term.length) & ~termBits) > allowance
                ? out
                : editDistance(term, word.slice(0, term.length), allowance),
            )
          : whole;
      if (distance <= allowance && (!best || closer({ word, distance }, best, term))) best = { word, distance };
    }
    if (!best) return term;
    changed = true;
    return best.word;
  });
  return changed ? corrected.join(' ') : undefined;
}

/**
 * The indexed words closest to a query's words (edit distance up to 3, nearest and shortest first), for a
 * query that found nothing: "Did you mean …".
 */
export function closestWords(query: string, vocabulary: readonly string[], count = 5): string[] {
  const found: { word: string; distance: number }[] = [];
  for (const term of new Set(words(query))) {
    if (term.length < 3) continue;
    const limit = Math.min(3, Math.ceil(term.length / 3));
    for (const word of vocabulary) {
      if (word === term) continue;
      const distance = editDistance(term, word, limit);
      if (distance <= limit) found.push({ word, distance });
    }
  }
  found.sort((a, b) => a.distance - b.distance || a.word.length - b.word.length || a.word.localeCompare(b.word));
  return [...new Set(found.map((entry) => entry.word))].slice(0, count);
}
