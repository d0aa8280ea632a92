/** What a result is; each kind gets a badge and a group in the dialog. */
export const SEARCH_KINDS = ['guide', 'sdk', 'api', 'schema', 'type'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const KIND_LABELS: Record<SearchKind, string> = {
  guide: 'Guide',
  sdk: 'SDK',
  api: 'API',
  schema: 'Schema',
  type: 'Type',
};

/** One searchable section: a guide section, an operation, a schema or an SDK type. */
export interface SearchRecord {
  kind: SearchKind;
  /** The section heading, operation summary or symbol name. */
  title: string;
  /** Where it sits: `Docs › Spot prices › Reading prices`. */
  breadcrumb: string;
  /** The page and anchor to open. */
  url: string;
  /**
   * Identifiers that name this record itself (an operationId, a path, a symbol or schema name). A query
   * equal to one ranks the record first.
   */
  names: string[];
  /** Identifiers inside it (fields, enum values, properties, parameters): an exact query ranks it high. */
  members: string[];
  /** Words to match besides the title: method, path, tag, parameters, code identifiers of a guide. */
  keywords: string;
  /**
   * A guide section's search terms (its page's frontmatter, `searchTerms`): matched in the keywords' field, by stem
   * only. A reader finishes those words; the identifiers and titles beside them keep their written forms for a word
   * still being typed, which would double what these weigh in the first download.
   */
  terms?: string;
  /** The section's text. */
  content: string;
  /** Below 1 for pages of an older docs version, so current pages win a tie. Default 1. */
  weight?: number;
}

/**
 * The first-stage search index as served to the browser (`/search-index.json`): the records the results show,
 * the vocabulary, and each field's postings (lib/search/postings.ts). lib/search/schema.ts checks it with zod
 * when the build writes it.
 */
export interface SerializedIndex {
  version: 2;
  /**
   * [kind, title, breadcrumb, url, names, members, weight?] per record; the record id is its position. A breadcrumb
   * that ends with the record's title is written without it, ending in the separator (`Docs › Smart charging ›`):
   * two kilobytes of the first stage.
   */
  records: (
    | [SearchKind, string, string, string, string[], string[]]
    | [SearchKind, string, string, string, string[], string[], number]
  )[];
  /**
   * The words of the titles, identifiers and leads, for correcting typos in a query and for the words still being
   * typed; the text's other words come with the passages.
   */
  vocabulary: string[];
  /** Per field, each term with the ids of the records that hold it (the text's come with the passages). */
  postings: { title: string; keywords: string; lead: string };
  /**
   * The pages that explain error messages, one section each (`/docs/errors`): they answer a pasted or described
   * error, and come after the guides for other queries (lib/search/score-reading.ts). Absent: none.
   */
  errorPages?: string[];
}

/**
 * The second stage (`/search-passages.json`): each record's text as sentences, by record id. Results quote
 * their best one or two; phrases (a pasted error message) are found in them.
 */
export interface SerializedPassages {
  version: 2;
  /** How many records the index has: passages of another build are refused. */
  records: number;
  /** The postings of the records' text. */
  content: string;
  /** The words of the text that the first stage's vocabulary does not hold. */
  vocabulary: string[];
  sentences: string[][];
}

/**
 * The browser's check of the downloaded index: its shape, without zod (which would double the search
 * code). The deep check ran at build time, on the same bytes.
 */
export function isSerializedIndex(value: unknown): value is SerializedIndex {
  if (typeof value !== 'object' || value === null) return false;
  const index = value as Record<string, unknown>;
  const postings = index.postings as Record<string, unknown> | null | undefined;
  return (
    index.version === 2 &&
    Array.isArray(index.records) &&
    index.records.every(
      (entry) =>
        Array.isArray(entry) &&
        (entry.length === 6 || (entry.length === 7 && typeof entry[6] === 'number')) &&
        SEARCH_KINDS.includes(entry[0]) &&
        typeof entry[3] === 'string',
    ) &&
    Array.isArray(index.vocabulary) &&
    (index.errorPages === undefined ||
      (Array.isArray(index.errorPages) && index.errorPages.every((url) => typeof url === 'string'))) &&
    typeof postings === 'object' &&
    postings !== null &&
    ['title', 'keywords', 'lead'].every((field) => typeof postings[field] === 'string')
  );
}

/** The browser's check of the downloaded passages, for an index of `records` records. */
export function isSerializedPassages(value: unknown, records: number): value is SerializedPassages {
  if (typeof value !== 'object' || value === null) return false;
  const passages = value as Record<string, unknown>;
  return (
    passages.version === 2 &&
    passages.records === records &&
    typeof passages.content === 'string' &&
    Array.isArray(passages.vocabulary) &&
    Array.isArray(passages.sentences) &&
    passages.sentences.length === records &&
    passages.sentences.every((entry) => Array.isArray(entry) && entry.every((text) => typeof text === 'string'))
  );
}

/** A record as a result needs it (the indexed text stays in the index). */
export type StoredRecord = Pick<SearchRecord, 'kind' | 'title' | 'breadcrumb' | 'url' | 'names' | 'members'> & {
  weight: number;
};

/** What joins a breadcrumb's parts: `Docs › Smart charging › Charge now`. */
export const BREADCRUMB_SEPARATOR = ' › ';
/** The end of a serialized breadcrumb that the record's title ends (the separator without its last space). */
const PACKED_END = BREADCRUMB_SEPARATOR.trimEnd();

/** The breadcrumb as serialized: without the record's title when it ends with it (storedRecord puts it back). */
export function packedBreadcrumb(breadcrumb: string, title: string): string {
  return breadcrumb.endsWith(`${BREADCRUMB_SEPARATOR}${title}`) ? breadcrumb.slice(0, -title.length - 1) : breadcrumb;
}

/**
 * The anchor a heading of plain words gets (`What currentSoC is` → `what-currentsoc-is`, `A sandbox key's queue is
 * full` → `a-sandbox-keys-queue-is-full`): lower case, and only letters, digits, spaces and hyphens, spaces made
 * hyphens. A heading whose anchor is another (a repeated one's `-1`, a letter outside a-z) keeps its URL whole.
 */
const plainAnchor = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

/**
 * The URL as serialized: ending in `#` when its anchor is its title's plain anchor (storedRecord puts it back). Half
 * the records' anchors are, and they weighed 1.9 KB of the first download's gzip (2026-12-03).
 */
export function packedUrl(url: string, title: string): string {
  const hash = url.indexOf('#');
  return hash >= 0 && url.slice(hash + 1) === plainAnchor(title) && plainAnchor(title) !== ''
    ? url.slice(0, hash + 1)
    : url;
}

export function storedRecord(entry: SerializedIndex['records'][number]): StoredRecord {
  const [kind, title, packed, packedLink, names, members, weight = 1] = entry;
  const breadcrumb = packed.endsWith(PACKED_END) ? `${packed} ${title}` : packed;
  const url = packedLink.endsWith('#') ? `${packedLink}${plainAnchor(title)}` : packedLink;
  return { kind, title, breadcrumb, url, names, members, weight };
}
