import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RootContent, TableRow } from 'mdast';
import { getAllPages } from '../content';
import { getApiModel, getOperationById } from '../openapi';
import {
  API_CHANGELOG_DESCRIPTION,
  API_CHANGELOG_URL,
  apiChangelogToMarkdown,
  readApiChangelog,
} from '../openapi/changelog';
import { readExamples } from '../package-playground/examples';
import { getOperationContract } from '../contract';
import { getRecipes } from '../recipes';
import { recipeListToMarkdown, recipeToMarkdown } from '../recipes/markdown';
import { RECIPES_DESCRIPTION } from '../recipes/pages';
import { RECIPES_URL, recipeUrl } from '../recipes/urls';
import { PLAYGROUND_PAGES } from '../package-playground/pages';
import { getChangelog, playgroundUrl, SDK_PACKAGES, versionsUrl } from '../sdk';
import { siteConfig } from '../site';
import { getSdkReference, getSdkReferences, typedocBase } from '../typedoc';
import { firstSentence } from '../typedoc/model';
import { apiToMarkdown } from './api';
import { mdxToMarkdown } from './mdx';
import { changelogToMarkdown, symbolToMarkdown, typedocIndexToMarkdown } from './sdk';
import { twinUrl } from './urls';
import { wireMethod } from '../openapi/methods';

export { pageUrlOfTwin, twinUrl } from './urls';

/** The areas of `/llms.txt`, in its order. */
export const TWIN_SECTIONS = ['Docs', 'Recipes', 'SDK', 'API'] as const;
export type TwinSection = (typeof TWIN_SECTIONS)[number];

/** A page of the site and its Markdown twin at `{url}.md` (`/index.md` for the home page). */
export interface MarkdownTwin {
  url: string;
  title: string;
  description: string;
  section: TwinSection;
  markdown: () => string;
  /** A draft page (built only in previews): it has a twin, but llms.txt leaves it out, as the sitemap does. */
  draft?: boolean;
}

const cell = (text: string): RootContent[] => [{ type: 'text', value: text }] as RootContent[];

/** `<ClientMethodTable />` as a Markdown table: each kilowise-client method and the operation it calls. */
function clientMethodTable(): RootContent[] {
  const rows: TableRow[] = getSdkReference()
    .operations.toSorted((a, b) => a.method.localeCompare(b.method))
    .map((method) => {
      const operation = getOperationById(method.operationId);
      return {
        type: 'tableRow',
        children: [
          {
            type: 'tableCell',
            children: [
              { type: 'inlineCode', value: `kilowise.${method.method}()` },
              ...(method.deprecated ? [{ type: 'text' as const, value: ' (deprecated)' }] : []),
            ],
          },
          {
            type: 'tableCell',
            children: operation
              ? [
                  {
                    type: 'link',
                    url: `${siteConfig.url}/api#operation/${operation.operationId}`,
                    children: [{ type: 'inlineCode', value: `${wireMethod(operation.method)} ${operation.path}` }],
                  },
                ]
              : [],
          },
          { type: 'tableCell', children: cell(operation?.summary ?? '') as never },
        ],
      };
    });
  const head: TableRow = {
    type: 'tableRow',
    children: ['Method', 'Calls', 'Operation'].map((label) => ({ type: 'tableCell', children: cell(label) as never })),
  };
  return [{ type: 'table', children: [head, ...rows] }];
}

const page = (title: string, description: string, body: string) => `# ${title}\n\n> ${description}\n\n${body}`.trim();

let cached: MarkdownTwin[] | undefined;

/** Every page of the sitemap, with its Markdown twin (each twin's Markdown is made when asked for). */
export function markdownTwins(): MarkdownTwin[] {
  cached ??= collectTwins();
  return cached;
}

/** The guides, the SDK's pages among them. */
function guideTwins(siteUrl: string): MarkdownTwin[] {
  const components = { ClientMethodTable: clientMethodTable };
  return getAllPages().map((entry): MarkdownTwin => ({
    url: entry.url,
    title: entry.title,
    description: entry.description,
    section: entry.area === 'sdk' ? 'SDK' : 'Docs',
    draft: entry.draft,
    markdown: () => page(entry.title, entry.description, mdxToMarkdown(entry.body, { siteUrl, components })),
  }));
}

/** Each package's TypeDoc index and a page per symbol. */
function typedocTwins(siteUrl: string): MarkdownTwin[] {
  return getSdkReferences().flatMap((reference): MarkdownTwin[] => [
    {
      url: typedocBase(reference.packageName),
      title: `${reference.packageName} reference`,
      description: `Every export of ${reference.packageName}, generated with TypeDoc from its source.`,
      section: 'SDK',
      markdown: () => typedocIndexToMarkdown(reference, siteUrl),
    },
    ...reference.symbols.map((symbol): MarkdownTwin => ({
      url: symbol.url,
      title: `${symbol.name} (${reference.packageName})`,
      description: symbol.description ? firstSentence(symbol.description.text) : symbol.name,
      section: 'SDK',
      markdown: () => symbolToMarkdown(symbol, reference, siteUrl),
    })),
  ]);
}

