import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { createSandbox } from '../sandbox/sandbox';
import type { Recipe } from './document';
import { checkCondition } from './expressions';
import { loadRecipe, loadRecipes, RecipeError } from './load';
import { runRecipe } from './run';

let contract: OperationContract;
let recipes: Recipe[];

beforeAll(async () => {
  contract = await snapshotContract();
  recipes = await loadRecipes(contract);
}, 60_000);

const run = (recipe: Recipe, inputs?: Record<string, unknown>) => {
  const sandbox = createSandbox(contract);
  return runRecipe(recipe, contract, { fetch: (request) => sandbox.handle(request), apiKey: 'ci', inputs });
};

describe('recipes', () => {
  it('are the integrations partners build, and the states the simulation plays out', () => {
    expect(recipes.map((recipe) => recipe.workflow.workflowId)).toEqual([
      'car-another-user-connected',
      'charge-now-and-back-to-smart',
      'first-smart-charging-smartcar',
      'heating-in-cheap-hours',
      'link-wallbox-account',
      'onboard-ocpp-charger',
      'plug-in-to-completed-session',
      'schedule-follows-prices',
      'spot-prices-for-a-location',
      'tariff-information',
    ]);
  });

  it('every recipe runs green against the sandbox: every step, every success criterion', async () => {
    for (const recipe of recipes) {
      const result = await run(recipe);
      const failed = result.steps.find((step) => step.failed);
      expect(
        failed ? `${recipe.workflow.workflowId}, step ${failed.stepId}: ${failed.failed}` : undefined,
      ).toBeUndefined();
      expect(result.steps).toHaveLength(recipe.workflow.steps.length);
      for (const [name, value] of Object.entries(result.outputs))
        expect(value, `${recipe.workflow.workflowId} output ${name}`).toBeDefined();
    }
  });

  it('carries values from step to step', async () => {
    const recipe = recipes.find((candidate) => candidate.workflow.workflowId === 'first-smart-charging-smartcar');
    if (!recipe) throw new Error('no Smartcar recipe');
    const result = await run(recipe, { authCode: 'a-fresh-code' });
    const connect = result.steps.find((step) => step.stepId === 'connect-car');
    const preferences = result.steps.find((step) => step.stepId === 'set-preferences');
    expect(connect?.outputs.deviceId).toMatch(/^dev-/);
    expect(preferences?.request.url).toContain(
      `/devices/${String(connect?.outputs.deviceId)}/smart-charging/ev-preferences`,
    );
    expect(JSON.parse(preferences?.request.body ?? '{}')).toMatchObject({
      chargingLocationIds: ['loc-8c1e52'],
      readyTime: '07:00',
    });
  });

  it('stops at a step whose criterion fails, and says which', async () => {
    const recipe = recipes.find((candidate) => candidate.workflow.workflowId === 'charge-now-and-back-to-smart');
    if (!recipe) throw new Error('no charge-now recipe');
    const result = await run(recipe, { deviceId: 'dev-nope' });
    expect(result.ok).toBe(false);
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]?.failed).toBe(
      'The criterion $statusCode == 200 does not hold (status 404: Device dev-nope not found)',
    );
  });

  it('reads success criteria as Arazzo writes them', () => {
    const context = { inputs: { id: 'a' }, steps: {}, statusCode: 200, body: { status: 'CREATED', items: [{ n: 3 }] } };
    expect(checkCondition('$statusCode == 200', context)).toBe(true);
    expect(
      checkCondition("$response.body#/status == 'CREATED' || $response.body#/status == 'ALREADY_ADDED'", context),
    ).toBe(true);
    expect(checkCondition("$response.body#/status == 'CONFLICT' || $statusCode != 200", context)).toBe(false);
    expect(checkCondition("$response.body#/items/0/n >= 3 && $inputs.id == 'a'", context)).toBe(true);
    expect(() => checkCondition('$statusCode = 200')).toThrow(/not a value|not a comparison|cannot read/);
  });
});

