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
import { inputVariable, recipeToPython, recipeToTypeScript } from './code';
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

/** Each input without a default, set to its example in the variable the program reads it from. */
const exampleInputs = (recipe: Recipe) =>
  Object.fromEntries(
    Object.entries(recipe.workflow.inputs.properties).flatMap(([name, property]) =>
      property.default === undefined && property.examples?.[0] !== undefined
        ? [[inputVariable(name), String(property.examples[0])]]
        : [],
    ),
  );

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
      // The ids a program needs come from the environment: here the examples, the sandbox's sample data.
      const env = { KILOWISE_API_KEY: `recipe-${id}`, KILOWISE_BASE_URL: base, ...exampleInputs(recipe) };
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

describe('recipes as code hurt no real data (#reader)', () => {
  const sandboxOnly = (recipe: Recipe) => recipe.controls !== undefined;

  it('a sandbox-only program defaults to the sandbox server and never to the API', () => {
    for (const recipe of recipes.filter(sandboxOnly)) {
      for (const code of [recipeToPython(recipe, contract), recipeToTypeScript(recipe, contract)]) {
        expect(code, recipe.workflow.workflowId).toContain("'http://127.0.0.1:4010'".slice(1, -1));
        expect(code, recipe.workflow.workflowId).not.toContain(contract.serverUrl);
      }
    }
  });

  it('a program against the API has no id of its own: outside comments, no example value is a literal', () => {
    const found = recipes
      .filter((recipe) => !sandboxOnly(recipe))
      .flatMap((recipe) => {
        const examples = Object.values(recipe.workflow.inputs.properties).flatMap((property) =>
          property.default === undefined ? (property.examples ?? []).map(String) : [],
        );
        return [recipeToPython(recipe, contract), recipeToTypeScript(recipe, contract)].flatMap((code) =>
          code
            .split('\n')
            .filter((line) => !/^\s*(#|\/\/)/.test(line))
            .flatMap((line) =>
              examples.filter((example) => line.includes(`"${example}"`) || line.includes(`'${example}'`)),
            )
            .map((example) => `${recipe.workflow.workflowId}: ${example}`),
        );
      });
    expect(found).toEqual([]);
  });

  it('a sandbox-only program refuses a server that is not a sandbox, before any step; one against the API stops without its ids', async () => {
    const sandboxRecipe = recipes.find((recipe) => recipe.workflow.workflowId === 'plug-in-to-completed-session');
    const apiRecipe = recipes.find((recipe) => recipe.workflow.workflowId === 'charge-now-and-back-to-smart');
    if (!sandboxRecipe || !apiRecipe) throw new Error('no recipes to run');
    // The sandbox server under another path prefix: /__sandbox/version is not there, as on the API.
    const refused = await runSample('python', recipeToPython(sandboxRecipe, contract), {
      env: { KILOWISE_API_KEY: 'recipe-refused', KILOWISE_BASE_URL: `${base}/v2/kilowise` },
      python,
    });
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain('is not a Kilowise sandbox');
    expect(refused.stdout).toBe('');
    const noIds = await runSample('python', recipeToPython(apiRecipe, contract), {
      env: { KILOWISE_API_KEY: 'recipe-no-ids', KILOWISE_BASE_URL: base, KILOWISE_DEVICE_ID: '' },
      python,
    });
    expect(noIds.exitCode).not.toBe(0);
    expect(noIds.stderr).toContain('Set KILOWISE_DEVICE_ID');
  }, 60_000);

  it('the charge-now program stops before it charges a car with smart charging off, and puts back preferences without previousChargingBehavior', async () => {
    const recipe = recipes.find((candidate) => candidate.workflow.workflowId === 'charge-now-and-back-to-smart');
    if (!recipe) throw new Error('no charge-now recipe');
    const key = 'recipe-charge-now-edge';
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'x-user-id': 'user-edge' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return text ? JSON.parse(text) : undefined;
    };
    const connect = (code: string) =>
      call('POST', '/v1/kilowise/devices/smartcar/connect', {
        authCode: code,
        redirectUrl: 'https://app.example.com/cb',
      });
    const off = (await connect('edge-car-off')).deviceId as string;
    await call('PUT', `/v2/kilowise/devices/${off}/smart-charging/ev-preferences`, {
      chargingBehavior: 'SMART_CHARGE_OFF',
    });
    const stopped = await runSample('python', recipeToPython(recipe, contract), {
      env: { KILOWISE_API_KEY: key, KILOWISE_BASE_URL: base, KILOWISE_DEVICE_ID: off },
      python,
    });
    expect(stopped.exitCode).not.toBe(0);
    expect((await call('GET', `/v2/status/${off}`)).status).toBe('SMART_CHARGING_DISABLED');
    const preferences = { chargingBehavior: 'SMART_CHARGE_ANYWHERE', defaultSpotPriceAreaId: 'SE3', targetSoC: 90 };
    const car = (await connect('edge-car-on')).deviceId as string;
    const file = path.join(workDir, 'charge-now-edge.ts');
    const client = path.resolve('packages/kilowise-client/src/index.ts');
    writeFileSync(
      file,
      recipeToTypeScript(recipe, contract).replace("from 'kilowise-client'", `from ${JSON.stringify(client)}`),
    );
    await call('PUT', `/v2/kilowise/devices/${car}/smart-charging/ev-preferences`, preferences);
    for (const [language, code] of [
      ['python', recipeToPython(recipe, contract)],
      ['node', `await import(${JSON.stringify(path.join(workDir, 'charge-now-and-back-to-smart.ts'))});`],
    ] as const) {
      const run = await runSample(language, code, {
        env: {
          KILOWISE_API_KEY: key,
          KILOWISE_BASE_URL: base,
          KILOWISE_DEVICE_ID: car,
          ...(language === 'node' ? { NODE_OPTIONS: `--import ${TSX}` } : {}),
        },
        python,
      });
      expect(run.exitCode, `${language}: ${run.stderr.slice(-500)}`).toBe(0);
      const after = await call('GET', `/v2/kilowise/devices/${car}/smart-charging/ev-preferences`);
      expect({ ...after, previousChargingBehavior: undefined }).toEqual({
        ...preferences,
        previousChargingBehavior: undefined,
      });
    }
  }, 120_000);
});
