import { Charset, Document } from 'flexsearch';
import { decodePostings } from './postings';
import type { IndexField } from './serialize';

type IndexedDocument = { id: number } & Partial<Record<IndexField, string>>;

/** A flexsearch index of some of the records' fields, as createFieldIndex makes it. */
export type FieldIndex = ReturnType<typeof createFieldIndex>;

/**
 * A flexsearch Document with Latin normalisation, built from downloaded postings: the first stage's titles,
 * identifiers and leads, or the second stage's text. The terms are already stemmed (lib/search/query.ts).
 * Titles and keywords match prefixes (results as you type); the lead and the text match whole terms.
 */
export function createFieldIndex(fields: readonly IndexField[]) {
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
export function addPostings(index: FieldIndex, records: number, fields: Partial<Record<IndexField, string>>): number[] {
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
