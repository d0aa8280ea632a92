import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseWith } from '../validation';
import type { SidebarItem } from '../site/sidebar';
import { contractOperationSchema } from '../contract/operation-contract';
import { recipeDocumentSchema, type Recipe } from './document';
import { RECIPES_URL, recipeUrl } from './urls';

const recipesSchema = z.array(
  z.object({
    file: z.string(),
    title: z.string(),
    summary: z.string(),
    workflow: recipeDocumentSchema.shape.workflows.element,
    controls: z
      .object({
        operations: z.array(contractOperationSchema),
        defs: z.record(z.string(), z.union([z.record(z.string(), z.unknown()), z.boolean()])),
      })
      .optional(),
  }),
);

let cached: Recipe[] | undefined;

/** The recipes the build checked against the contract (`.generated/recipes.json`, written by `npm run spec:build`). */
export function getRecipes(): Recipe[] {
  if (cached) return cached;
  let raw: string;
  try {
    // A literal path keeps Next's file tracing to this one file.
    raw = readFileSync(path.join(process.cwd(), '.generated', 'recipes.json'), 'utf8');
  } catch (error) {
    throw new Error(
      '[recipes] .generated/recipes.json is missing: run `npm run spec:build` (part of `npm run build`)',
      { cause: error },
    );
  }
  cached = parseWith(recipesSchema, JSON.parse(raw), '.generated/recipes.json');
  return cached;
}

/** The recipe whose workflow has this id, or undefined. */
export function getRecipe(workflowId: string): Recipe | undefined {
  return getRecipes().find((recipe) => recipe.workflow.workflowId === workflowId);
}

/** The docs sidebar's "Recipes": the list page, with a link to each recipe. */
export function recipesSidebarItem(recipes: readonly Recipe[]): SidebarItem {
  const items: SidebarItem[] = recipes.map((recipe) => ({
    type: 'link',
    label: recipe.title,
    href: recipeUrl(recipe.workflow.workflowId),
    docId: recipeUrl(recipe.workflow.workflowId).slice(1),
  }));
  return items.length === 0
    ? { type: 'link', label: 'Recipes', href: RECIPES_URL, docId: RECIPES_URL.slice(1) }
    : { type: 'category', label: 'Recipes', href: RECIPES_URL, docId: RECIPES_URL.slice(1), collapsed: true, items };
}
