import { siteConfig } from '../../site';
import type { DocsTool } from './tool';
import { API_KEY_INPUT } from '../../recipes/flow';

/** The tool takes no input. */
const inputSchema = {};

export const listRecipes: DocsTool<typeof inputSchema> = {
  name: 'list_recipes',
  title: 'List the integration recipes',
  description:
    "Lists the integration recipes: multi-step flows partners build (connecting a car and charging it smartly, onboarding a charger, spot prices for an address, …), each an Arazzo 1.0 workflow over the API. Returns each recipe's id, what it does, its steps' operations and its inputs with their defaults. Run one with run_recipe.",
  inputSchema,
  run(data) {
    if (data.recipes.length === 0) return 'This build has no recipes.';
    return data.recipes
      .map((recipe) => {
        const { workflow } = recipe;
        // The API key is the session's, sent by run_recipe: not an input an agent gives.
        const inputs = Object.entries(workflow.inputs.properties)
          .filter(([name]) => name !== API_KEY_INPUT)
          .map(
            ([name, property]) =>
              `\`${name}\` (${property.type}${property.default === undefined ? '' : `, default ${JSON.stringify(property.default)}`})`,
          );
        return [
          `## ${workflow.workflowId}: ${recipe.title}`,
          '',
          recipe.summary,
          '',
          `Steps: ${workflow.steps.map((step, index) => `${index + 1}. ${step.stepId} (${step.operationId})`).join('; ')}`,
          `Inputs: ${inputs.join(', ') || 'none'}`,
          `Source: ${siteConfig.sourceUrlBase}${recipe.file}`,
        ].join('\n');
      })
      .join('\n\n');
  },
};
