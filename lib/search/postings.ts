/**
 * The index's terms as the browser downloads them: per field, each term with the ids of the records that hold
 * it, the ids as base-36 gaps (`charg:0,3,1a`). This is about a sixth of flexsearch's own export of the same
 * index (which keeps every prefix and each term's neighbours), so the first search downloads little; the
 * browser rebuilds flexsearch's index from it (lib/search/engine.ts).
 */
export type Postings = string;

/** Encodes each record's terms (one list per record, in id order) as postings. */
export function encodePostings(termsByRecord: readonly (readonly string[])[]): Postings {
  const byTerm = new Map<string, number[]>();
  termsByRecord.forEach((terms, id) => {
    for (const term of new Set(terms)) {
      const ids = byTerm.get(term);
      if (ids) ids.push(id);
      else byTerm.set(term, [id]);
    }
  });
  return [...byTerm]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([term, ids]) =>
        `${term}:${ids.map((id, at) => (at === 0 ? id : id - (ids[at - 1] as number)).toString(36)).join(',')}`,
    )
    .join(' ');
}

/** Each record's terms again, from postings, for `records` records; an id out of range is an error naming it. */
export function decodePostings(postings: Postings, records: number): string[][] {
  const terms: string[][] = Array.from({ length: records }, () => []);
  if (!postings) return terms;
  for (const entry of postings.split(' ')) {
    const colon = entry.lastIndexOf(':');
    const term = entry.slice(0, colon);
    let id = 0;
    entry
      .slice(colon + 1)
      .split(',')
      .forEach((gap, at) => {
        id = at === 0 ? parseInt(gap, 36) : id + parseInt(gap, 36);
        const list = terms[id];
        if (!list) throw new RangeError(`The search index names record ${id} for "${term}", and it has ${records}.`);
        list.push(term);
      });
  }
  return terms;
}
