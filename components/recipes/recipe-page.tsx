import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import { HighlightedCodeBlock } from '@/components/mdx/code-block';
import { Tab, Tabs } from '@/components/mdx/tabs.client';
import { createCodeHighlighter, type HighlightLanguage } from '@/lib/code/highlighter';
import type { TocEntry } from '@/lib/content/toc';
import { markdownToSafeHtml } from '@/lib/openapi/markdown';
import { getOperationContract, getPublicContractUrl } from '@/lib/contract';
import { recipeToPython, recipeToTypeScript } from '@/lib/recipes/code';
import type { Recipe } from '@/lib/recipes/document';
import { outputsTakenBy, stepFlows } from '@/lib/recipes/flow';
import { recipeUrl } from '@/lib/recipes/urls';
import { siteConfig } from '@/lib/site';
import { RecipeDiagram } from './recipe-diagram';
import { RecipeRunner } from './recipe-runner.client';
import { SampleFlag } from '@/components/feedback/sample-flag.client';
import { RecipeStepBody } from './recipe-step';
import { operationRef, recipeOperations } from '@/lib/recipes/sources';

// One highlighter for every recipe page of a build (it loads its grammars once).
let highlighter: ReturnType<typeof createCodeHighlighter> | undefined;

const TOC: TocEntry[] = [
  { depth: 2, text: 'Inputs', id: 'inputs' },
  { depth: 2, text: 'Steps', id: 'steps' },
  { depth: 2, text: 'How the steps connect', id: 'flow' },
  { depth: 2, text: 'Outputs', id: 'outputs' },
  { depth: 2, text: 'The recipe as code', id: 'code' },
];

/** Each step's body: its operation, what it takes (and from which step), what it checks and what it hands on. */
function recipeSteps(recipe: Recipe, operations: ReturnType<typeof recipeOperations>) {
  const { workflow } = recipe;
  const flows = stepFlows(workflow);
  const number = (stepId: string) => workflow.steps.findIndex((step) => step.stepId === stepId) + 1;
  const takenBy = outputsTakenBy(workflow);
  return workflow.steps.map((step, index) => {
    const operation = operations.get(operationRef(step.operationId).operationId);
    // The build checked every operationId against this contract (lib/recipes/validate.ts).
    if (!operation)
      throw new Error(
        `[recipes] ${recipe.file}: step ${step.stepId} calls ${step.operationId}, which the contract does not have`,
      );
    const flow = flows[index] ?? { stepId: step.stepId, inputs: [], from: [] };
    return (
      <RecipeStepBody
        key={step.stepId}
        step={step}
        operation={operation}
        flow={flow}
        takenBy={takenBy[index] ?? {}}
        number={number}
        recipe={workflow.workflowId}
      />
    );
  });
}

/** What the recipe hands back, each output with the expression that makes it. */
function RecipeOutputs({ outputs }: { outputs: Recipe['workflow']['outputs'] }) {
  const entries = Object.entries(outputs);
  return (
    <>
      <h2 id="outputs">Outputs</h2>
      {entries.length === 0 ? (
        <p>The recipe hands nothing back beyond what its steps show.</p>
      ) : (
        <ul>
          {entries.map(([name, expression]) => (
            <li key={name}>
              <code>{name}</code> from <code>{expression}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The whole recipe as a program, highlighted: kilowise-client TypeScript and Python, each with its flag. */
function RecipeCode({ typescript, python, recipe }: { typescript: string; python: string; recipe: string }) {
  return (
    <>
      <h2 id="code">The recipe as code</h2>
      <p>
        The same steps as a program, generated from the recipe: with{' '}
        <Link href="/sdk/packages/kilowise-client">kilowise-client</Link> in TypeScript, and with <code>requests</code>{' '}
        in Python. Both read the API key from <code>KILOWISE_API_KEY</code> and the server from{' '}
        <code>KILOWISE_BASE_URL</code> when it is set (the sandbox server, <code>npm run sandbox</code>, for a test).
      </p>
      <Tabs>
        <Tab label="TypeScript">
          <HighlightedCodeBlock html={typescript} language="ts" />
          <SampleFlag language="typescript" operationId={null} recipe={recipe} />
        </Tab>
        <Tab label="Python">
          <HighlightedCodeBlock html={python} language="python" />
          <SampleFlag language="python" operationId={null} recipe={recipe} />
        </Tab>
      </Tabs>
    </>
  );
}

/**
 * A recipe's page: what it does, its inputs, its steps (each with its operation, what it takes, checks and hands
 * on) with `Run recipe` against the sandbox, a diagram of which step feeds which, its outputs, and the whole
 * recipe as kilowise-client TypeScript and as Python, generated from the recipe.
 */
export async function RecipePage({ recipe }: { recipe: Recipe }) {
  const contract = getOperationContract();
  const operations = recipeOperations(contract, recipe);
  const { workflow } = recipe;
  highlighter ??= createCodeHighlighter();
  const code = await highlighter;
  const highlight = (text: string, language: HighlightLanguage) => code.highlight(text, language);
  const typescript = highlight(recipeToTypeScript(recipe, contract), 'ts');
  const python = highlight(recipeToPython(recipe, contract), 'python');
  const description = markdownToSafeHtml(workflow.description);
  const steps = recipeSteps(recipe, operations);
  return (
    <DocLayout
      area="docs"
      url={recipeUrl(workflow.workflowId)}
      title={recipe.title}
      toc={TOC}
      meta={
        <a
          className="doc__edit"
          href={`${siteConfig.editUrlBase}${recipe.file}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Edit this recipe
        </a>
      }
    >
      <style dangerouslySetInnerHTML={{ __html: code.css() }} />
      <p className="recipe__summary">{recipe.summary}</p>
      {description ? <div dangerouslySetInnerHTML={{ __html: description }} /> : null}
      <p className="recipe__source">
        {workflow.steps.length} steps, written in <a href="https://spec.openapis.org/arazzo/latest.html">Arazzo 1.0</a>{' '}
        in <code>{recipe.file}</code>. Every step and expression is checked against the API contract when the site
        builds, and every recipe runs against the sandbox in CI.
      </p>
      <RecipeRunner recipe={recipe} contractUrl={getPublicContractUrl()} steps={steps} />
      <h2 id="flow">How the steps connect</h2>
      <RecipeDiagram workflow={workflow} />
      <RecipeOutputs outputs={workflow.outputs} />
      <RecipeCode typescript={typescript} python={python} recipe={workflow.workflowId} />
    </DocLayout>
  );
}
