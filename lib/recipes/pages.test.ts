import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { EV_FIELDS } from '../sandbox/handlers/charging';
import { layoutDiagram } from './diagram';
import type { Recipe, RecipeWorkflow } from './document';
import { flowEdges, outputsTakenBy, stepFlows } from './flow';
import { loadRecipes } from './load';
import { recipeListToMarkdown, recipeToMarkdown } from './markdown';

let contract: OperationContract;
let recipes: Recipe[];

beforeAll(async () => {
  contract = await snapshotContract();
  recipes = await loadRecipes(contract);
}, 60_000);

const recipe = (id: string) => {
  const found = recipes.find((candidate) => candidate.workflow.workflowId === id);
  if (!found) throw new Error(`no recipe ${id}`);
  return found;
};

/** A workflow of steps that read the outputs named: `{ c: ['a.x', 'b.y'] }`. */
function workflowOf(reads: Record<string, string[]>): RecipeWorkflow {
  return {
    workflowId: 'test',
    summary: 's',
    description: 'd',
    inputs: { type: 'object', required: [], properties: {} },
    outputs: {},
    steps: Object.entries(reads).map(([stepId, sources]) => ({
      stepId,
      operationId: 'op',
      parameters: sources.map((source, index) => {
        const [from, output] = source.split('.');
        return { name: `p${index}`, in: 'query' as const, value: `$steps.${from ?? ''}.outputs.${output ?? ''}` };
      }),
      successCriteria: [{ condition: '$statusCode == 200' }],
      outputs: { x: '$response.body#/x', y: '$response.body#/y' },
    })),
  };
}

describe('which step feeds which', () => {
  it('reads the expressions of parameters and bodies, embedded ones too, in the order the steps run', () => {
    const flows = stepFlows(recipe('first-smart-charging-smartcar').workflow);
    expect(flows.find((flow) => flow.stepId === 'set-preferences')).toEqual({
      stepId: 'set-preferences',
      inputs: ['locationId', 'readyTime', 'targetSoC', 'minimalSoC'],
      from: [{ stepId: 'connect-car', outputs: ['deviceId'] }],
    });
    expect(flows.find((flow) => flow.stepId === 'list-locations')).toEqual({
      stepId: 'list-locations',
      inputs: ['userId'],
      from: [],
    });
    const back = stepFlows(recipe('charge-now-and-back-to-smart').workflow).find(
      (flow) => flow.stepId === 'back-to-smart',
    );
    // Every preference the PUT keeps is read first and written back as it was: none is replaced by a constant.
    expect(back?.from).toEqual([{ stepId: 'read-preferences', outputs: [...EV_FIELDS] }]);
  });

  it('says which later steps take each output', () => {
    const [listLocations, , connectCar, , , , readSessions] = outputsTakenBy(
      recipe('first-smart-charging-smartcar').workflow,
    );
    expect(listLocations).toEqual({});
    expect(connectCar).toEqual({ deviceId: [4, 5, 6, 7] });
    expect(readSessions).toEqual({});
  });

  it('puts the shortest arrows innermost, and never two arrows over the same steps on one lane', () => {
    const workflow = workflowOf({ a: [], b: ['a.x'], c: ['a.y', 'b.x'], d: ['b.y'] });
    expect(flowEdges(workflow).map((edge) => `${edge.from}>${edge.to}`)).toEqual(['0>1', '1>2', '0>2', '1>3']);
    const layout = layoutDiagram(workflow);
    const lane = (path: string) => Number(/H (\d+(?:\.\d+)?) V/.exec(path)?.[1]);
    const [ab, bc, ac, bd] = layout.arrows.map((arrow) => lane(arrow.path));
    // a>b and b>c share the inner lane only if they do not overlap; they meet at b, so they do not share it.
    expect(new Set([ab, bc]).size).toBe(2);
    expect(ac).toBeGreaterThan(Math.min(ab ?? 0, bc ?? 0));
    expect(bd).not.toBe(ac);
    expect(layout.boxes).toHaveLength(4);
    expect(layout.width).toBeGreaterThan(Math.max(...layout.arrows.map((arrow) => lane(arrow.path))));
    expect(layout.description).toBe(
      'step 1 (a) hands x to step 2 (b); step 1 (a) hands y to step 3 (c); step 2 (b) hands x to step 3 (c); step 2 (b) hands y to step 4 (d).',
    );
  });

  it('says so when no step reads another', () => {
    expect(layoutDiagram(workflowOf({ a: [], b: [] })).description).toMatch(/^No step reads/);
  });
});

describe('recipes as Markdown', () => {
  it('lists every recipe with a link to its twin', () => {
    const markdown = recipeListToMarkdown(recipes, 'https://docs.example');
    for (const each of recipes)
      expect(markdown).toContain(`(https://docs.example/docs/recipes/${each.workflow.workflowId}.md)`);
  });

  it('writes each step with its operation linked, what it takes, checks and hands on, then the code', () => {
    const markdown = recipeToMarkdown(recipe('first-smart-charging-smartcar'), contract, 'https://docs.example');
    expect(markdown).toMatch(/^# First smart charging with a Smartcar vehicle\n/);
    expect(markdown).toContain('1. **');
    expect(markdown).toContain('(https://docs.example/api#operation/getLocations)');
    expect(markdown).toContain('   - Checks: `$statusCode == 200`');
    expect(markdown).toContain('`deviceId` from `$response.body#/deviceId`');
    expect(markdown).toContain('| `readyTime` | string | `07:00` |  |');
    // An id has no default, and names the sandbox's sample as its example.
    expect(markdown).toContain('| `userId` (required) | string |  | `user-4711` |');
    expect(markdown).toContain('```ts\n// First smart charging');
    expect(markdown).toContain('```python\n# First smart charging');
  });
});
