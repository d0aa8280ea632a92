/**
 * Splits a section's text into the sentences a search result may quote. A sentence ends at `.`, `!`, `?` or
 * `:` followed by a space and a capital, a digit, a quote, a backtick or a bracket; abbreviations the docs use
 * ("e.g.", "i.e.") and dotted identifiers (`api.kilowise.io`, `v2.1`) stay inside their sentence, since the
 * end needs a space after it. A run longer than MAX_SENTENCE (a table or a list flattened into text) is cut at
 * word boundaries, so no passage is a wall of text.
 */
const MAX_SENTENCE = 280;
const ABBREVIATIONS = /(?:\be\.g|\bi\.e|\betc|\bvs|\bcf)\.$/i;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const boundary = /([.!?:])\s+(?=[\p{Lu}\p{N}"'`“(«[])/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = (match.index ?? 0) + 1;
    const candidate = text.slice(start, end);
    if (ABBREVIATIONS.test(candidate)) continue;
    pushCut(sentences, candidate);
    start = end;
  }
  pushCut(sentences, text.slice(start));
  return sentences;
}

function pushCut(sentences: string[], raw: string): void {
  let rest = raw.trim();
  while (rest.length > MAX_SENTENCE) {
    const cut = rest.lastIndexOf(' ', MAX_SENTENCE);
    const at = cut > MAX_SENTENCE / 2 ? cut : MAX_SENTENCE;
    sentences.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) sentences.push(rest);
}
