'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type Dispatch, type ReactNode, type RefObject, type SetStateAction } from 'react';
import { tabSandbox } from '@/lib/browser/playground/sandbox-store';
import { LoadError } from '@/components/errors/load-error';
import { DataTable } from '@/components/ui/data-table';
import type { Recipe } from '@/lib/recipes/document';
import { runRecipe, type StepRun } from '@/lib/recipes/run';
import { recordInsight } from '@/components/feedback/send';
import { StepResult } from './step-result';

/** The key the recipe sends: the sandbox takes any, and keeps one state for the tab. */
const SANDBOX_KEY = 'sandbox';

type Opened = ReturnType<typeof import('@/lib/browser/recipes/recipe-sandbox').openRecipeSandbox>;

/** The published contract's JSON, or an error that names its URL. */
async function fetchContract(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(
      `Could not load the sandbox's contract from ${url}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!response.ok) throw new Error(`Could not load the sandbox's contract from ${url}: HTTP ${response.status}`);
  return response.json();
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'reset' }
  | { kind: 'running'; at: number }
  | { kind: 'done'; ok: boolean; message: string }
  | { kind: 'error'; message: string };

const RESET_MESSAGE = "The sandbox is reset: it holds only the contract's example data again.";

/** An input's field text as the value the recipe takes, or why it cannot be. */
function inputValue(type: string, text: string): { value: unknown } | { problem: string } {
  if (type === 'integer' || type === 'number') {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value) || (type === 'integer' && !Number.isInteger(value)))
      return { problem: `must be ${type === 'integer' ? 'a whole number' : 'a number'}` };
    return { value };
  }
  if (type === 'boolean')
    return text === 'true' || text === 'false' ? { value: text === 'true' } : { problem: 'must be true or false' };
  return { value: text };
}

/**
 * The recipe page's sandbox, loaded once: when the reader scrolls to the run bar (`bar`), points at or focuses
 * Run, or runs. The module and the contract load side by side; a failed load is tried again on the next call.
 */
function useRecipeSandbox(contractUrl: string, bar: RefObject<HTMLElement | null>) {
  const opened = useRef<Promise<Opened> | undefined>(undefined);

  // A reader who scrolls to the steps is about to run them: the sandbox loads then, not on the click.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void open().catch(() => undefined);
    });
    observer.observe(element);
    return () => observer.disconnect();
    // open only reads refs and the URL, which does not change for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function open(): Promise<Opened> {
    opened.current ??= Promise.all([import('@/lib/browser/recipes/recipe-sandbox'), fetchContract(contractUrl)]).then(
      ([{ openRecipeSandbox }, json]) => openRecipeSandbox(contractUrl, json),
    );
    opened.current.catch(() => (opened.current = undefined));
    return opened.current;
  }

  return { open, opened };
}

type InputProperty = Recipe['workflow']['inputs']['properties'][string];

/** The recipe's inputs, each with its field, type and description; a field whose value cannot be taken is marked. */
function RecipeInputs({
  recipe,
  properties,
  values,
  onChange,
  problems,
}: {
  recipe: Recipe;
  properties: [string, InputProperty][];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  problems: string[];
}) {
  if (properties.length === 0) return <p>This recipe takes no inputs.</p>;
  return (
    <>
      <p>A run starts with these values. Change any of them before you run the recipe.</p>
      <DataTable
        className="recipe-inputs"
        rows={properties}
        rowKey={([name]) => name}
        columns={[
          {
            header: 'Input',
            rowHeader: true,
            cell: ([name, property]) => (
              <>
                <label htmlFor={`input-${name}`}>
                  <code>{name}</code>
                </label>
                <span className="recipe-inputs__type">
                  {property.type}
                  {recipe.workflow.inputs.required.includes(name) ? ', required' : ''}
                </span>
              </>
            ),
          },
          {
            header: 'Value',
            cell: ([name, property]) => (
              <input
                id={`input-${name}`}
                className="recipe-inputs__field"
                inputMode={property.type === 'integer' || property.type === 'number' ? 'numeric' : undefined}
                value={values[name] ?? ''}
                onChange={(event) => onChange({ ...values, [name]: event.target.value })}
                aria-invalid={problems.some((problem) => problem.startsWith(`${name} `)) || undefined}
              />
            ),
          },
          { header: 'Description', cell: ([, property]) => property.description },
        ]}
      />
    </>
  );
}

/** What the run bar says: the inputs to fix, the step running, how the run ended, or that the sandbox was reset. */
function statusText(problems: readonly string[], phase: Phase, total: number): string {
  if (problems.length > 0) return `Fix the inputs first: ${problems.join('; ')}.`;
  if (phase.kind === 'running') return `Running step ${Math.min(phase.at + 1, total)} of ${total}…`;
  if (phase.kind === 'done') return phase.message;
  if (phase.kind === 'reset') return RESET_MESSAGE;
  return '';
}

