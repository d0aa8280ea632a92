/** What `/docs/recipes` says it holds: its lead, its meta description and its line in llms.txt. */
export const RECIPES_DESCRIPTION =
  'Integration recipes: the flows a partner builds, from a new user to a working integration, step by step and runnable against the sandbox.';
