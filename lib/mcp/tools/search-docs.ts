import { z } from 'zod';
import { siteConfig } from '../../site';
import type { DocsData } from '../data';
import { LIMITS } from '../limits';
import type { DocsTool } from './tool';

const KINDS = { guide: ['guide', 'sdk'], api: ['api'], schema: ['schema'], sdk: ['type', 'sdk'] } as const;

const inputSchema = {
  query: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.queryChars)
    .describe('What to look for, as a partner would type it: "set ready time", "429", "SpotPriceArea", "SE3".'),
  kind: z
    .enum(['guide', 'api', 'schema', 'sdk'])
    .optional()
    .describe('Only guides, only API operations, only schemas, or only SDK reference pages.'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.results)
    .default(8)
    .describe(`How many results (at most ${LIMITS.results}).`),
};

/**
 * A page's lines that may quote a match (not blank, not a heading), each with its lower-case form: made once per
 * page, since every search would otherwise split and lower-case the whole of each page it quotes.
 */
const quotableLines = new Map<string, readonly { text: string; lower: string }[]>();

function quotable(data: DocsData, url: string): readonly { text: string; lower: string }[] {
  let lines = quotableLines.get(url);
  if (!lines) {
    const twin = data.twins.get(url);
    lines = twin
      ? twin
          .markdown()
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line.length > 0 && !line.startsWith('#'))
          .map((text) => ({ text, lower: text.toLowerCase() }))
      : [];
    // Bounded: one entry per page of the build, which is a fixed set.
    if (twin) quotableLines.set(url, lines);
  }
  return lines;
}

/**
 * The lines of a guide or SDK page that hold any of the query's words (at most three), for a result's context. An
 * operation or schema has its method, path and name in its breadcrumb already; its page, /api, is the whole API.
 */
function matchingLines(data: DocsData, url: string, query: string): string[] {
  if (url.startsWith('/api')) return [];
  const words = query
    .toLowerCase()
    .split(/\W+/)
    .filter((word) => word.length > 2);
  if (words.length === 0) return [];
  const found: string[] = [];
  for (const line of quotable(data, url.split('#')[0] ?? url)) {
    if (!words.some((word) => line.lower.includes(word))) continue;
    found.push(line.text.length > 200 ? `${line.text.slice(0, 200)}…` : line.text);
    if (found.length === 3) break;
  }
  return found;
}

export const searchDocs: DocsTool<typeof inputSchema> = {
  name: 'search_docs',
  title: 'Search the Kilowise docs',
  description:
    "Searches the Kilowise developer docs (guides, API operations, schemas, SDK reference) with the site's own index and ranking. Returns each result's title, kind, URL and the lines that match. Read a result in full with read_page; get an operation's contract with get_operation.",
  inputSchema,
  run(data, { query, kind, limit }) {
    const wanted = kind ? new Set<string>(KINDS[kind]) : undefined;
    const response = data.search.search(query, 50);
    const results = response.results.filter((result) => !wanted || wanted.has(result.record.kind)).slice(0, limit);
    if (results.length === 0)
      return `No results for "${query}"${kind ? ` among ${kind} pages` : ''}. Try fewer or other words, or read ${siteConfig.url}/llms.txt for every page.`;
    const lines = [
      `${results.length} result${results.length === 1 ? '' : 's'} for "${response.correctedQuery ?? query}":`,
      '',
    ];
    results.forEach((result, index) => {
      lines.push(`${index + 1}. **${result.record.title}** (${result.record.kind}) — path: \`${result.url}\``);
      if (result.record.breadcrumb) lines.push(`   ${result.record.breadcrumb}`);
      for (const line of matchingLines(data, result.url, query)) lines.push(`   > ${line}`);
    });
    return lines.join('\n');
  },
};