/** Each package's playground, with its examples, and its versions. */
function packageTwins(): MarkdownTwin[] {
  return SDK_PACKAGES.flatMap((name): MarkdownTwin[] => [
    {
      url: playgroundUrl(name),
      title: `${name} playground`,
      description: PLAYGROUND_PAGES[name].description,
      section: 'SDK',
      markdown: () =>
        page(
          `${name} playground`,
          PLAYGROUND_PAGES[name].description,
          [
            PLAYGROUND_PAGES[name].intro,
            ...readExamples(name).map((example) => `## ${example.title}\n\n\`\`\`tsx\n${example.code.trim()}\n\`\`\``),
          ].join('\n\n'),
        ),
    },
    {
      url: versionsUrl(name),
      title: `${name} versions`,
      description: `Every release of ${name}: dates, supported API, Node.js and React versions, and what changed.`,
      section: 'SDK',
      markdown: () => changelogToMarkdown(getChangelog(name)),
    },
  ]);
}

/** The API reference and the API playground. */
function apiTwins(siteUrl: string): MarkdownTwin[] {
  const playgroundSource = () =>
    readFileSync(path.join(process.cwd(), 'app', 'playground', 'page.mdx'), 'utf8').replace(/^# .*$/m, '');
  return [
    {
      url: '/api',
      title: 'API reference',
      description:
        'Every operation of the Kilowise partner API: parameters, request and response bodies, errors and a sample.',
      section: 'API',
      markdown: () => apiToMarkdown(getApiModel(), siteUrl),
    },
    {
      url: '/playground',
      title: 'API playground',
      description: 'Call every operation of the partner API from the browser, against a sandbox or the live API.',
      section: 'API',
      markdown: () =>
        page(
          'API playground',
          'Call every operation of the partner API from the browser, against a sandbox or the live API.',
          mdxToMarkdown(playgroundSource(), { siteUrl }),
        ),
    },
  ];
}

/** The recipes' list and each recipe. */
function recipeTwins(siteUrl: string): MarkdownTwin[] {
  const recipes = getRecipes();
  return [
    {
      url: RECIPES_URL,
      title: 'Recipes',
      description: RECIPES_DESCRIPTION,
      section: 'Recipes',
      markdown: () => recipeListToMarkdown(recipes, siteUrl),
    },
    ...recipes.map((recipe): MarkdownTwin => ({
      url: recipeUrl(recipe.workflow.workflowId),
      title: recipe.title,
      description: recipe.summary,
      section: 'Recipes',
      markdown: () => recipeToMarkdown(recipe, getOperationContract(), siteUrl),
    })),
  ];
}

/** The API's changelog. */
function changelogTwin(siteUrl: string): MarkdownTwin {
  return {
    url: API_CHANGELOG_URL,
    title: 'API changelog',
    description: API_CHANGELOG_DESCRIPTION,
    section: 'Docs',
    markdown: () => apiChangelogToMarkdown(readApiChangelog(), getApiModel().version, siteUrl),
  };
}

/** Every page's twin, in llms-full.txt's order. */
function collectTwins(): MarkdownTwin[] {
  const siteUrl = siteConfig.url;
  const guides = guideTwins(siteUrl);
  const typedoc = typedocTwins(siteUrl);
  const packages = packageTwins();
  const api = apiTwins(siteUrl);
  const recipes = recipeTwins(siteUrl);
  const changelog = changelogTwin(siteUrl);
  return [...guides, changelog, ...recipes, ...typedoc, ...packages, ...api];
}

/** `/llms.txt`: the site, then a section per area listing every page's twin with its description. */
export function llmsTxt(twins: readonly MarkdownTwin[]): string {
  const lines = [
    `# ${siteConfig.title}`,
    '',
    `> ${siteConfig.tagline}: guides to the Kilowise partner API (smart charging, smart heating, spot prices, locations, tariffs, vehicle and charger integrations), the four SDK packages and the API reference. Every page is also Markdown at its URL plus \`.md\`; ${siteConfig.url}/llms-full.txt holds them all.`,
    '',
    `The API contract itself (OpenAPI ${getApiModel().openapi}), for client generators: ${siteConfig.url}/openapi.json and ${siteConfig.url}/openapi.yaml`,
    '',
    `Coding agents can also use the docs' MCP server (Streamable HTTP, no key): ${siteConfig.url}/mcp, with the tools search_docs, read_page, get_operation, get_schema, get_sdk_symbol, sandbox_request, list_recipes and run_recipe. How to connect Claude Code, Cursor or VS Code: ${siteConfig.url}/docs/ai.md`,
    '',
  ];
  for (const section of TWIN_SECTIONS) {
    lines.push(`## ${section}`, '');
    for (const twin of twins.filter((entry) => entry.section === section && !entry.draft)) {
      lines.push(`- [${twin.title}](${siteConfig.url}${twinUrl(twin.url)}): ${twin.description.replace(/\s+/g, ' ')}`);
    }
    lines.push('');
  }
  return lines.join('\n').trim() + '\n';
}

/** `/llms-full.txt`: every twin, one after another, each with its URL. */
export function llmsFullTxt(twins: readonly MarkdownTwin[]): string {
  return twins
    .filter((twin) => !twin.draft)
    .map((twin) => `${twin.markdown()}\n\nSource: ${siteConfig.url}${twin.url === '/' ? '' : twin.url}\n`)
    .join('\n---\n\n');
}
