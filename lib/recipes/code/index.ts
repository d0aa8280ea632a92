import type { OperationContract } from '../../contract/operation-contract';
import type { Recipe } from '../document';
import { recipeToPython } from './python';
import { recipeToTypeScript } from './typescript';

/** A language a recipe is written as a program in: its heading, the highlighter's language, and its writer. */
export interface RecipeLanguage {
  id: 'typescript' | 'python';
  heading: string;
  highlight: 'ts' | 'python';
  write: (recipe: Recipe, contract: OperationContract) => string;
}

/** The one table of the languages of a recipe's code, in the order the page and the Markdown twin show them. */
export const RECIPE_LANGUAGES: readonly RecipeLanguage[] = [
  { id: 'typescript', heading: 'TypeScript (kilowise-client)', highlight: 'ts', write: recipeToTypeScript },
  { id: 'python', heading: 'Python', highlight: 'python', write: recipeToPython },
];

export { inputVariable, SANDBOX_URL } from './program';
export { recipeToPython, recipeToTypeScript };
