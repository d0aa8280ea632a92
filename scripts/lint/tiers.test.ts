import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importGraph, type ImportEdge } from './import-graph';
import {
  evaluationOrder,
  folderCycles,
  folderDependencies,
  folderOf,
  ZOD_JITLESS,
  zodBeforeJitless,
  type ImportGraph,
} from './tiers';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** A module the browser starts from: one marked 'use client', or one in a folder of browser code. */
const isClient = (file: string) =>
  /^(lib\/browser|hooks)\//.test(file) ||
  /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(readFileSync(path.join(ROOT, file), 'utf8'));

/** A graph written by hand: `from: [to, …]`, each a static import of a module of the project. */
const edges = (...targets: string[]): ImportEdge[] =>
  targets.map((target) => ({ specifier: target, resolved: target, typeOnly: false, dynamic: false }));

describe('the folders of lib/, components/ and hooks/ on the repository', () => {
  let graph: ImportGraph;
  beforeAll(() => {
    graph = importGraph(ROOT, ['lib', 'components', 'hooks', 'app']);
  });

  it('depend on each other one way only: no cycle of folders', () => {
    const cycles = folderCycles(folderDependencies(graph)).map(
      (cycle) => `${cycle.folders.join(' ↔ ')}:\n    ${cycle.imports.join('\n    ')}`,
    );
    expect(cycles, 'folders that depend on each other, with the imports that make the cycle').toEqual([]);
  });

  it('load zod in the browser only after lib/browser/zod-jitless.ts', () => {
    expect(zodBeforeJitless(graph, isClient)).toEqual([]);
  });
});

describe('folderCycles', () => {
  it('finds the folders that depend on each other, through a chain, with the imports between them', () => {
    const graph = new Map([
      ['lib/a/x.ts', edges('lib/b/y.ts')],
      ['lib/b/y.ts', edges('lib/c/z.ts', 'lib/validation.ts')],
      ['lib/c/z.ts', edges('lib/a/other.ts')],
      ['lib/a/other.ts', []],
      ['lib/a/x.test.ts', edges('components/api/card.tsx')],
      ['components/api/card.tsx', edges('lib/a/x.ts')],
    ]);
    expect(folderCycles(folderDependencies(graph))).toEqual([
      {
        folders: ['lib/a', 'lib/b', 'lib/c'],
        imports: ['lib/a/x.ts → lib/b/y.ts', 'lib/b/y.ts → lib/c/z.ts', 'lib/c/z.ts → lib/a/other.ts'],
      },
    ]);
  });

  it('counts a module directly in lib/ as a folder of its own, and hooks/ as one folder', () => {
    expect(['lib/validation.ts', 'lib/openapi/diff.ts', 'hooks/use-mounted.ts', 'app/page.tsx'].map(folderOf)).toEqual([
      'lib/validation',
      'lib/openapi',
      'hooks',
      undefined,
    ]);
  });
});

describe('zodBeforeJitless', () => {
  const client = (file: string) => file.endsWith('.client.tsx');

  it('names a client module that builds zod schemas before the jitless entry has run', () => {
    const graph = new Map([
      ['components/a/form.client.tsx', edges('lib/contract/small.ts', 'lib/contract/schema.ts', ZOD_JITLESS)],
      ['lib/contract/schema.ts', [{ specifier: 'zod', resolved: undefined, typeOnly: false, dynamic: false }]],
      [ZOD_JITLESS, [{ specifier: 'zod', resolved: undefined, typeOnly: false, dynamic: false }]],
      ['lib/contract/small.ts', [{ specifier: 'zod/mini', resolved: undefined, typeOnly: false, dynamic: false }]],
    ]);
    expect(evaluationOrder(graph, 'components/a/form.client.tsx')).toEqual([
      'lib/contract/small.ts',
      'lib/contract/schema.ts',
      ZOD_JITLESS,
      'components/a/form.client.tsx',
    ]);
    expect(zodBeforeJitless(graph, client)).toEqual([
      `components/a/form.client.tsx loads zod (through lib/contract/schema.ts) before ${ZOD_JITLESS}: make \`import '@/lib/browser/zod-jitless';\` its first import`,
    ]);
    graph.set('components/a/form.client.tsx', edges('lib/contract/small.ts', ZOD_JITLESS, 'lib/contract/schema.ts'));
    expect(zodBeforeJitless(graph, client)).toEqual([]);
  });

  it('holds a module a client loads later with import() to the same rule', () => {
    const graph = new Map<string, ImportEdge[]>([
      [
        'components/a/page.client.tsx',
        [{ specifier: './later', resolved: 'lib/a/later.ts', typeOnly: false, dynamic: true }],
      ],
      ['lib/a/later.ts', [{ specifier: 'zod', resolved: undefined, typeOnly: false, dynamic: false }]],
    ]);
    expect(zodBeforeJitless(graph, client)).toEqual([
      `lib/a/later.ts loads zod (through lib/a/later.ts) before ${ZOD_JITLESS}: make \`import '@/lib/browser/zod-jitless';\` its first import`,
    ]);
  });
});

