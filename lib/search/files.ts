// Where the build puts the search index's two files (scripts/build-search-index.ts), and how the browser learns it.
// The files live under public/generated/search/{hash}/, named by a hash of their content, so each build of the
// site (the e2e suite makes several beside each other) reads its own and a CDN may cache them for good. The build
// writes the URLs to SEARCH_FILES_PATH, and next.config.mjs inlines them into the browser's code.

/** Written by the search step; read by next.config.mjs. */
export const SEARCH_FILES_PATH = '.generated/search-files.json';

/** The first stage (records, vocabulary, titles' identifiers' and leads' postings) and the second (text, passages). */
export interface SearchFiles {
  index: string;
  passages: string;
}

/** The URLs of one build's files, by the hash of their content. */
export const searchFileUrls = (hash: string): SearchFiles => ({
  index: `/generated/search/${hash}/index.json`,
  passages: `/generated/search/${hash}/passages.json`,
});
