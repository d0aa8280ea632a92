import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import type { OperationContract } from '../contract/operation-contract';
import { lintArazzo } from './arazzo-lint';
import { buildOperationContract } from '../contract/build';
import { buildApi } from '../openapi/pipeline';
import { recipeDocumentSchema, type Recipe } from './document';
import { prefixControls, SANDBOX_SOURCE, type RecipeControls } from './sources';
import { formatProblem, validateRecipe } from './validate';

/** Where the recipes live: one Arazzo document per recipe. */
export const RECIPES_DIR = 'content/recipes';
export const RECIPE_SUFFIX = '.arazzo.yaml';

/** The recipes as the build checked them, for the site and its MCP server (`npm run spec:build` writes it). */
export const RECIPES_PATH = '.generated/recipes.json';

/** The sandbox's controls, as the API is: content/openapi/sandbox-controls.yaml through the same pipeline. */
export const SANDBOX_CONTROLS_PATH = 'content/openapi/sandbox-controls.yaml';
let controlsBuilt: Promise<RecipeControls> | undefined;

function sandboxControls(): Promise<RecipeControls> {
  controlsBuilt ??= (async () => {
    const { model, document } = await buildApi({
      source: { kind: 'snapshot', location: SANDBOX_CONTROLS_PATH },
      fallbackToSnapshot: false,
    });
    // No kilowise-client method calls the controls: an empty SDK reference.
    return prefixControls(buildOperationContract(document, model, EMPTY_SDK));
  })();
  return controlsBuilt;
}

const EMPTY_SDK = { operations: [], symbols: [] } as unknown as Parameters<typeof buildOperationContract>[2];

/** Thrown for a recipe that breaks the Arazzo schema or the contract: one line per problem, each naming its place. */
export class RecipeError extends Error {}

/** Reads one recipe file: YAML, then the Arazzo 1.0 schema, then the subset recipes use, then the contract. */
export async function loadRecipe(file: string, contract: OperationContract): Promise<Recipe> {
  const text = await readFile(file, 'utf8');
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new RecipeError(
      `${file}: not YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
  }
  const schemaProblems = await lintArazzo(text, file, raw);
  if (schemaProblems.length > 0) throw new RecipeError(schemaProblems.join('\n'));
  const parsed = recipeDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const workflowId = (raw as { workflows?: { workflowId?: string }[] })?.workflows?.[0]?.workflowId ?? '?';
    throw new RecipeError(
      parsed.error.issues
        .map((issue) => `${file}: workflow ${workflowId}, field ${issue.path.join('.')}: ${issue.message}`)
        .join('\n'),
    );
  }
  const [workflow] = parsed.data.workflows;
  if (!workflow) throw new RecipeError(`${file}: no workflow`);
  if (`${workflow.workflowId}${RECIPE_SUFFIX}` !== path.basename(file)) {
    throw new RecipeError(
      `${file}: workflow ${workflow.workflowId}, field workflowId: the file must be named ${workflow.workflowId}${RECIPE_SUFFIX}, as the recipe's URL is`,
    );
  }
  const usesSandbox = parsed.data.sourceDescriptions.some((source) => source.name === SANDBOX_SOURCE);
  const controls = usesSandbox ? await sandboxControls() : undefined;
  const recipe: Recipe = {
    file,
    title: parsed.data.info.title,
    summary: parsed.data.info.summary,
    workflow,
    ...(controls ? { controls } : {}),
  };
  const problems = validateRecipe(recipe, contract);
  if (problems.length > 0) throw new RecipeError(problems.map(formatProblem).join('\n'));
  return recipe;
}

/** Every recipe, in file-name order; the first bad one throws, naming every problem it has. */
export async function loadRecipes(contract: OperationContract, dir = RECIPES_DIR): Promise<Recipe[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(RECIPE_SUFFIX)).sort();
  const recipes: Recipe[] = [];
  for (const name of files) recipes.push(await loadRecipe(path.join(dir, name), contract));
  return recipes;
}
