import { indexTerms } from './query';
import { encodePostings } from './postings';
import {
  packedBreadcrumb,
  packedUrl,
  type SearchRecord,
  type SerializedIndex,
  type SerializedPassages,
} from './records';
import { splitSentences } from './sentences';
import { words } from './text';

/** The fields a record is indexed under, in the order of how much a hit in each shows the record is about it. */
export const INDEX_FIELDS = ['title', 'keywords', 'lead', 'content'] as const;
export type IndexField = (typeof INDEX_FIELDS)[number];
/** The fields of the first stage: enough to rank the first results; the text's terms come with the passages. */
export const FIRST_STAGE_FIELDS = ['title', 'keywords', 'lead'] as const;

/** The title as indexed: what the record is called, and for an operation or symbol its identifiers. */
const indexedTitle = (record: Pick<SearchRecord, 'kind' | 'title' | 'names'>) =>
  record.kind === 'guide' || record.kind === 'sdk'
    ? record.title
    : [record.title, ...record.names.filter((name) => !name.includes('/'))].join(' ');

/** A record's sentences: what its passages quote, and its first one, the lead, which says what the section is for. */
export const recordSentences = (record: Pick<SearchRecord, 'content'>) => splitSentences(record.content);

/**
 * Each field's index terms of a record. Titles and keywords keep each word as written beside its stem (typing); a
 * section's search terms count as keywords, by stem.
 */
export function recordTerms(record: SearchRecord): Record<IndexField, string[]> {
  const title = indexTerms(indexedTitle(record), true);
  const keywords = [...indexTerms(record.keywords, true), ...indexTerms(record.terms ?? '')];
  const above = new Set([...title, ...keywords]);
  return {
    title,
    keywords,
    lead: indexTerms(recordSentences(record)[0] ?? '').filter((term) => !above.has(term)),
    content: indexTerms(record.content),
  };
}

/** The words of a text a query's word may be corrected to: three letters or more. */
function addWords(vocabulary: Set<string>, text: string): void {
  for (const word of words(text)) if (word.length >= 3) vocabulary.add(word);
}

/** The first stage's words: the titles', identifiers' and leads', which its postings index. */
function firstVocabulary(records: readonly SearchRecord[]): Set<string> {
  const vocabulary = new Set<string>();
  for (const record of records)
    addWords(vocabulary, `${record.title} ${record.keywords} ${recordSentences(record)[0] ?? ''}`);
  return vocabulary;
}

/**
 * The text's other words, and the search terms' (a typo in one is corrected once this stage is in: they weigh 0.8 KB
 * of gzip, and the first download has none to spare), which come with the second stage.
 */
function textVocabulary(records: readonly SearchRecord[]): Set<string> {
  const first = firstVocabulary(records);
  const text = new Set<string>();
  for (const record of records) addWords(text, `${record.content} ${record.terms ?? ''}`);
  return new Set([...text].filter((word) => !first.has(word)));
}

/**
 * The first-stage index the browser downloads: records, vocabulary and the postings of titles, identifiers and
 * leads. The text's terms and the sentences results quote come in a second file (serializePassages), fetched
 * as soon as the first stage is in. `errorPages` names the pages that explain error messages (SerializedIndex).
 */
export function serializeIndex(records: readonly SearchRecord[], errorPages: readonly string[] = []): SerializedIndex {
  const terms = records.map(recordTerms);
  return {
    version: 2,
    records: records.map((record): SerializedIndex['records'][number] => {
      const breadcrumb = packedBreadcrumb(record.breadcrumb, record.title);
      const url = packedUrl(record.url, record.title);
      const entry = [record.kind, record.title, breadcrumb, url, record.names, record.members] as const;
      return record.weight === undefined || record.weight === 1 ? [...entry] : [...entry, record.weight];
    }),
    vocabulary: [...firstVocabulary(records)].sort(),
    postings: {
      title: encodePostings(terms.map((entry) => entry.title)),
      keywords: encodePostings(terms.map((entry) => entry.keywords)),
      lead: encodePostings(terms.map((entry) => entry.lead)),
    },
    ...(errorPages.length > 0 ? { errorPages: [...errorPages] } : {}),
  };
}

/** The second stage: each record's text terms and sentences, in record order, for ranking, passages and phrases. */
export function serializePassages(records: readonly SearchRecord[]): SerializedPassages {
  return {
    version: 2,
    records: records.length,
    content: encodePostings(records.map((record) => indexTerms(record.content))),
    vocabulary: [...textVocabulary(records)].sort(),
    sentences: records.map(recordSentences),
  };
}
