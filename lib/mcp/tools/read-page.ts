import { z } from 'zod';
import { siteConfig } from '../../site';
import { cut, LIMITS, unknown } from '../limits';
import type { DocsTool } from './tool';

const inputSchema = {
  path: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.pathChars)
    .describe(
      'The page\'s path, as search_docs gives it: "/docs/smart-charging", "/api", "/sdk/packages/kilowise-client/typedoc/interfaces/VehiclePreferences". A full URL or a trailing ".md" works too.',
    ),
};

/** "/docs/x", "https://…/docs/x.md", "docs/x#anchor" → "/docs/x". */
export function pagePath(input: string): string {
  let value = input.trim();
  try {
    if (/^https?:\/\//i.test(value)) value = new URL(value).pathname;
  } catch (error) {
    // Not a URL after all: read it as a path.
    if (!(error instanceof TypeError)) throw error;
  }
  value = value.split('#')[0]?.split('?')[0] ?? '';
  value = `/${value.replace(/^\/+/, '')}`.replace(/\.md$/, '').replace(/\/+$/, '');
  return value === '' || value === '/index' ? '/' : value;
}

export const readPage: DocsTool<typeof inputSchema> = {
  name: 'read_page',
  title: 'Read a docs page',
  description:
    'Returns a page of the Kilowise docs as Markdown (its twin at the same URL plus .md). "/api" is the whole API reference; get_operation is shorter for one operation.',
  inputSchema,
  run(data, { path }) {
    const url = pagePath(path);
    const twin = data.twins.get(url);
    if (!twin) throw unknown('page', url, [...data.twins.keys()]);
    return cut(
      twin.markdown(),
      `Read the rest at ${siteConfig.url}${url === '/' ? '/index' : url}.md, or ask get_operation / get_schema for one part.`,
    );
  },
};
