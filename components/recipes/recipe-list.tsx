import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import type { Recipe } from '@/lib/recipes/document';
import { RECIPES_URL, recipeUrl } from '@/lib/recipes/urls';
import { RECIPES_DESCRIPTION } from '@/lib/recipes/pages';

/** `/docs/recipes`: every recipe, with what it does and the operations it calls in order. */
export function RecipeList({ recipes }: { recipes: readonly Recipe[] }) {
  return (
    <DocLayout area="docs" url={RECIPES_URL} title="Recipes" toc={[]}>
      <p className="recipe__summary">{RECIPES_DESCRIPTION}</p>
      <p>
        Each recipe is a flow of several calls, written in{' '}
        <a href="https://spec.openapis.org/arazzo/latest.html">Arazzo 1.0</a>, the OpenAPI Initiative&apos;s format for
        API workflows. Its page shows every step with the operation it calls, what it takes, what it checks and what it
        hands to the next steps. <strong>Run recipe</strong> runs it against the sandbox in your browser, and the whole
        flow is there as code to copy, in TypeScript with <code>kilowise-client</code> and in Python. Coding agents can
        list and run the recipes through the docs&apos; <Link href="/docs/ai">MCP server</Link>.
      </p>
      <ul className="recipe-list">
        {recipes.map((recipe) => (
          <li key={recipe.workflow.workflowId} className="recipe-list__item">
            <h2 className="recipe-list__title">
              <Link href={recipeUrl(recipe.workflow.workflowId)}>{recipe.title}</Link>
            </h2>
            <p>{recipe.summary}</p>
            <p className="recipe-list__steps">
              {recipe.workflow.steps.length} steps: {recipe.workflow.steps.map((step) => step.operationId).join(' → ')}
            </p>
          </li>
        ))}
      </ul>
    </DocLayout>
  );
}
