// The code blocks of the guides (content/**/*.mdx), read with the same Markdown parser as the site, for the test
// that runs every one that calls the API against the sandbox server.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Code, Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

export interface GuideBlock {
  file: string;
  /** The line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  title?: string;
  /**
   * Why the block does not run on its own (`norun="…"` in its fence): a fragment that needs a real user's consent,
   * a loop that waits for hardware, an older client. Skipped, with the reason kept in the content.
   */
  norun?: string;
  /**
   * Error statuses the block shows how to handle (`expect="404"` in its fence): the sandbox answering them is what
   * the block is about, not a failure.
   */
  expect?: number[];
  /**
   * What the test runs after a block that only defines a function (`run="await linkWallbox(…)"` in its fence): the
   * call a reader's app would make, with the example's values.
   */
  run?: string;
}

/** A fence's `name="value"` attribute. */
const attribute = (meta: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(meta)?.[1];

function mdxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return mdxFiles(full);
    return full.endsWith('.mdx') ? [full] : [];
  });
}

/** Every fenced block of every guide, in page order. */
export function guideBlocks(root = 'content'): GuideBlock[] {
  return mdxFiles(root)
    .sort()
    .flatMap((file) => {
      const tree = unified().use(remarkParse).use(remarkMdx).parse(readFileSync(file, 'utf8')) as Root;
      const blocks: GuideBlock[] = [];
      visit(tree, 'code', (node: Code) => {
        const meta = node.meta ?? '';
        blocks.push({
          file,
          line: node.position?.start.line ?? 0,
          lang: node.lang ?? '',
          code: node.value,
          title: attribute(meta, 'title'),
          norun: attribute(meta, 'norun'),
          expect: attribute(meta, 'expect')?.split(',').map(Number),
          run: attribute(meta, 'run'),
        });
      });
      return blocks;
    });
}

/**
 * The languages whose blocks run, by the fence's language: a bash block as curl, TypeScript through tsx, and the
 * request sample languages as whole programs, as the samples on `/api` are (a Go `main` package, a Java `Main` class,
 * a C# `Program` class, a Kotlin `main`; see scripts/testing/sample-batch.ts).
 */
export const RUNNABLE_LANGS: Record<
  string,
  'curl' | 'ts' | 'python' | 'go' | 'java' | 'csharp' | 'php' | 'ruby' | 'kotlin'
> = {
  bash: 'curl',
  sh: 'curl',
  shell: 'curl',
  ts: 'ts',
  typescript: 'ts',
  python: 'python',
  py: 'python',
  go: 'go',
  java: 'java',
  csharp: 'csharp',
  cs: 'csharp',
  'c#': 'csharp',
  php: 'php',
  ruby: 'ruby',
  rb: 'ruby',
  kotlin: 'kotlin',
  kt: 'kotlin',
};

/** Whether a block calls the API: it names the API's server, the SDK's client, or the guides' fetch helper. */
export function callsApi(block: GuideBlock, serverUrl: string): boolean {
  if (RUNNABLE_LANGS[block.lang] === 'curl') return block.code.includes('curl') && block.code.includes(serverUrl);
  return block.code.includes(serverUrl) || /\bkilowise\.\w|\bkilowiseFetch\(|new KilowiseClient\(/.test(block.code);
}
