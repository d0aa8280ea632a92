import type { MDXComponents } from 'mdx/types';
import { mdxComponents } from '@/components/mdx';
import { ApiPlayground } from '@/components/playground/api-playground';

/** The components of standalone MDX pages in `app/` (served by @next/mdx): the guides' set, and the playground. */
export function useMDXComponents(components: MDXComponents): MDXComponents {
  return { ...components, ...mdxComponents, ApiPlayground };
}
