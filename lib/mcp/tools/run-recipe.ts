import { z } from 'zod';
import { runRecipe } from '../../recipes/run';
import { cut, LIMITS, unknown } from '../limits';
import type { DocsTool } from './tool';

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
    .describe('Inputs to use instead of the defaults, by name.'),
};

const shown = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

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
