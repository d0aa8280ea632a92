import 'server-only';
import rehypeShiki from '@shikijs/rehype';
import { compileMDX } from 'next-mdx-remote/rsc';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { rehypeShikiOptions } from '@/lib/content/code-highlight';
import { remarkEndpointLinks } from '@/lib/content/remark-endpoint-links';
import { readPackageReadme } from '@/lib/sdk/readme';
import type { SdkPackage } from '@/lib/sdk/packages';
import { mdxComponents } from './index';

/**
 * A package's README.md as the body of its page, rendered with next-mdx-remote and the site's MDX
 * components and code highlighting, so the README npm shows and the page never drift. The README links
 * to pages of the site with absolute URLs (they work on npm); the link component makes them local.
 */
export async function PackageReadme({ name }: { name: SdkPackage }) {
  const readme = readPackageReadme(name);
  try {
    const { content } = await compileMDX({
      source: readme.source,
      components: mdxComponents,
      options: {
        mdxOptions: {
          remarkPlugins: [remarkGfm, remarkEndpointLinks],
          rehypePlugins: [rehypeSlug, [rehypeShiki, rehypeShikiOptions]],
        },
      },
    });
    return content;
  } catch (error) {
    const place = /\((\d+):(\d+)/.exec(error instanceof Error ? error.message : '');
    const at = place ? `${readme.file}:${Number(place[1]) + readme.offsetLines}` : readme.file;
    throw new Error(`${at}: the README is not valid MDX: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