describe('a recipe that does not hold to the contract stops the build with one line naming its place', () => {
  const write = (name: string, text: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kw-recipe-'));
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const base = (steps: string, extra = '') => `arazzo: 1.0.1
info: { title: Broken, version: 1.0.0, summary: A recipe with a mistake. }
sourceDescriptions: [{ name: kilowise, url: ../openapi/kilowise-openapi.yaml, type: openapi }]
workflows:
  - workflowId: broken
    summary: Broken.
    description: Broken on purpose.
    inputs: { type: object, properties: { userId: { type: string, default: user-4711 } } }
    steps:
${steps}
${extra}`;

  const cases: [string, string, RegExp][] = [
    [
      'an unknown operation',
      `      - stepId: list
        operationId: getLocationz
        successCriteria: [{ condition: $statusCode == 200 }]`,
      /broken\.arazzo\.yaml: workflow broken, step list, field steps\[0\]\.operationId: no operation getLocationz in the contract$/,
    ],
    [
      'an input that does not exist',
      `      - stepId: list
        operationId: getLocations
        parameters: [{ name: userId, in: path, value: $inputs.user }]
        successCriteria: [{ condition: $statusCode == 200 }]`,
      /step list, field steps\[0\]\.parameters\[0\]\.value: \$inputs\.user: no input user \(inputs: userId\)$/,
    ],
    [
      'an output the step does not have',
      `      - stepId: list
        operationId: getLocations
        parameters: [{ name: userId, in: path, value: $inputs.userId }]
        successCriteria: [{ condition: $statusCode == 200 }]
        outputs: { first: $response.body#/0/id }
      - stepId: read
        operationId: updateLocationTariffInfo
        parameters: [{ name: userId, in: path, value: $inputs.userId }, { name: id, in: path, value: $steps.list.outputs.second }]
        requestBody: { payload: { tariff: Timpris } }
        successCriteria: [{ condition: $statusCode == 200 }]`,
      /step read, field steps\[1\]\.parameters\[1\]\.value: \$steps\.list\.outputs\.second: step list has no output second \(its outputs: first\)$/,
    ],
    [
      'a response field the contract does not describe',
      `      - stepId: list
        operationId: getLocations
        parameters: [{ name: userId, in: path, value: $inputs.userId }]
        successCriteria: [{ condition: $statusCode == 200 }]
        outputs: { area: $response.body#/0/spotPriceArea }`,
      /step list, field steps\[0\]\.outputs\.area: \$response\.body#\/0\/spotPriceArea: the getLocations answer has no \/0\/spotPriceArea$/,
    ],
    [
      'a parameter the operation does not have',
      `      - stepId: list
        operationId: getLocations
        parameters: [{ name: userId, in: path, value: $inputs.userId }, { name: limit, in: query, value: 5 }]
        successCriteria: [{ condition: $statusCode == 200 }]`,
      /step list, field steps\[0\]\.parameters\[1\]: getLocations has no query parameter limit/,
    ],
  ];
  for (const [what, steps, message] of cases) {
    it(what, async () => {
      const file = write('broken.arazzo.yaml', base(steps));
      await expect(loadRecipe(file, contract)).rejects.toThrow(RecipeError);
      await expect(loadRecipe(file, contract)).rejects.toThrow(message);
    });
  }

  it('a document that breaks the Arazzo schema', async () => {
    const file = write(
      'broken.arazzo.yaml',
      base(
        '      - stepId: list\n        operationId: getLocations\n        successCriteria: [{ condition: $statusCode == 200 }]',
      ).replace('arazzo: 1.0.1\n', 'arazzo: 1.0.1\nworkflow: oops\n'),
    );
    await expect(loadRecipe(file, contract)).rejects.toThrow(/broken\.arazzo\.yaml.*workflow/);
  });
});

describe('recipes teach what a partner should do', () => {
  /** Every string a step sends (parameters, bodies, replacements) that is not a runtime expression. */
  function literals(value: unknown): string[] {
    if (typeof value === 'string') return value.startsWith('$') ? [] : [value];
    if (Array.isArray(value)) return value.flatMap(literals);
    if (value !== null && typeof value === 'object') return Object.values(value).flatMap(literals);
    return [];
  }

  it('every id comes from the inputs or an earlier step, never a literal in a step', () => {
    const found = recipes.flatMap((recipe) =>
      recipe.workflow.steps.flatMap((step) =>
        literals([step.parameters.map((parameter) => parameter.value), step.requestBody ?? null])
          .filter((text) => /^(dev|loc|user|ses|sch|hsch|hses)-[0-9a-z]+$/.test(text))
          .map((text) => `${recipe.workflow.workflowId}, step ${step.stepId}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('a PUT of preferences over a device that has some sends back what it read, changing only what it means to', () => {
    const putsOverRead = recipes.flatMap((recipe) =>
      recipe.workflow.steps
        .filter(
          (step) => step.operationId === 'updateEvPreferences' || step.operationId === 'updateOcppChargerPreferences',
        )
        .map((step) => {
          const earlier = recipe.workflow.steps.slice(0, recipe.workflow.steps.indexOf(step));
          const read = earlier.findLast(
            (other) => other.operationId.startsWith('get') && other.operationId.endsWith('Preferences'),
          );
          return { recipe: recipe.workflow.workflowId, step, read };
        }),
    );
    // Every PUT of preferences reads them first: the recipes never write over preferences they have not read.
    expect(putsOverRead.filter(({ read }) => !read).map(({ recipe }) => recipe)).toEqual([]);
    for (const { recipe, step, read } of putsOverRead) {
      if (!read) continue;
      // A read that ends the recipe where preferences exist leaves the PUT to a device with none: a create.
      const endsOverExisting = (read.onSuccess ?? []).some((action) =>
        (action.criteria ?? []).some((criterion) => /\$statusCode == 200/.test(criterion.condition)),
      );
      if (endsOverExisting) continue;
      const payload = step.requestBody?.payload as Record<string, unknown> | undefined;
      const where = `${recipe}, step ${step.stepId}`;
      // Not the answer as it came: that carries the read-only previousChargingBehavior, which a PUT must not send.
      expect(typeof payload, `${where}: the payload is built field by field`).toBe('object');
      expect(Object.keys(payload ?? {}), `${where}: never sends previousChargingBehavior`).not.toContain(
        'previousChargingBehavior',
      );
      // Each field read is sent back as read.
      for (const name of Object.keys(read.outputs))
        expect(payload?.[name], `${where}: sends back ${name} as read`).toBe(`$steps.${read.stepId}.outputs.${name}`);
    }
  });

  it('a read that may not be ready yet is retried, and the runner waits between tries', async () => {
    const recipe = recipes.find((candidate) => candidate.workflow.workflowId === 'first-smart-charging-smartcar');
    if (!recipe) throw new Error('no first-smart-charging-smartcar recipe');
    const sandbox = createSandbox(contract);
    let schedules = 0;
    const waits: number[] = [];
    const result = await runRecipe(recipe, contract, {
      apiKey: 'ci',
      sleep: async (ms) => void waits.push(ms),
      // The first two reads of the schedule answer 404, as a schedule still being made does.
      fetch: async (request) => {
        if (request.url.endsWith('/smart-charging/schedule') && schedules++ < 2)
          return new Response(JSON.stringify({ message: 'No charging schedule yet' }), { status: 404 });
        return sandbox.handle(request);
      },
    });
    expect(result.ok).toBe(true);
    expect(result.steps.find((step) => step.stepId === 'read-schedule')?.retries).toBe(2);
    expect(waits).toEqual([5000, 5000]);
  });

  it('ends where the recipe says: a car another user connected is CONFLICT, and the run stops there, saying so', async () => {
    const recipe = recipes.find((candidate) => candidate.workflow.workflowId === 'first-smart-charging-smartcar');
    if (!recipe) throw new Error('no first-smart-charging-smartcar recipe');
    const sandbox = createSandbox(contract);
    const options = { apiKey: 'ci', fetch: (request: Request) => sandbox.handle(request) };
    await runRecipe(recipe, contract, { ...options, inputs: { userId: 'user-first' } });
    const second = await runRecipe(recipe, contract, { ...options, inputs: { userId: 'user-second' } });
    expect(second.ok).toBe(false);
    expect(second.steps.at(-1)).toMatchObject({ stepId: 'connect-car' });
    expect(second.steps.at(-1)?.failed).toContain('the recipe ends here (car-of-another-user)');
  });
});

describe('recipes on the simulation', () => {
  it('declare the sandbox controls as a second source, and only those that use them', () => {
    for (const recipe of recipes) {
      const usesControls = recipe.workflow.steps.some((step) =>
        step.operationId.startsWith('$sourceDescriptions.sandbox.'),
      );
      expect(recipe.controls !== undefined, recipe.workflow.workflowId).toBe(usesControls);
      if (usesControls) expect(recipe.workflow.summary, recipe.workflow.workflowId).toContain('sandbox only');
    }
  });

  it('the schedule recipe checks what the test prices did: without them the car waits in the evening peak', async () => {
    const recipe = recipes.find((candidate) => candidate.workflow.workflowId === 'schedule-follows-prices');
    if (!recipe) throw new Error('no schedule-follows-prices recipe');
    const sandbox = createSandbox(contract);
    const withoutPrices = await runRecipe(recipe, contract, {
      apiKey: 'ci',
      // The test prices are dropped on the way: the sandbox never gets them.
      fetch: (request) =>
        request.method === 'POST' && request.url.includes('/spot-prices/')
          ? Promise.resolve(new Response(null, { status: 204 }))
          : sandbox.handle(request),
    });
    expect(withoutPrices.ok).toBe(false);
    expect(withoutPrices.steps.at(-1)?.stepId).toBe('schedule-after');
  });
});

describe('a Wallbox login that fails', () => {
  it('ends the recipe at the link, saying why, and registers nothing', async () => {
    const recipe = recipes.find((candidate) => candidate.workflow.workflowId === 'link-wallbox-account');
    if (!recipe) throw new Error('no link-wallbox-account recipe');
    const sandbox = createSandbox(contract);
    const run = await runRecipe(recipe, contract, {
      apiKey: 'ci',
      fetch: (request) => sandbox.handle(request),
      inputs: { password: 'not-the-password' },
    });
    expect(run.ok).toBe(false);
    expect(run.steps).toHaveLength(1);
    expect(run.steps[0]?.failed).toContain('the recipe ends here (wallbox-refused-the-login)');
  });
});

describe('recipes hurt no real data if copied (#reader)', () => {
  const SANDBOX_ONLY = (recipe: Recipe) => recipe.controls !== undefined;

  it('no id has a default a runner would send: an id is an input with examples, the sandbox sample data', () => {
    const defaulted = recipes.flatMap((recipe) =>
      Object.entries(recipe.workflow.inputs.properties)
        .filter(([name]) => /(Id|Uid|authCode)$/.test(name))
        .filter(([, property]) => property.default !== undefined || !property.examples?.length)
        .map(([name]) => `${recipe.workflow.workflowId}: ${name}`),
    );
    expect(defaulted).toEqual([]);
  });

  it('a recipe against the API writes no fixed UTC offset into a default: the midnights are worked out', () => {
    const fixed = recipes
      .filter((recipe) => !SANDBOX_ONLY(recipe))
      .flatMap((recipe) =>
        Object.entries(recipe.workflow.inputs.properties)
          .filter(([, property]) => typeof property.default === 'string' && /[+-]\d\d:\d\d$/.test(property.default))
          .map(([name]) => `${recipe.workflow.workflowId}: ${name}`),
      );
    expect(fixed).toEqual([]);
  });

  it('input descriptions read as written: no sentence spliced into another', () => {
    const garbled = recipes.flatMap((recipe) =>
      Object.entries(recipe.workflow.inputs.properties)
        .filter(([, property]) => /\.'[a-z]|\)\.\S/.test(property.description ?? ''))
        .map(([name, property]) => `${recipe.workflow.workflowId}: ${name}: ${property.description}`),
    );
    expect(garbled).toEqual([]);
  });

  it("every create is preceded by the list it could add a duplicate to, and no user's pick is the list's first item", () => {
    const LIST_OF = { addLocation: 'getLocations', registerCharger: 'getDevices' } as Record<string, string>;
    const PICKS = ['getLocations', 'getDevices', 'getWallboxChargers', 'getElectricalUtilityProviders'];
    const problems = recipes.flatMap((recipe) =>
      recipe.workflow.steps.flatMap((step, index) => {
        const list = LIST_OF[step.operationId];
        const before = recipe.workflow.steps.slice(0, index).map((other) => other.operationId);
        return [
          ...(list && !before.includes(list)
            ? [`${recipe.workflow.workflowId}: ${step.stepId} without ${list} first`]
            : []),
          ...(PICKS.includes(step.operationId)
            ? Object.values(step.outputs)
                .filter((output) => /#\/\d+(\/|$)/.test(output))
                .map((output) => `${recipe.workflow.workflowId}: ${step.stepId} takes ${output}`)
            : []),
        ];
      }),
    );
    expect(problems).toEqual([]);
    // The first smart charging starts from the user's home as stored: it stores no second one.
    const first = recipes.find((recipe) => recipe.workflow.workflowId === 'first-smart-charging-smartcar');
    expect(first?.workflow.steps.map((step) => step.operationId)).not.toContain('addLocation');
  });
});

describe('charging now, and back to smart, whatever the preferences hold', () => {
  const recipe = () => {
    const found = recipes.find((candidate) => candidate.workflow.workflowId === 'charge-now-and-back-to-smart');
    if (!found) throw new Error('no charge-now recipe');
    return found;
  };
  /** A sandbox with a new car of user-x whose preferences are `preferences`, set once (no previousChargingBehavior). */
  async function carWith(preferences: Record<string, unknown>) {
    const sandbox = createSandbox(contract);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await sandbox.handle(
        new Request(`${contract.serverUrl}${path}`, {
          method,
          headers: { 'x-api-key': 'ci', 'content-type': 'application/json', 'x-user-id': 'user-x' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const { deviceId } = (
      await call('POST', '/v1/kilowise/devices/smartcar/connect', {
        authCode: 'charge-now-car',
        redirectUrl: 'https://app.example.com/cb',
      })
    ).body as { deviceId: string };
    await call('PUT', `/v2/kilowise/devices/${deviceId}/smart-charging/ev-preferences`, preferences);
    return { sandbox, call, deviceId };
  }

  it('puts back preferences that never had previousChargingBehavior, nor weekday ready times, and sends neither', async () => {
    const preferences = {
      chargingBehavior: 'SMART_CHARGE_ANYWHERE',
      defaultSpotPriceAreaId: 'SE3',
      readyTime: '06:30',
      targetSoC: 90,
    };
    const { sandbox, call, deviceId } = await carWith(preferences);
    expect((await call('GET', `/v2/kilowise/devices/${deviceId}/smart-charging/ev-preferences`)).body).toEqual(
      preferences,
    );
    const result = await runRecipe(recipe(), contract, {
      apiKey: 'ci',
      fetch: (request) => sandbox.handle(request),
      inputs: { deviceId },
    });
    expect(result.steps.find((step) => step.failed)?.failed).toBeUndefined();
    const sent = JSON.parse(result.steps.at(-1)?.request.body ?? '{}');
    expect(sent).toEqual(preferences);
    const after = (await call('GET', `/v2/kilowise/devices/${deviceId}/smart-charging/ev-preferences`)).body;
    expect({ ...after, previousChargingBehavior: undefined }).toEqual({
      ...preferences,
      previousChargingBehavior: undefined,
    });
  });

  it('with smart charging off there is nothing to go back to: it stops before it starts charging', async () => {
    const { sandbox, call, deviceId } = await carWith({ chargingBehavior: 'SMART_CHARGE_OFF', targetSoC: 80 });
    const result = await runRecipe(recipe(), contract, {
      apiKey: 'ci',
      fetch: (request) => sandbox.handle(request),
      inputs: { deviceId },
    });
    expect(result.ok).toBe(false);
    expect(result.steps.map((step) => step.stepId)).toEqual(['read-preferences']);
    expect((await call('GET', `/v2/status/${deviceId}`)).body.status).not.toBe('IMMEDIATE_CHARGING');
  });
});
