import path from 'node:path';
import rehypeShiki from '@shikijs/rehype';
import { defineDocumentType, makeSource, type ComputedFields, type FieldDefs } from 'contentlayer2/source-files';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { rehypeShikiOptions } from './lib/content/code-highlight';
import { assertFrontmatter, assertReadmeBody } from './lib/content/frontmatter';
import { lastCommitDate } from './lib/content/git';
import { contentPathToUrl, type Area } from './lib/site/paths';
import { remarkEndpointLinks } from './lib/content/remark-endpoint-links';
import { extractToc } from './lib/content/toc';
import { siteConfigInput } from './lib/site/config';

const CONTENT_DIR = 'content';

/** Frontmatter every page takes; lib/content/frontmatter.ts adds the checks contentlayer cannot express. */
const pageFields: FieldDefs = {
  title: { type: 'string', required: true },
  description: { type: 'string', required: true },
  sidebarLabel: { type: 'string', required: false },
  sidebarPosition: { type: 'number', required: false },
  hideTableOfContents: { type: 'boolean', required: false, default: false },
  hideFooter: { type: 'boolean', required: false, default: false },
  draft: { type: 'boolean', required: false, default: false },
  /** An SDK package whose README.md (packages/{readme}/README.md) is the page's body; the page has none of its own. */
  readme: { type: 'string', required: false },
  /**
   * Words readers search by that a section's own words miss, by the section's anchor (`charge-now: [charge
   * immediately, …]`): the search index counts them as the section's keywords (lib/search/sources.ts).
   */
  searchTerms: { type: 'json', required: false },
};

function pageComputedFields(area: Area): ComputedFields {
  return {
    area: { type: 'string', resolve: () => area },
    docId: {
      type: 'string',
      // Validating here makes `contentlayer2 build` stop on the first bad page, naming file and field.
      resolve: (doc) => {
        assertFrontmatter(doc._raw.sourceFilePath, doc);
        assertReadmeBody(doc._raw.sourceFilePath, doc.readme, doc.body.raw);
        return doc._raw.flattenedPath === '' ? 'index' : doc._raw.flattenedPath;
      },
    },
    url: { type: 'string', resolve: (doc) => contentPathToUrl(doc._raw.flattenedPath) },
    toc: { type: 'json', resolve: (doc) => extractToc(doc.body.raw) },
    lastUpdated: {
      type: 'string',
      resolve: (doc) => lastCommitDate(path.join(CONTENT_DIR, doc._raw.sourceFilePath)) ?? '',
    },
    editUrl: {
      type: 'string',
      resolve: (doc) => `${siteConfigInput.editUrlBase}${CONTENT_DIR}/${doc._raw.sourceFilePath}`,
    },
  };
}

export const DocsPage = defineDocumentType(() => ({
  name: 'DocsPage',
  filePathPattern: '{index.mdx,docs/**/*.mdx}',
  contentType: 'mdx',
  fields: pageFields,
  computedFields: pageComputedFields('docs'),
}));

export const SdkPage = defineDocumentType(() => ({
  name: 'SdkPage',
  filePathPattern: 'sdk/**/*.mdx',
  contentType: 'mdx',
  fields: pageFields,
  computedFields: pageComputedFields('sdk'),
}));

/** `_category_.json` beside the MDX: the label and position of a sidebar category (a folder). */
export const SidebarCategory = defineDocumentType(() => ({
  name: 'SidebarCategory',
  filePathPattern: '**/_category_.json',
  contentType: 'data',
  fields: {
    label: { type: 'string', required: true },
    position: { type: 'number', required: true },
    collapsed: { type: 'boolean', required: false, default: true },
  },
}));

export default makeSource({
  contentDirPath: CONTENT_DIR,
  // The OpenAPI snapshot and the SDK changelogs live in content/ too, but have their own readers
  // (lib/openapi, lib/sdk).
  contentDirExclude: ['openapi', 'changelogs', 'recipes'],
  documentTypes: [DocsPage, SdkPage, SidebarCategory],
  disableImportAliasWarning: true,
  onMissingOrIncompatibleData: 'fail',
  onExtraFieldData: 'fail',
  onUnknownDocuments: 'fail',
  mdx: {
    remarkPlugins: [remarkGfm, remarkEndpointLinks],
    rehypePlugins: [rehypeSlug, [rehypeShiki, rehypeShikiOptions]],
  },
});
