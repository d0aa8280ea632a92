import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'sucrase';
import type { SdkPackage } from '@/lib/sdk/packages';
import { compileWith } from './compile';

/** A named example of a package playground: the reader starts from its code. */
export interface PlaygroundExample {
  /** In the URL: `?example={id}`. */
  id: string;
  title: string;
  code: string;
  /**
   * `code` compiled ahead of time, as the preview frame's compiler would (compile.ts): the frame runs it while the
   * reader's code is the example's own, and loads its compiler only for other code.
   */
  compiled: string;
}

const FILE_NAME = /^(\d+)-([a-z0-9-]+)\.tsx$/;
const TITLE_LINE = /^\/\/ Example: (.+)$/;

/**
 * The examples of a package: `packages/{package}/examples/{n}-{id}.tsx`, in the order of `n`, each
 * starting with a line `// Example: {title}`. They are ordinary TypeScript files of the project, so the
 * type check holds every example to the package's current types. Each is compiled here, on the server, so that
 * the page can send the frame code it runs without its compiler.
 */
export function readExamples(pkg: SdkPackage, root: string = process.cwd()): PlaygroundExample[] {
  const dir = path.join(root, 'packages', pkg, 'examples');
  const files = readdirSync(dir).filter((name) => name.endsWith('.tsx'));
  const examples = files.map((name) => {
    const file = path.join('packages', pkg, 'examples', name);
    const match = FILE_NAME.exec(name);
    if (!match) throw new Error(`[playground] ${file}: name an example {order}-{id}.tsx, such as 1-first-steps.tsx`);
    const code = readFileSync(path.join(dir, name), 'utf8');
    const title = TITLE_LINE.exec(code.split('\n', 1)[0] ?? '')?.[1]?.trim();
    if (!title) throw new Error(`[playground] ${file}:1: an example starts with a line "// Example: {title}"`);
    let compiled: string;
    try {
      compiled = compileWith(transform, code);
    } catch (error) {
      throw new Error(
        `[playground] ${file}: does not compile: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { order: Number(match[1]), id: match[2] ?? '', title, code, compiled };
  });
  if (examples.length === 0)
    throw new Error(
      `[playground] ${path.join('packages', pkg, 'examples')}: no examples; the playground needs at least one`,
    );
  return examples
    .sort((a, b) => a.order - b.order)
    .map(({ id, title, code, compiled }) => ({ id, title, code, compiled }));
}
