// The recipes' generated code is a program a partner can run: the TypeScript compiles against kilowise-client, and
// both it and the Python run against the sandbox server to the end, every criterion holding.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePython } from '../../scripts/testing/python';
import { runSample } from '../../scripts/testing/run-sample';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotBuild } from '../contract/snapshot';
import { createSandboxServer } from '../sandbox/server';
import { typecheckSnippets } from '../typedoc/typecheck';
import type { Recipe } from './document';
import { recipeToPython, recipeToTypeScript } from './code';
import { loadRecipes } from './load';
import { listenOnLoopback } from '../../scripts/testing/loopback';

let contract: OperationContract;
let exportedNames: string[];
let recipes: Recipe[];
let server: Server;
let base: string;
let python: string;
let workDir: string;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

beforeAll(async () => {
  ({ contract, exportedNames } = await snapshotBuild());
  recipes = await loadRecipes(contract);
  python = ensurePython();
  server = createSandboxServer(contract, { log: () => {} });
  base = await listenOnLoopback(server);
  mkdirSync('.generated', { recursive: true });
  workDir = mkdtempSync(path.resolve('.generated', 'recipe-runs-'));
}, 120_000);

afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await new Promise((resolve) => server.close(resolve));
});

describe('recipes as code', () => {
  it('the TypeScript of every recipe type-checks against kilowise-client', () => {
    const snippets = recipes.map((recipe) => ({
      label: recipe.workflow.workflowId,
      code: recipeToTypeScript(recipe, contract).replace(/^import .*\n/m, ''),
    }));
    expect(typecheckSnippets(snippets, [{ name: 'kilowise-client', exports: exportedNames }])).toEqual([]);
  }, 120_000);

  it('the TypeScript and the Python of every recipe run against the sandbox server', async () => {
    const problems: string[] = [];
    for (const recipe of recipes) {
      const id = recipe.workflow.workflowId;
      const env = { KILOWISE_API_KEY: `recipe-${id}`, KILOWISE_BASE_URL: base };
      const file = path.join(workDir, `${id}.ts`);
      const client = path.resolve('packages/kilowise-client/src/index.ts');
      writeFileSync(
        file,
        recipeToTypeScript(recipe, contract).replace("from 'kilowise-client'", `from ${JSON.stringify(client)}`),
      );
      const ts = await runSample('node', `await import(${JSON.stringify(file)});`, {
        env: { ...env, NODE_OPTIONS: `--import ${TSX}`, KILOWISE_API_KEY: `recipe-ts-${id}` },
        python,
      });
      if (ts.exitCode !== 0)
        problems.push(
          `${id} (TypeScript): ${
            ts.stderr
              .trim()
              .split('\n')
              .find((line) => /Error/.test(line)) ?? ts.stderr.trim().slice(-300)
          }`,
        );
      const py = await runSample('python', recipeToPython(recipe, contract), {
        env: { ...env, KILOWISE_API_KEY: `recipe-py-${id}` },
        python,
      });
      if (py.exitCode !== 0) problems.push(`${id} (Python): ${py.stderr.trim().split('\n').slice(-1).join('')}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
