import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getAllPages } from '../content';
import { breadcrumbTrail } from '../site/sidebar';
import { AREA_LABELS, docsVersions, sidebarForUrl } from '../navigation';
import { getApiModel } from '../openapi';
import { API_CHANGELOG_DESCRIPTION, API_CHANGELOG_URL, readApiChangelog } from '../openapi/changelog';
import { PLAYGROUND_PAGES } from '../package-playground/pages';
import { getRecipes } from '../recipes';
import { RECIPES_DESCRIPTION } from '../recipes/pages';
import { RECIPES_URL, recipeUrl } from '../recipes/urls';
import { CHANGE_KINDS, getChangelog, playgroundUrl, SDK_PACKAGES, versionsUrl } from '../sdk';
import { getSdkReferences } from '../typedoc';
import { parseWith } from '../validation';
import { versionOfPath } from '../site/versions';
import { serializeIndex, serializePassages } from './engine';
import type { SearchRecord, SerializedIndex, SerializedPassages } from './records';
import { serializedIndexSchema, serializedPassagesSchema } from './schema';
import { apiRecords, guideRecords, mdxProse, pageRecord, typedocRecords } from './sources';

let cached: SerializedIndex | undefined;
let cachedPassages: SerializedPassages | undefined;
let cachedRecords: SearchRecord[] | undefined;

/** How much a result from an older docs version counts against a current one. */
const OLDER_VERSION_WEIGHT = 0.6;
/**
 * The error messages' reference quotes every message in a short section, so it holds many words of many tasks: it
 * ranks below a guide's section for the same words, and first for a pasted message, which matches it as a phrase.
 */
const ERRORS_PAGE = '/docs/errors';
const REFERENCE_PAGES = new Map([[ERRORS_PAGE, 0.8]]);
/**
 * Sections that point elsewhere: a page's "Next steps" names the tasks of the pages it links, a sentence each, so
 * it holds the words of many queries and answers none of them. It stays findable, below the sections it points to.
 */
const SIGNPOST_TITLES = new Set(['next steps']);
const SIGNPOST_WEIGHT = 0.5;

/** A guide record's weight: its page's (an older version's, the errors reference's), less for a signpost section. */
function guideWeight(record: SearchRecord, pageWeight: number | undefined): number | undefined {
  const signpost = SIGNPOST_TITLES.has(record.title.toLowerCase()) ? SIGNPOST_WEIGHT : undefined;
  if (signpost === undefined) return pageWeight;
  return Math.min(signpost, pageWeight ?? 1);
}

function trailOf(area: 'docs' | 'sdk', url: string): string[] {
  // Pages of an older version say so: "SDK 1.x › Getting started".
  const version = versionOfPath(docsVersions, url);
  const label = version && !version.current ? `${AREA_LABELS[area].label} ${version.label}` : AREA_LABELS[area].label;
  return [label, ...breadcrumbTrail(sidebarForUrl(url), url).map((crumb) => crumb.label)];
}

