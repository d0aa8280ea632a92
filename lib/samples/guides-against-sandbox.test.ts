// Every code block of the guides that calls the API (curl in bash, TypeScript, Python, Go, Java, C#, PHP, Ruby and
// Kotlin) runs against the sandbox server, page by page in reading order with one API key a page (so a page's blocks
// build on each other as a reader's would). Only the server URL changes; a block in a compiled language is a whole
// program, compiled once with the other blocks of its language (scripts/testing/sample-batch.ts). A block that is a fragment on purpose says why in its fence
// (`norun="…"`) and is skipped; one that shows how to handle an error status says which (`expect="404"`). A failure
// names the page, the line and the language.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsApi, guideBlocks, RUNNABLE_LANGS, type GuideBlock } from '../../scripts/testing/guide-blocks';
import { ensurePython } from '../../scripts/testing/python';
import { inPool, runFailure, runSample, type CompiledLanguage } from '../../scripts/testing/run-sample';
import { prepareSamples, type SampleBatch } from '../../scripts/testing/sample-batch';
import { ensureToolchains } from '../../scripts/testing/toolchains';
import { snapshotContract } from '../contract/snapshot';
import { createSandboxServer } from '../sandbox/server';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import { httpSample, type SampleRequest } from './http';
import type { HttpLanguageId } from './languages';

let server: Server;
let base: string;
let serverUrl: string;
let python: string;
/** Every status the server sent, by API key, in order. */
const statuses = new Map<string, number[]>();
let workDir: string;
/** tsx's loader, by its file URL: the blocks run from a folder of their own. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

beforeAll(async () => {
  const contract = await snapshotContract();
  serverUrl = contract.serverUrl;
  python = ensurePython();
  ensureToolchains(['go', 'java', 'csharp', 'php', 'ruby', 'kotlin']);
  server = createSandboxServer(contract, { log: () => {} });
  server.on('request', (request, response) => {
    const key = String(request.headers['x-api-key'] ?? '');
    response.on('finish', () => statuses.set(key, [...(statuses.get(key) ?? []), response.statusCode]));
  });
  base = await listenOnLoopback(server);
  // Inside the project, so that the TypeScript blocks resolve kilowise-client and tsx as the site does.
  mkdirSync('.generated', { recursive: true });
  workDir = mkdtempSync(path.resolve('.generated', 'guide-runs-'));
}, 120_000);

afterAll(async () => {
  await Promise.all([...compiled.values()].map(({ batch }) => batch.close()));
  rmSync(workDir, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

/** The modules the guides' TypeScript imports from `./…`, as the guides define them (by their fence's title). */
function guideModules(blocks: readonly GuideBlock[]): Map<string, string> {
  const modules = new Map<string, string>();
  for (const block of blocks) {
    if (
      RUNNABLE_LANGS[block.lang] === 'ts' &&
      block.title &&
      /^[\w-]+\.ts$/.test(block.title) &&
      /^export /m.test(block.code) &&
      !block.file.includes('/1.x/')
    ) {
      modules.set(block.title, block.code);
    }
  }
  return modules;
}

/**
 * What a TypeScript block may use without defining it, as a reader's code would already hold it: the user's ids and
 * a few callbacks of the reader's own app. Only the names a block uses and does not declare are defined.
 */
const RUNTIME_NAMES: Record<string, string> = {
  kilowise: "import { kilowise } from './kilowise.ts';",
  charger: "const charger = { id: 'dev-77a0d2' };",
  deviceId: "const deviceId = 'dev-5b1f0c';",
  authCode: "const authCode = 'sandbox-authorization-code';",
  redirectUrl: "const redirectUrl = 'https://partner.example/kilowise/callback';",
  password: "const password = process.env.WALLBOX_PASSWORD ?? 'sandbox-password';",
  save: 'const save = (value: unknown) => void value;',
  alertInstaller: 'const alertInstaller = () => {};',
  remindToPlugIn: 'const remindToPlugIn = () => {};',
  showNextChargeTime: 'const showNextChargeTime = () => {};',
  showWallboxHelp: 'const showWallboxHelp = () => {};',
  showOcppSetupSteps: 'const showOcppSetupSteps = () => {};',
  showGridHelpBadge: 'const showGridHelpBadge = () => {};',
};

/** Whether `code` uses `name` as a free variable (not as `x.name`), without declaring or importing it. */
function usesUndeclared(code: string, name: string): boolean {
  if (!new RegExp(`(?<![.\\w$])${name}\\b(?!\\s*:)`).test(code)) return false;
  const declared = [
    `\\b(const|let|var|function)\\s+${name}\\b`,
    `\\b(const|let|var)\\s*[{[][^=]*\\b${name}\\b`,
    `^import\\s+(type\\s+)?(\\w+\\s*,\\s*)?(\\{[^}]*\\b${name}\\b[^}]*\\}|${name}\\b)`,
    `\\(([^)]*\\b)?${name}\\b[^)]*\\)\\s*(:[^=]*)?=>`,
  ];
  return !declared.some((pattern) => new RegExp(pattern, 'm').test(code));
}

