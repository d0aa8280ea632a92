/** Class names on <html> that say what kind of page is shown, for styling and for tests. */
export const PAGE_TYPE_CLASS_NAMES = {
  blogList: 'blog-list-page',
  blogPost: 'blog-post-page',
  blogTags: 'blog-tags-post-list-page',
  docsDoc: 'docs-doc-page',
  docsTags: 'docs-tags-doc-list-page',
  standalone: 'standalone-page',
} as const;

export type PageType = keyof typeof PAGE_TYPE_CLASS_NAMES;
