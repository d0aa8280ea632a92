// The TypeScript of the guides (content/docs) compiles against kilowise-client's own signatures (#54), as the SDK
// pages' does in lib/typedoc/examples.test.ts: a guide once called `isChargerOnline(status)` while the signature
// asked for a time too. The guides' fetch helper, `./kilowise-fetch`, is the one the Account guide defines.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { guideBlocks, RUNNABLE_LANGS } from '../../scripts/testing/guide-blocks';
import { runTypedoc } from '../typedoc/run';
import { typecheckSnippets, type Snippet, type SnippetPackage } from '../typedoc/typecheck';

const HELPER_PAGE = 'content/docs/account.mdx';
const HELPER_IMPORT = /^import \{ kilowiseFetch \} from '\.\/kilowise-fetch';$/m;

let client: SnippetPackage;

/** The guides under content/docs, each file once. */
function guidePages(dir = 'content/docs'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return guidePages(full);
    return full.endsWith('.mdx') ? [full] : [];
  });
}

/** Every TypeScript block of the guides, its import of the fetch helper replaced by the helper itself. */
function guideSnippets(): Snippet[] {
  const blocks = guideBlocks('content/docs').filter((block) => RUNNABLE_LANGS[block.lang] === 'ts');
  const helper = blocks.find((block) => block.file === HELPER_PAGE && block.title === 'kilowise-fetch.ts');
  if (!helper) throw new Error(`${HELPER_PAGE} defines no kilowise-fetch.ts`);
  const inlined = helper.code.replace(/^export /m, '');
  return blocks
    .filter((block) => block !== helper)
    .map((block) => ({ label: `${block.file}:${block.line}`, code: block.code.replace(HELPER_IMPORT, inlined) }));
}

describe('the TypeScript of the guides compiles against kilowise-client', () => {
  beforeAll(async () => {
    const json = await runTypedoc('packages/kilowise-client/src/index.ts', 'packages/kilowise-client/tsconfig.json');
    client = {
      name: 'kilowise-client',
      exports: (json as { children: { name: string }[] }).children.map((child) => child.name),
    };
  }, 120_000);

  it('every TypeScript block of every guide', () => {
    const snippets = guideSnippets();
    expect(new Set(snippets.map((snippet) => snippet.label.split(':')[0])).size).toBeGreaterThan(5);
    expect(guidePages().length).toBeGreaterThan(10);
    // A guide's own type of a fetch answer (`interface VehicleStatus`) keeps its name: the SDK's of the same name
    // is left out of the import every sample gets.
    const declared = new Set(
      snippets.flatMap((snippet) =>
        [...snippet.code.matchAll(/^(?:export )?(?:interface|type|class|enum|const|function) (\w+)/gm)].map(
          (match) => match[1] ?? '',
        ),
      ),
    );
    const own = { ...client, exports: client.exports.filter((name) => !declared.has(name)) };
    expect(typecheckSnippets(snippets, [own])).toEqual([]);
  }, 120_000);

  it('reports a guide block that leaves out an argument the signature requires (/docs/chargers)', () => {
    const broken: Snippet = {
      label: 'content/docs/chargers.mdx:100',
      code: "const status = await kilowise.devices.getOcppChargerStatus();\nconsole.log(status.heartbeatTimestamp);",
    };
    expect(typecheckSnippets([broken], [client])).toEqual([
      expect.stringMatching(/^content\/docs\/chargers\.mdx:100 \(line 1 of the sample\): Expected 1-2 arguments, but got 0/),
    ]);
  }, 60_000);
});