/** Sends every request for the API's server to the sandbox: the one change a guide's TypeScript gets. */
const PRELUDE = (sandbox: string, api: string) => `
const realFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  const to = url.startsWith(${JSON.stringify(api)}) ? ${JSON.stringify(sandbox)} + url.slice(${JSON.stringify(api.length)}) : url;
  return realFetch(input instanceof Request ? new Request(to, input) : to, init);
};
export {};
`;

/** The guides' imports as a partner's project resolves them: the SDK packages installed, `./kilowise` beside. */
const resolveImports = (code: string) =>
  code
    .replace(
      /from '(kilowise-(?:client|brands|charts|ui))'/g,
      (_, name: string) => `from ${JSON.stringify(path.resolve(`packages/${name}/src/index.ts`))}`,
    )
    .replace(/from '\.\/([\w-]+)'/g, "from './$1.ts'");

/** Writes a TypeScript block as a module beside the guides' own modules, and returns its path. */
function writeTypeScript(block: GuideBlock, index: number, modules: ReadonlyMap<string, string>): string {
  const folder = path.join(workDir, `block-${index}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'prelude.ts'), PRELUDE(base, serverUrl));
  for (const [name, code] of modules)
    writeFileSync(path.join(folder, name), `import './prelude.ts';\n${resolveImports(code)}`);
  const names = Object.entries(RUNTIME_NAMES)
    .filter(([name]) => usesUndeclared(block.code, name))
    .map(([, line]) => line);
  const file = path.join(folder, 'block.ts');
  writeFileSync(
    file,
    `import './prelude.ts';\n${names.join('\n')}\n${resolveImports(block.code)}\n${block.run ?? ''}\nexport {};\n`,
  );
  return file;
}

const COMPILED: readonly CompiledLanguage[] = ['go', 'java', 'csharp', 'kotlin'];
/** The compiled languages' blocks, each language's compiled once, and where each block stands in its batch. */
const compiled = new Map<GuideBlock, { batch: SampleBatch; index: number }>();

/** Compiles the blocks of each compiled language at once, before any runs. */
async function compileBlocks(blocks: readonly GuideBlock[]): Promise<void> {
  for (const language of COMPILED) {
    const own = blocks.filter((block) => RUNNABLE_LANGS[block.lang] === language);
    if (own.length === 0) continue;
    const batch = await prepareSamples(
      language,
      own.map((block) => block.code.split(serverUrl).join(base)),
      { python },
    );
    for (const [index, block] of own.entries()) compiled.set(block, { batch, index });
  }
}

/** Runs one block with the page's key; returns the problems, each naming the page, line and language. */
async function runBlock(
  block: GuideBlock,
  index: number,
  key: string,
  modules: ReadonlyMap<string, string>,
): Promise<string[]> {
  const language = RUNNABLE_LANGS[block.lang] ?? 'curl';
  const where = `${block.file}:${block.line} (${block.lang}${block.title ? `, ${block.title}` : ''})`;
  const before = statuses.get(key)?.length ?? 0;
  const env = { KILOWISE_API_KEY: key };
  const batched = compiled.get(block);
  if (!batched && (COMPILED as readonly string[]).includes(language)) await compileBlocks([block]);
  const inBatch = compiled.get(block);
  if (inBatch) {
    const run = await inBatch.batch.run(inBatch.index, env);
    const failure = inBatch.batch.failure(inBatch.index, run);
    const answered = (statuses.get(key) ?? []).slice(before);
    if (failure) return [`${where}: ${failure}; the sandbox answered ${answered.join(', ') || 'nothing'}`];
    return checkSent(where, block, answered);
  }
  const run =
    language === 'ts'
      ? await runSample('node', `await import(${JSON.stringify(writeTypeScript(block, index, modules))});`, {
          env: { ...env, NODE_OPTIONS: `--import ${TSX}` },
          python,
        })
      : await runSample(language as 'curl' | 'python' | 'php' | 'ruby', block.code.split(serverUrl).join(base), {
          env,
          python,
        });
  const sent = (statuses.get(key) ?? []).slice(before);
  if (run.exitCode !== 0 && (language === 'php' || language === 'ruby'))
    return [`${where}: ${runFailure(language, run, block.code)}; the sandbox answered ${sent.join(', ') || 'nothing'}`];
  if (run.exitCode !== 0) {
    const lines = run.stderr.trim().split('\n');
    const error = lines.find((line) => /^\w*Error\b|^\s*\w+Error:/.test(line)) ?? lines.slice(-3).join(' | ');
    return [`${where}: exited ${run.exitCode}: ${error.trim()}`];
  }
  return checkSent(where, block, sent);
}

/** A block must call the API, and every error status it got must be one it shows how to handle. */
function checkSent(where: string, block: GuideBlock, sent: number[]): string[] {
  if (sent.length === 0) return [`${where}: made no request to the API`];
  const failed = sent.filter((status) => status >= 400 && !(block.expect ?? []).includes(status));
  return failed.length > 0 ? [`${where}: the sandbox answered ${failed.join(', ')}`] : [];
}

describe("the guides' code runs against the sandbox server", () => {
  it('every block that calls the API, page by page', async () => {
    const blocks = guideBlocks();
    const modules = guideModules(blocks);
    // A module other blocks import (kilowise-fetch.ts, kilowise.ts) runs through them.
    const imported = (block: GuideBlock) =>
      block.title !== undefined &&
      blocks.some((other) => other.code.includes(`from './${block.title?.replace(/\.ts$/, '')}'`));
    const runnable = blocks.filter(
      (block) =>
        RUNNABLE_LANGS[block.lang] && callsApi(block, serverUrl) && block.norun === undefined && !imported(block),
    );
    expect(runnable.length).toBeGreaterThan(60);
    await compileBlocks(runnable);
    const pages = [...new Set(runnable.map((block) => block.file))];
    const problems = await inPool(
      pages.map((page) => async () => {
        const found: string[] = [];
        for (const block of runnable.filter((candidate) => candidate.file === page)) {
          found.push(...(await runBlock(block, runnable.indexOf(block), `guide:${page}`, modules)));
        }
        return found;
      }),
      4,
    );
    expect(problems.flat()).toEqual([]);
  }, 600_000);

  it('a broken block fails, naming the page, the line and the language', async () => {
    const broken: GuideBlock = {
      file: 'content/docs/broken.mdx',
      line: 12,
      lang: 'bash',
      title: 'A typo in the path',
      code: `curl ${serverUrl}/v2/kilowise/users/user-4711/locatoins -H "x-api-key: $KILOWISE_API_KEY"`,
    };
    expect(await runBlock(broken, 0, 'guide:broken', new Map())).toEqual([
      'content/docs/broken.mdx:12 (bash, A typo in the path): the sandbox answered 404',
    ]);
    const notTs: GuideBlock = {
      file: 'content/docs/broken.mdx',
      line: 20,
      lang: 'ts',
      code: "import { kilowise } from './kilowise';\nawait kilowise.locations.fetchAll();",
    };
    expect((await runBlock(notTs, 1, 'guide:broken', guideModules(guideBlocks()))).join('\n')).toMatch(
      /^content\/docs\/broken\.mdx:20 \(ts\): exited 1: TypeError: kilowise\.locations\.fetchAll is not a function/,
    );
  }, 60_000);

  it('a block in Go, Java, C#, PHP, Ruby or Kotlin runs too (Go and Ruby here), and a broken one names the page, the line and the language', async () => {
    const request: SampleRequest = {
      method: 'get',
      serverUrl,
      path: '/v2/kilowise/users/{userId}/locations',
      pathParams: { userId: 'user-4711' },
      query: [],
      headers: [],
      apiKeyHeader: 'x-api-key',
    };
    const block = (lang: string, line: number, code: string): GuideBlock => ({
      file: 'content/docs/planted.mdx',
      line,
      lang,
      code,
    });
    const sample = (language: HttpLanguageId) => {
      const code = httpSample(language, request);
      if (typeof code !== 'string') throw new Error(code.problem);
      return code;
    };
    const go = block('go', 10, sample('go'));
    const goTypo = block('go', 40, sample('go').replace('http.DefaultClient.Do(req)', 'http.DefaultClient.Do(reqq)'));
    const ruby = block('ruby', 70, sample('ruby'));
    const rubyTypo = block('rb', 90, sample('ruby').replace('/locations', '/locatoins'));
    // Go for the compiled languages (they share the batch code with the samples' runs) and Ruby for the scripts':
    // Kotlin's compiler takes seconds to start, and is started once a run, for the samples.
    await compileBlocks([go, goTypo]);
    const results = await Promise.all(
      [go, goTypo, ruby, rubyTypo].map((each, index) =>
        runBlock(each, 100 + index, `guide:planted-${index}`, new Map()),
      ),
    );
    expect(results).toEqual([
      [],
      [
        'content/docs/planted.mdx:40 (go): does not compile: line 17 (`res, _ := http.DefaultClient.Do(reqq)`): undefined: reqq; the sandbox answered nothing',
      ],
      [],
      ['content/docs/planted.mdx:90 (rb): the sandbox answered 404'],
    ]);
  }, 120_000);
});
