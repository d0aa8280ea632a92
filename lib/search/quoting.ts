import { indexTerms } from './query';
import { storedRecord, type SerializedIndex, type SerializedPassages } from './records';
import { words } from './text';

/** A message without what a pasting of it changes: ids, dates and numbers (a partner's own). */
const withoutValues = (text: string) => text.replace(/\S*\d\S*/g, ' ');

/** The terms of a message that any pasting of it shares. */
export const messageTerms = (text: string): string[] => indexTerms(withoutValues(text));

/**
 * How a sentence quotes a message's words in their order: how many it holds (their longest common subsequence), and
 * the fewest of its words that hold that many (a quote is close together; the same words spread over a sentence that
 * is about something else are not one).
 */
function inOrder(message: readonly string[], sentence: readonly string[]): { held: number; span: number } {
  let best = { held: 0, span: Infinity };
  for (let start = 0; start < sentence.length; start += 1) {
    if (!message.includes(sentence[start] ?? '')) continue;
    // The longest common subsequence of the message and the sentence from `start` on, column by column: at each
    // end, how many it holds so far.
    let column = new Array<number>(message.length + 1).fill(0);
    for (let end = start; end < sentence.length; end += 1) {
      const next = [0];
      for (let at = 0; at < message.length; at += 1)
        next.push(message[at] === sentence[end] ? (column[at] ?? 0) + 1 : Math.max(column[at + 1] ?? 0, next[at] ?? 0));
      column = next;
      const held = column[message.length] ?? 0;
      const span = end - start + 1;
      if (held > best.held || (held === best.held && span < best.span)) best = { held, span };
    }
  }
  return best;
}

/**
 * A record that quotes a message: the share of the message's words its best quote holds in their order, and how many
 * words of the sentence that quote spans.
 */
export interface Quote {
  url: string;
  id: number;
  inOrder: number;
  span: number;
}

/** How much of a message's words one sentence must hold to quote it. */
export const QUOTED_SHARE = 0.8;

/**
 * The records of an index that quote a message: one of their sentences holds at least QUOTED_SHARE of its words
 * (messageTerms), with how the best of them quotes it in order (`among` picks the records to look at). Issue #50's test of error
 * messages counts such a record as one that explains the message; the relevance sets count the errors reference's
 * section that quotes it best (withErrorReference in lib/search/relevance.ts).
 */
export function quotingRecords(
  index: SerializedIndex,
  passages: SerializedPassages,
  among: (url: string) => boolean = () => true,
): (message: string) => Quote[] {
  const urls = index.records.map((entry) => storedRecord(entry).url);
  const sentences = passages.sentences.map((list) => list.map((sentence) => new Set(indexTerms(sentence))));
  return (message) => {
    const terms = messageTerms(message);
    if (terms.length === 0) return [];
    const needed = Math.ceil(terms.length * QUOTED_SHARE);
    const messageWords = words(withoutValues(message));
    return urls.flatMap((url, id) => {
      if (!among(url)) return [];
      const quotes = (sentences[id] ?? []).flatMap((sentence, at) =>
        terms.filter((term) => sentence.has(term)).length >= needed ? [passages.sentences[id]?.[at] ?? ''] : [],
      );
      if (quotes.length === 0) return [];
      const best = quotes
        .map((quote) => inOrder(messageWords, words(quote)))
        .reduce((a, b) => (b.held > a.held || (b.held === a.held && b.span < a.span) ? b : a));
      return [{ url, id, inOrder: best.held / Math.max(messageWords.length, 1), span: best.span }];
    });
  };
}
