// Edit distance, the one copy: search corrects a query's words with it, MCP names the nearest of something unknown.
// Not `fastest-levenshtein`: that is plain Levenshtein, where swapping two letters costs two edits and the whole
// matrix is always filled; search counts a swap as one typo ("cahrger") and stops as soon as a word is out of reach,
// which is what lets it scan the whole vocabulary for each word typed.

/**
 * The Damerau-Levenshtein distance of two strings (optimal string alignment: an insertion, a deletion, a
 * substitution or a swap of two neighbours each cost one), or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let twoBack = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (twoBack[j - 2] as number) + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length] as number;
}
