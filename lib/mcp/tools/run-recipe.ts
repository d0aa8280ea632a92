import { z } from 'zod';
import type { RecipeWorkflow } from '../../recipes/document';
import { runRecipe } from '../../recipes/run';
import { cut, LIMITS, ToolError, unknown } from '../limits';
import type { DocsTool } from './tool';
import { API_KEY_INPUT } from '../../recipes/flow';

const inputSchema = {
  workflowId: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.nameChars)
    .describe('The recipe to run, as list_recipes names it, e.g. "first-smart-charging-smartcar".'),
  inputs: z
    .record(z.string().max(LIMITS.nameChars), z.union([z.string().max(LIMITS.pathChars), z.number(), z.boolean()]))
    .optional()
    .describe(
      'Inputs to use instead of the defaults, by name, each of the type list_recipes gives it; a name the recipe does not declare, or a value of another type, is refused before any step runs.',
    ),
};

const shown = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

/** Whether `value` is of an input's JSON Schema type (the types recipes declare their inputs with). */
const OF_TYPE: Record<RecipeWorkflow['inputs']['properties'][string]['type'], (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
};

/**
 * What is wrong with `inputs` for the workflow, against the JSON Schema it declares them with (`inputs` of its
 * Arazzo file): a name it does not declare, a value of another type or outside its `enum`, a required input with
 * neither a value, a default nor an example (the sandbox's sample data, which a run on the sandbox takes). Empty
 * when nothing is.
 */
export function inputProblems(workflow: RecipeWorkflow, inputs: Record<string, unknown>): string[] {
  // The API key is the session's: the tool sends it, so it is no input an agent gives.
  const declared = Object.fromEntries(
    Object.entries(workflow.inputs.properties).filter(([name]) => name !== API_KEY_INPUT),
  );
  const names = Object.keys(declared);
  const problems: string[] = [];
  for (const [name, value] of Object.entries(inputs)) {
    const property = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (!property) {
      problems.push(`no input named "${name}" (its inputs: ${names.join(', ') || 'none'})`);
      continue;
    }
    if (!OF_TYPE[property.type](value)) {
      const article = property.type === 'integer' ? 'an' : 'a';
      problems.push(`"${name}" must be ${article} ${property.type}, not the ${typeof value} ${shown(value)}`);
    } else if (Array.isArray(property.enum) && !property.enum.includes(value)) {
      problems.push(`"${name}" must be one of ${property.enum.map((entry) => JSON.stringify(entry)).join(', ')}`);
    }
  }
  for (const name of workflow.inputs.required.filter((required) => required !== API_KEY_INPUT))
    if (inputs[name] === undefined && declared[name]?.default === undefined && !declared[name]?.examples?.length)
      problems.push(`"${name}" is required and has neither a default nor an example of the sandbox's data`);
  return problems;
}

export const runRecipeTool: DocsTool<typeof inputSchema> = {
  name: 'run_recipe',
  title: 'Run an integration recipe on the sandbox',
  description:
    "Runs an integration recipe step by step against this session's sandbox (the same one sandbox_request calls): each step's request, status and the values it hands on, stopping at the first success criterion that fails and saying which. What the steps create stays in the session's sandbox.",
  inputSchema,
  async run(data, input, context) {
    const recipe = data.recipes.find((candidate) => candidate.workflow.workflowId === input.workflowId);
    if (!recipe)
      throw unknown(
        'recipe',
        input.workflowId,
        data.recipes.map((candidate) => candidate.workflow.workflowId),
      );
    // Checked before any step runs: a wrong input would otherwise fail a step halfway, leaving the earlier ones done.
    const problems = inputProblems(recipe.workflow, input.inputs ?? {});
    if (problems.length > 0)
      throw new ToolError(
        `The inputs of ${recipe.workflow.workflowId} do not fit it, so no step ran: ${problems.join('; ')}. list_recipes lists each recipe's inputs with their types.`,
      );
    const sandbox = context.sandbox();
    const result = await runRecipe(recipe, data.contract, {
      fetch: (request) => sandbox.handle(request),
      apiKey: 'mcp-session',
      inputs: input.inputs,
    });
    const lines = [`# ${recipe.title}: ${result.ok ? 'every step succeeded' : 'stopped at a failed step'}`, ''];
    result.steps.forEach((step, index) => {
      const path = new URL(step.request.url).pathname + new URL(step.request.url).search;
      lines.push(
        `${index + 1}. **${step.stepId}** (${step.operationId}): ${step.request.method} ${path} → ${step.status ?? 'no answer'}${step.failed ? `. Failed: ${step.failed}` : ''}`,
      );
      for (const [name, value] of Object.entries(step.outputs)) lines.push(`   - ${name} = ${shown(value)}`);
    });
    if (result.ok) lines.push('', `Outputs: ${shown(result.outputs)}`);
    return cut(lines.join('\n'), 'Run the steps one by one with sandbox_request to see each answer whole.');
  },
};