describe("eslint.config.mjs's tier rules", () => {
  let eslint: ESLint;
  beforeAll(async () => {
    // The type-aware rules need each file in the TypeScript project; the planted files exist only here.
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
      },
    });
    // The first lint loads the config and its plugins: here, not in the first test's 5 s (a loaded CI run took 5.4 s).
    await eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'lib/openapi/planted.ts') });
  }, 120_000);

  /** The tier rules' findings on `code` planted at `file`: each rule's id and the start of its message. */
  const findings = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return (result?.messages ?? [])
      .filter((message) => /no-restricted-imports|max-lines/.test(message.ruleId ?? ''))
      .map((message) => `${message.ruleId}: ${message.message}`);
  };

  it.each([
    [
      'components/ui/planted.tsx',
      "import { OperationCard } from '@/components/api/operation-card';",
      '@typescript-eslint/no-restricted-imports',
      'components/ui/ holds the building blocks every feature shares',
    ],
    [
      'components/ui/planted.tsx',
      "import { TableScroll } from '../mdx/table-scroll';",
      '@typescript-eslint/no-restricted-imports',
      'components/ui/ holds the building blocks every feature shares',
    ],
    [
      'components/shell/planted.client.tsx',
      "import { readFileSync } from 'node:fs';",
      'no-restricted-imports',
      'Client code runs in the browser, where Node.js modules are not',
    ],
    [
      'hooks/use-planted.ts',
      "import path from 'path';",
      'no-restricted-imports',
      'Client code runs in the browser, where Node.js modules are not',
    ],
    [
      'lib/browser/planted.ts',
      "import { z } from 'zod';",
      'no-restricted-imports',
      "browser code takes zod from '@/lib/browser/zod-jitless'",
    ],
    [
      'components/api/planted.tsx',
      "import { bundleInlineScript } from '@/lib/build/inline-script';",
      'no-restricted-imports',
      'lib/build/ and scripts/ are build-time code',
    ],
    [
      'lib/openapi/planted.ts',
      "import { bundleInlineScript } from '../build/inline-script';",
      'no-restricted-imports',
      'lib/build/ and scripts/ are build-time code',
    ],
    [
      'lib/openapi/planted.ts',
      "import { DataTable } from '@/components/ui/data-table';",
      '@typescript-eslint/no-restricted-imports',
      'lib/ is plain TypeScript below the React tiers',
    ],
    [
      'lib/openapi/planted.ts',
      "import { useState } from 'react';",
      '@typescript-eslint/no-restricted-imports',
      'React code does not go in lib/',
    ],
    [
      'hooks/use-planted.ts',
      "import { Tabs } from '@/components/ui/tabs';",
      '@typescript-eslint/no-restricted-imports',
      'hooks/ holds the React hooks any component may use',
    ],
    [
      'components/docs/planted.tsx',
      "import Page from '@/app/page';",
      '@typescript-eslint/no-restricted-imports',
      'app/ holds the routes only',
    ],
  ])('%s: %s fails, naming the rule and where the code goes', async (file, code, rule, message) => {
    const found = await findings(file, `${code}\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`${rule}: `);
    expect(found[0]).toContain(message);
  });

  /** A function of `lines` lines in all. */
  const functionOf = (lines: number) =>
    `export function long(): number {\n${'  let n = 0;\n'.repeat(lines - 3)}  return 0;\n}\n`;

  it('fails a function of 81 lines, naming max-lines-per-function, in code but not in a test', async () => {
    expect(await findings('lib/openapi/planted.ts', functionOf(80))).toEqual([]);
    expect(await findings('lib/openapi/planted.ts', functionOf(81))).toEqual([
      "max-lines-per-function: Function 'long' has too many lines (81). Maximum allowed is 80.",
    ]);
    expect(await findings('components/api/planted.test.tsx', functionOf(81))).toEqual([]);
  });

  /** A file of `lines` one-line declarations, comments among them: they count as lines too. */
  const fileOf = (lines: number) =>
    Array.from({ length: lines }, (_, line) => (line % 10 === 0 ? '// A comment.' : `export const n${line} = ${line};`))
      .map((line) => `${line}\n`)
      .join('');

  it('fails a file of 401 lines, naming max-lines, in code but not in a test or a fixture', async () => {
    expect(await findings('components/api/planted.tsx', fileOf(400))).toEqual([]);
    expect(await findings('components/api/planted.tsx', fileOf(401))).toEqual([
      'max-lines: File has too many lines (401). Maximum allowed is 400.',
    ]);
    expect(await findings('lib/openapi/planted.test.ts', fileOf(401))).toEqual([]);
    expect(await findings('lib/openapi/fixtures/planted.ts', fileOf(401))).toEqual([]);
  });

  it.each([
    ['lib/browser/planted.ts', "import { z } from '@/lib/browser/zod-jitless';"],
    ['components/search/planted.client.tsx', "import { z } from 'zod/mini';"],
    ['components/ui/planted.tsx', "import { copyText } from '@/lib/browser/clipboard';"],
    ['components/api/planted.tsx', "import { anchorFor } from '@/lib/openapi/anchors';"],
    ['lib/openapi/planted.test.ts', "import { bundleInlineScript } from '../build/inline-script';"],
    ['scripts/planted.ts', "import { readFileSync } from 'node:fs';"],
  ])('%s: %s passes', async (file, code) => {
    expect(await findings(file, `${code}\n`)).toEqual([]);
  });

  it("holds every module marked 'use client' to the client rules", async () => {
    const clientModules = [...importGraph(ROOT, ['app', 'components', 'hooks', 'lib']).keys()].filter(
      (file) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx') && isClient(file),
    );
    expect(clientModules.length).toBeGreaterThan(40);
    const unruled: string[] = [];
    for (const file of clientModules) {
      const config = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as {
        rules?: Record<string, [unknown, { patterns?: { regex?: string }[] }?]>;
      };
      const patterns = config.rules?.['no-restricted-imports']?.[1]?.patterns ?? [];
      if (!patterns.some((pattern) => pattern.regex?.startsWith('^(node:'))) unruled.push(file);
    }
    expect(unruled, 'client modules outside CLIENT_FILES in eslint.config.mjs: name them *.client.tsx').toEqual([]);
  });
});
