// The code readers copy compiles against the SDK packages themselves: the @example of every export (the
// TypeDoc pages and the /api samples show them), the TypeScript blocks of every package README (the
// package pages) and of the SDK guides.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SDK_PACKAGES, type SdkPackage } from '../sdk/packages';
import { convertTypedocProject } from './convert';
import type { SdkReference } from './model';
import { runTypedoc } from './run';
import { typecheckSnippets, type Snippet, type SnippetPackage } from './typecheck';

const references = new Map<SdkPackage, SdkReference>();
const exportsOf = new Map<SdkPackage, string[]>();

beforeAll(async () => {
  for (const name of SDK_PACKAGES) {
    const json = await runTypedoc(`packages/${name}/src/index.ts`, `packages/${name}/tsconfig.json`);
    references.set(name, convertTypedocProject(json, { version: '0.0.0', packageName: name }));
    exportsOf.set(
      name,
      (json as { children: { name: string }[] }).children.map((child) => child.name),
    );
  }
}, 120_000);

/** The packages a sample of `name` may use: the package, and the client whose types it names. */
function packagesFor(name: SdkPackage): SnippetPackage[] {
  const names: SdkPackage[] = name === 'kilowise-client' ? [name] : ['kilowise-client', name];
  return names.map((entry) => ({ name: entry, exports: exportsOf.get(entry) ?? [] }));
}

/** The current SDK guides (the 1.x pages describe an older client on purpose). */
function guideFiles(dir = 'content/sdk'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full === 'content/sdk/1.x' ? [] : guideFiles(full);
    return full.endsWith('.mdx') ? [full] : [];
  });
}

/** Imports of modules other than the packages, React and the guides' `./kilowise`: such samples are not ours to check. */
const OTHER_IMPORT = /from '(?!kilowise-(?:client|brands|charts|ui)'|react'|\.\/kilowise')[^']+'/;

/** The ```ts and ```tsx blocks of a Markdown file that use `uses` and import nothing else. */
function codeBlocks(file: string, uses: RegExp): Snippet[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/```tsx?[^\n]*\n([\s\S]*?)```/g)]
    .filter((match) => uses.test(match[1] ?? '') && !OTHER_IMPORT.test(match[1] ?? ''))
    .map((match) => ({ label: `${file}:${text.slice(0, match.index).split('\n').length}`, code: match[1] ?? '' }));
}

describe('SDK samples compile', () => {
  for (const name of SDK_PACKAGES) {
    it(`every @example of ${name}`, () => {
      const reference = references.get(name);
      const examples = [
        ...(reference?.symbols ?? []).flatMap((symbol) =>
          symbol.examples.map((example) => ({ label: `${name} ${symbol.name}`, code: example.code })),
        ),
        ...(reference?.operations ?? []).map((operation) => ({
          label: `${operation.method} (${operation.operationId})`,
          code: operation.example,
        })),
      ];
      expect(examples.length).toBeGreaterThan(name === 'kilowise-client' ? 100 : 8);
      expect(typecheckSnippets(examples, packagesFor(name))).toEqual([]);
    }, 60_000);

    it(`every TypeScript block of packages/${name}/README.md, the package page`, () => {
      const snippets = codeBlocks(`packages/${name}/README.md`, /./);
      expect(snippets.length).toBeGreaterThanOrEqual(2);
      expect(typecheckSnippets(snippets, packagesFor(name))).toEqual([]);
    }, 60_000);
  }

  it('every TypeScript block of the SDK guides that calls the client', () => {
    const snippets = guideFiles().flatMap((file) => codeBlocks(file, /kilowise\.|from 'kilowise-client'/));
    expect(snippets.length).toBeGreaterThan(15);
    expect(typecheckSnippets(snippets, packagesFor('kilowise-client'))).toEqual([]);
  }, 60_000);

  it('reports a sample that calls a method the client does not have, naming it', () => {
    expect(
      typecheckSnippets(
        [{ label: 'Broken', code: "await kilowise.locations.fetchAll({ userId: 'user-4711' });" }],
        packagesFor('kilowise-client'),
      ),
    ).toEqual([
      expect.stringMatching(
        /^Broken \(line 1 of the sample\): Property 'fetchAll' does not exist on type 'LocationsApi'/,
      ),
    ]);
  }, 60_000);

  it('reports a component used with a prop it does not have', () => {
    expect(
      typecheckSnippets(
        [{ label: 'Prop', code: '<SocSlider target={80} maximum={90} onChange={() => undefined} />;' }],
        packagesFor('kilowise-ui'),
      ),
    ).toEqual([expect.stringMatching(/^Prop \(line 1 of the sample\): .*Property 'maximum' does not exist/)]);
  }, 60_000);
});

describe('the package pages document what the packages export', () => {
  for (const name of SDK_PACKAGES.filter((entry) => entry !== 'kilowise-client')) {
    it(`${name}: every name in "What it exports" is an export, and every function and component is on the page`, () => {
      const readme = readFileSync(`packages/${name}/README.md`, 'utf8');
      const section = /^## What it exports\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
      const listed = section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) =>
          [...(line.split('|')[1] ?? '').matchAll(/`([A-Za-z_]\w*)(?:\([^)]*\))?`/g)].map((match) => match[1] ?? ''),
        );
      expect(listed.length, `packages/${name}/README.md has a "What it exports" table`).toBeGreaterThan(1);
      const exported = new Set(exportsOf.get(name));
      expect(
        listed.filter((entry) => !exported.has(entry)),
        `names in packages/${name}/README.md that ${name} does not export`,
      ).toEqual([]);
      const functions = (references.get(name)?.symbols ?? [])
        .filter((symbol) => symbol.kind === 'function')
        .map((symbol) => symbol.name);
      expect(
        functions.filter((entry) => !readme.includes(`\`${entry}`)),
        `exports of ${name} that packages/${name}/README.md never names`,
      ).toEqual([]);
    });
  }
});
