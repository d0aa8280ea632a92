// The code readers copy compiles against kilowise-client itself: the @example of every type and method
// (the TypeDoc pages and the /api samples show them) and the TypeScript blocks of the SDK guides.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertTypedocProject } from './convert';
import type { SdkReference } from './model';
import { runTypedoc } from './run';
import { typecheckSnippets, type Snippet } from './typecheck';

let reference: SdkReference;
let exportedNames: string[];

beforeAll(async () => {
  const json = await runTypedoc('packages/kilowise-client/src/index.ts', 'packages/kilowise-client/tsconfig.json');
  reference = convertTypedocProject(json, { version: '0.0.0' });
  exportedNames = (json as { children: { name: string }[] }).children.map((child) => child.name);
}, 60_000);

/** The current SDK guides that use the client (the 1.x pages describe an older client on purpose). */
function guideFiles(dir = 'content/sdk'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full === 'content/sdk/1.x' ? [] : guideFiles(full);
    return full.endsWith('.mdx') && readFileSync(full, 'utf8').includes('kilowise-client') ? [full] : [];
  });
}

/** Imports of other modules (React, the other SDK packages): such samples are not the client's to check. */
const OTHER_IMPORT = /from '(?!kilowise-client'|\.\/kilowise')[^']+'/;

/** The ```ts blocks of a guide that call the client and import nothing else. */
function guideSnippets(file: string): Snippet[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/```ts[^\n]*\n([\s\S]*?)```/g)]
    .filter((match) => /kilowise\.|from 'kilowise-client'/.test(match[1] ?? '') && !OTHER_IMPORT.test(match[1] ?? ''))
    .map((match) => ({ label: `${file}:${text.slice(0, match.index).split('\n').length}`, code: match[1] ?? '' }));
}

describe('kilowise-client samples compile', () => {
  it('every @example of a type and of a method', () => {
    const examples = [
      ...reference.symbols.flatMap((symbol) => symbol.examples.map((example) => ({ label: symbol.name, code: example.code }))),
      ...reference.operations.map((operation) => ({ label: `${operation.method} (${operation.operationId})`, code: operation.example })),
    ];
    expect(examples.length).toBeGreaterThan(100);
    expect(typecheckSnippets(examples, exportedNames)).toEqual([]);
  }, 60_000);

  it('every TypeScript block of the SDK guides that calls the client', () => {
    const snippets = guideFiles().flatMap(guideSnippets);
    expect(snippets.length).toBeGreaterThan(15);
    expect(typecheckSnippets(snippets, exportedNames)).toEqual([]);
  }, 60_000);

  it('reports a sample that calls a method the client does not have, naming it', () => {
    expect(typecheckSnippets([{ label: 'Broken', code: "await kilowise.locations.fetchAll({ userId: 'user-4711' });" }], exportedNames)).toEqual([
      expect.stringMatching(/^Broken \(line 1 of the sample\): Property 'fetchAll' does not exist on type 'LocationsApi'/),
    ]);
  }, 60_000);
});