/** Every record of the site: guide and SDK sections, operations, schemas, SDK types, versions pages. */
export function siteSearchRecords(): SearchRecord[] {
  // Drafts (built in previews) stay out of search.
  const guides = getAllPages()
    .filter((page) => !page.draft)
    .flatMap((page) => {
      const records = guideRecords({
        kind: page.area === 'sdk' ? 'sdk' : 'guide',
        url: page.url,
        title: page.title,
        body: page.body,
        trail: trailOf(page.area, page.url),
        description: page.description,
        searchTerms: page.searchTerms,
        source: `content/${page.sourceFilePath}`,
      });
      // Pages of an older docs version stay findable, below their current counterparts.
      const version = versionOfPath(docsVersions, page.url);
      const pageWeight = version && !version.current ? OLDER_VERSION_WEIGHT : REFERENCE_PAGES.get(page.url);
      return records.map((record) => {
        const weight = guideWeight(record, pageWeight);
        return weight === undefined ? record : { ...record, weight };
      });
    });
  const versions = SDK_PACKAGES.map((name) => {
    const changelog = getChangelog(name);
    const text = changelog.releases
      .map((release) =>
        [release.version, release.summary ?? '', ...CHANGE_KINDS.flatMap((kind) => release[kind] ?? [])].join(' '),
      )
      .join(' ');
    return pageRecord({
      kind: 'sdk',
      url: versionsUrl(name),
      title: `${name} versions`,
      trail: trailOf('sdk', versionsUrl(name)),
      text: `Releases and changelog of ${name}. Current release ${changelog.current}. ${text}`,
      keywords: `${name} changelog releases`,
    });
  });
  const packagePlaygrounds = SDK_PACKAGES.map((name) =>
    pageRecord({
      kind: 'sdk',
      url: playgroundUrl(name),
      title: `${name} playground`,
      trail: trailOf('sdk', playgroundUrl(name)),
      text: PLAYGROUND_PAGES[name].intro,
      keywords: `${name} playground live editor example try`,
    }),
  );
  const changelog = readApiChangelog();
  const changelogRecord = pageRecord({
    kind: 'guide',
    url: API_CHANGELOG_URL,
    title: 'API changelog',
    trail: trailOf('docs', API_CHANGELOG_URL),
    text: `${API_CHANGELOG_DESCRIPTION} ${changelog.releases.map((release) => [release.version, release.summary ?? '', ...release.changes.map((change) => change.text)].join(' ')).join(' ')}`,
    keywords: 'api changelog versions releases breaking changes what changed',
  });
  return [
    ...guides,
    changelogRecord,
    ...recipeRecords(),
    ...versions,
    ...packagePlaygrounds,
    playgroundRecord(),
    ...apiRecords(getApiModel()),
    ...getSdkReferences().flatMap(typedocRecords),
  ];
}

/** The recipes list, and each recipe with its description, its steps' descriptions and the operations it calls. */
function recipeRecords(): SearchRecord[] {
  const recipes = getRecipes();
  return [
    pageRecord({
      kind: 'guide',
      url: RECIPES_URL,
      title: 'Recipes',
      trail: trailOf('docs', RECIPES_URL),
      text: `${RECIPES_DESCRIPTION} ${recipes.map((recipe) => `${recipe.title}. ${recipe.summary}`).join(' ')}`,
      keywords: 'recipes workflows arazzo flows tutorial end to end',
    }),
    ...recipes.map((recipe) => {
      const url = recipeUrl(recipe.workflow.workflowId);
      const steps = recipe.workflow.steps;
      return pageRecord({
        kind: 'guide',
        url,
        title: recipe.title,
        trail: trailOf('docs', url),
        text: [recipe.summary, recipe.workflow.description, ...steps.map((step) => step.description ?? '')].join(' '),
        keywords: [
          'recipe workflow',
          ...steps.map((step) => step.operationId),
          ...Object.keys(recipe.workflow.inputs.properties),
        ].join(' '),
      });
    }),
  ];
}

/** The playground page's prose, read from its MDX as the guides are. */
function playgroundRecord(): SearchRecord {
  const file = path.join(process.cwd(), 'app', 'playground', 'page.mdx');
  return pageRecord({
    kind: 'guide',
    url: '/playground',
    title: 'API playground',
    trail: ['Playground'],
    text: mdxProse(readFileSync(file, 'utf8')),
    keywords: 'playground sandbox try it live api key mock',
  });
}

const records = () => (cachedRecords ??= siteSearchRecords());

/** The serialized first stage of the index, built once per build. */
export function getSiteSearchIndex(): SerializedIndex {
  cached ??= parseWith(
    serializedIndexSchema,
    serializeIndex(records(), [ERRORS_PAGE]),
    'the search index (lib/search/site.ts)',
  );
  return cached;
}

/** The serialized second stage (the text's terms and the passages), built once per build from the same records. */
export function getSitePassages(): SerializedPassages {
  cachedPassages ??= parseWith(
    serializedPassagesSchema,
    serializePassages(records()),
    'the search passages (lib/search/site.ts)',
  );
  return cachedPassages;
}