/** The steps' descriptions, each with its run once it has run, or a note when an earlier step failed. */
function RecipeSteps({
  recipe,
  steps,
  runs,
  phase,
}: {
  recipe: Recipe;
  steps: ReactNode[];
  runs: (StepRun | undefined)[];
  phase: Phase;
}) {
  return (
    <ol className="recipe-steps">
      {steps.map((body, index) => {
        const stepRun = runs[index];
        const notRun = phase.kind === 'done' && !phase.ok && stepRun === undefined && runs.length > 0;
        return (
          <li
            key={recipe.workflow.steps[index]?.stepId ?? index}
            className="recipe-step"
            data-step-state={stepRun ? (stepRun.failed ? 'failed' : 'passed') : notRun ? 'skipped' : undefined}
          >
            {body}
            {stepRun ? <StepResult run={stepRun} /> : null}
            {notRun ? <p className="recipe-result recipe-result--skipped">Not run: an earlier step failed.</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** What a run needs: the recipe and its inputs, the sandbox to open, and where each step's outcome goes. */
interface RecipeRun {
  recipe: Recipe;
  properties: [string, InputProperty][];
  values: Record<string, string>;
  open: () => Promise<Opened>;
  setRuns: Dispatch<SetStateAction<(StepRun | undefined)[]>>;
  setPhase: (phase: Phase) => void;
}

/** Runs the recipe on the tab's sandbox with `runRecipe`, showing each step as it ends, then the outcome. */
async function runOnSandbox({ recipe, properties, values, open, setRuns, setPhase }: RecipeRun): Promise<void> {
  setRuns([]);
  setPhase({ kind: 'running', at: 0 });
  try {
    const { contract, sandbox } = await open();
    const inputs = Object.fromEntries(
      properties.map(([name, property]) => [
        name,
        (inputValue(property.type, values[name] ?? '') as { value: unknown }).value,
      ]),
    );
    const result = await runRecipe(recipe, contract, {
      fetch: (request) => sandbox.handle(request),
      apiKey: SANDBOX_KEY,
      inputs,
      onStep: (step, index) => {
        setRuns((current) => Object.assign([...current], { [index]: step }));
        setPhase({ kind: 'running', at: index + 1 });
      },
    });
    const failed = result.steps.find((step) => step.failed);
    recordInsight({ type: 'recipe_run', recipe: recipe.workflow.workflowId, failedStep: failed?.stepId ?? null });
    setPhase({
      kind: 'done',
      ok: result.ok,
      message: result.ok
        ? `All ${result.steps.length} steps passed.`
        : `Step ${result.steps.length} (${failed?.stepId ?? ''}) failed; the steps after it did not run.`,
    });
  } catch (error) {
    setPhase({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Run recipe (the sandbox starts loading when the reader points at it), Reset sandbox, and what the run is doing. */
function RunBar({
  barRef,
  running,
  canRun,
  status,
  onRun,
  onOpen,
  onReset,
}: {
  barRef: RefObject<HTMLDivElement | null>;
  running: boolean;
  /** The inputs can be taken. */
  canRun: boolean;
  status: string;
  onRun: () => void;
  onOpen: () => void;
  onReset: () => void;
}) {
  return (
    <div className="recipe-runner__bar" ref={barRef}>
      <button
        type="button"
        className="button button--primary"
        onClick={onRun}
        onPointerEnter={onOpen}
        onFocus={onOpen}
        disabled={running || !canRun}
      >
        Run recipe
      </button>
      <button type="button" className="button" onClick={onReset} disabled={running}>
        Reset sandbox
      </button>
      <p className="recipe-runner__status" role="status">
        {status}
      </p>
    </div>
  );
}

/**
 * A recipe's inputs and steps, and the run: `Run recipe` sends the steps one after another to the sandbox in this
 * tab (the playground's, same state) with `runRecipe`, the runner the tests and the MCP server use, and each step
 * shows what it sent, what came back and what it hands on. `steps` are the steps' descriptions, written at build time.
 */
export function RecipeRunner({
  recipe,
  contractUrl,
  steps,
}: {
  recipe: Recipe;
  contractUrl: string;
  steps: ReactNode[];
}) {
  const properties = Object.entries(recipe.workflow.inputs.properties);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      // The page's runs are on the sandbox: an id with no default starts as its example, the sandbox's sample data.
      properties.map(([name, property]) => [name, String(property.default ?? property.examples?.[0] ?? '')]),
    ),
  );
  const [runs, setRuns] = useState<(StepRun | undefined)[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const bar = useRef<HTMLDivElement>(null);
  const { open, opened } = useRecipeSandbox(contractUrl, bar);

  const problems = properties.flatMap(([name, property]) => {
    const read = inputValue(property.type, values[name] ?? '');
    return 'problem' in read ? [`${name} ${read.problem}`] : [];
  });

  async function run() {
    if (problems.length > 0) return;
    await runOnSandbox({ recipe, properties, values, open, setRuns, setPhase });
  }

  function reset() {
    void opened.current?.then(
      ({ sandbox }) => sandbox.reset(),
      () => undefined,
    );
    // Before the sandbox has loaded, clearing its storage is the whole reset.
    if (!opened.current) tabSandbox.clear();
    setRuns([]);
    setPhase({ kind: 'reset' });
  }

  const running = phase.kind === 'running';
  return (
    <div
      className="recipe-runner"
      data-run-state={phase.kind === 'done' ? (phase.ok ? 'passed' : 'failed') : phase.kind}
    >
      <h2 id="inputs">Inputs</h2>
      <RecipeInputs recipe={recipe} properties={properties} values={values} onChange={setValues} problems={problems} />
      <h2 id="steps">Steps</h2>
      <p>
        <strong>Run recipe</strong> sends the steps one after another to the sandbox in this tab, which checks each
        request against the contract as the API does and shares its data with the{' '}
        <Link href="/playground">playground</Link>. Each step then shows its status, what it sent and received, and the
        values it hands on.
      </p>
      <RunBar
        barRef={bar}
        running={running}
        canRun={problems.length === 0}
        status={statusText(problems, phase, recipe.workflow.steps.length)}
        onRun={() => void run()}
        onOpen={() => void open().catch(() => undefined)}
        onReset={reset}
      />
      {phase.kind === 'error' ? <LoadError message={phase.message} onRetry={() => void run()} /> : null}
      <RecipeSteps recipe={recipe} steps={steps} runs={runs} phase={phase} />
    </div>
  );
}
