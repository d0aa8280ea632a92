import { z } from 'zod';
import { siteConfig } from '../../site';
import { groupByPage, orderByPage } from '../../search/results';
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

export const searchDocs: DocsTool<typeof inputSchema> = {
  name: 'search_docs',
  title: 'Search the Kilowise docs',
  description:
    "Searches the Kilowise developer docs (guides, API operations, schemas, SDK reference) with the site's own index and ranking. Returns sections grouped by page, each with its title, kind, URL and the passage of it that best matches the query. Read a result in full with read_page; get an operation's contract with get_operation.",
  inputSchema,
  run(data, { query, kind, limit }) {
    const wanted = kind ? new Set<string>(KINDS[kind]) : undefined;
    const response = data.search.search(query, 50);
    const results = orderByPage(
      response.results.filter((result) => !wanted || wanted.has(result.record.kind)).slice(0, limit),
    );
    if (results.length === 0) {
      const closest = data.search.closestWords(query);
      const sections = data.search.closestSections(query);
      return [
        `No results for "${query}"${kind ? ` among ${kind} pages` : ''}. Try fewer or other words, or read ${siteConfig.url}/llms.txt for every page.`,
        ...(closest.length > 0 ? [`The closest words in these docs: ${closest.join(', ')}.`] : []),
        ...(sections.length > 0
          ? [
              'The closest sections:',
              ...sections.map((result) => `- **${result.record.title}** — path: \`${result.url}\``),
            ]
          : []),
      ].join('\n');
    }
    const lines = [
      `${results.length} result${results.length === 1 ? '' : 's'} for "${response.correctedQuery ?? query}":`,
      '',
    ];
    let number = 0;
    for (const group of groupByPage(results)) {
      lines.push(`## ${group.page.label}`);
      for (const result of group.results) {
        number += 1;
        lines.push(`${number}. **${result.record.title}** (${result.record.kind}) — path: \`${result.url}\``);
        const passage = result.passage ?? data.search.passageOf(result, response.terms);
        if (passage) lines.push(`   > ${passage}`);
      }
      lines.push('');
    }
    return lines.join('\n');
  },
};
