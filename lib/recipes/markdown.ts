import type { OperationContract } from '../contract/operation-contract';
import { RECIPE_LANGUAGES } from './code';
import type { Recipe } from './document';
import { RECIPES_DESCRIPTION } from './pages';
import { recipeUrl } from './urls';
import { wireMethod } from '../openapi/methods';
import { callsSandbox, operationRef, recipeOperations } from './sources';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
const fence = (code: string, language: string, indent = '') =>
  [`\`\`\`${language}`, ...code.split('\n'), '```'].map((line) => (line ? indent + line : line)).join('\n');
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** `/docs/recipes.md`: the recipes, each linked to its own twin, with its summary. */
export function recipeListToMarkdown(recipes: readonly Recipe[], siteUrl: string): string {
  return [
    '# Recipes',
    '',
    `> ${RECIPES_DESCRIPTION}`,
    '',
    "Each recipe is an Arazzo 1.0 workflow: its steps call the API's operations in order, each checks its answer and hands values to the next. Every recipe runs against the sandbox in CI.",
    '',
    ...recipes.map(
      (recipe) => `- [${recipe.title}](${siteUrl}${recipeUrl(recipe.workflow.workflowId)}.md): ${recipe.summary}`,
    ),
  ].join('\n');
}

/** A recipe's page as Markdown: inputs, each step with its operation, what it takes, checks and hands on, outputs, and the code. */
export function recipeToMarkdown(recipe: Recipe, contract: OperationContract, siteUrl: string): string {
  const { workflow } = recipe;
  const operations = recipeOperations(contract, recipe);
  const inputs = Object.entries(workflow.inputs.properties);
  const steps = workflow.steps.map((step, index) => {
    const operation = operations.get(operationRef(step.operationId).operationId);
    const reference = callsSandbox(step.operationId)
      ? `${siteUrl}/docs/sandbox`
      : `${siteUrl}/api#operation/${operation?.operationId ?? ''}`;
    const endpoint = operation
      ? `[\`${wireMethod(operation.method)} ${operation.path}\`](${reference})`
      : `\`${step.operationId}\``;
    const takes = [
      ...step.parameters.map((parameter) => `${parameter.in} \`${parameter.name}\` = \`${show(parameter.value)}\``),
      ...(step.requestBody ? ['this body:'] : []),
    ];
    return [
      `${index + 1}. **${operation?.summary ?? step.operationId}**: ${endpoint} (step \`${step.stepId}\`)`,
      ...(step.description ? ['', `   ${step.description.replace(/\s+/g, ' ')}`] : []),
      '',
      `   - Takes: ${takes.length > 0 ? takes.join('; ') : 'nothing but the API key'}`,
      ...(step.requestBody ? ['', fence(JSON.stringify(step.requestBody.payload, null, 2), 'json', '     '), ''] : []),
      `   - Checks: ${step.successCriteria.map((criterion) => `\`${criterion.condition}\``).join(', ')}`,
      ...(Object.keys(step.outputs).length > 0
        ? [
            `   - Hands on: ${Object.entries(step.outputs)
              .map(([name, expression]) => `\`${name}\` from \`${expression}\``)
              .join(', ')}`,
          ]
        : []),
    ].join('\n');
  });
  return [
    `# ${recipe.title}`,
    '',
    `> ${recipe.summary}`,
    '',
    workflow.description,
    '',
    `Written in Arazzo 1.0 (\`${recipe.file}\`); run it in the browser at ${siteUrl}${recipeUrl(workflow.workflowId)}, or with the MCP tool \`run_recipe\`.`,
    '',
    '## Inputs',
    '',
    ...(inputs.length === 0
      ? ['None.']
      : [
          '| Input | Type | Default | Example (the sandbox) | Description |',
          '|---|---|---|---|---|',
          ...inputs.map(
            ([name, property]) =>
              `| \`${name}\`${workflow.inputs.required.includes(name) ? ' (required)' : ''} | ${property.type} | ${property.default === undefined ? '' : `\`${cell(String(property.default))}\``} | ${property.examples?.[0] === undefined ? '' : `\`${cell(String(property.examples[0]))}\``} | ${cell(property.description ?? '')} |`,
          ),
        ]),
    '',
    '## Steps',
    '',
    steps.join('\n\n'),
    '',
    '## Outputs',
    '',
    ...(Object.keys(workflow.outputs).length === 0
      ? ['None.']
      : Object.entries(workflow.outputs).map(([name, expression]) => `- \`${name}\` from \`${expression}\``)),
    '',
    '## The recipe as code',
    ...RECIPE_LANGUAGES.flatMap((language) => [
      '',
      `### ${language.heading}`,
      '',
      fence(language.write(recipe, contract), language.highlight),
    ]),
  ].join('\n');
}
