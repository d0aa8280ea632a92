import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseWith } from '../validation';
import { recipeDocumentSchema, type Recipe } from './document';

const recipesSchema = z.array(
  z.object({ file: z.string(), title: z.string(), summary: z.string(), workflow: recipeDocumentSchema.shape.workflows.element }),
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
    throw new Error('[recipes] .generated/recipes.json is missing: run `npm run spec:build` (part of `npm run build`)', { cause: error });
  }
  cached = parseWith(recipesSchema, JSON.parse(raw), '.generated/recipes.json');
  return cached;
}
