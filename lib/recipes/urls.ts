/** The page that lists the recipes. */
export const RECIPES_URL = '/docs/recipes';

/** A recipe's page. */
export const recipeUrl = (workflowId: string) => `${RECIPES_URL}/${workflowId}`;
