import type { ContractOperation, OperationContract } from '../contract/operation-contract';
import type { Recipe, RecipeInput, RecipeStep, RecipeWorkflow } from './document';
import { API_KEY_INPUT } from './flow';
import { operationRef, recipeOperations } from './sources';
import { checkCondition, evaluate, parseExpression, resolveValue, type ExpressionContext } from './expressions';
import { decodePointerToken } from '../json/pointer';
import { wireMethod } from '../openapi/methods';
import { fillTemplate } from '../openapi/path-template';

/** One step as it ran: the request it sent, the answer, the values it hands on, and why it failed if it did. */
export interface StepRun {
  stepId: string;
  operationId: string;
  request: { method: string; url: string; headers: [string, string][]; body?: string };
  status?: number;
  body?: unknown;
  outputs: Record<string, unknown>;
  /** The criterion that did not hold, or what stopped the step, in a sentence. */
  failed?: string;
  /** How many times the step was sent again (its `retry` action) before its answer. */
  retries?: number;
  /** The `end` action that ended the workflow after this step, by name. */
  ended?: string;
}

export interface RecipeRun {
  ok: boolean;
  steps: StepRun[];
  outputs: Record<string, unknown>;
}

export interface RunOptions {
  /** Sends each request: the browser's fetch (the in-browser sandbox answers it), or one to a sandbox server. */
  fetch: (request: Request) => Promise<Response>;
  /** Where requests go, in place of the contract's server URL. */
  serverUrl?: string;
  apiKey: string;
  inputs?: Record<string, unknown>;
  /** Waits between retries; setTimeout unless a test gives its own. */
  sleep?: (ms: number) => Promise<void>;
  /** Called as each step finishes, for a page that shows the run as it goes. */
  onStep?: (step: StepRun, index: number) => void;
}

/**
 * An input's value on the sandbox when the reader gives none: its default, else its first example. The runner runs
 * against a sandbox (the browser's, MCP's, a test's), whose sample data the examples of an id name; a program
 * against the API has no such fallback (lib/recipes/code.ts).
 */
export function sandboxValue(property: RecipeInput): unknown {
  return property.default ?? property.examples?.[0];
}

/**
 * The inputs a run starts with: each input's sandbox value, then what the reader gave. An input left empty that
 * has no default takes its example, as a form's empty field would otherwise send an empty id.
 */
function startingInputs(workflow: RecipeWorkflow, given: Record<string, unknown>): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(workflow.inputs.properties)) {
    const value = sandboxValue(property);
    if (value !== undefined) inputs[name] = value;
  }
  for (const [name, value] of Object.entries(given)) {
    const property = workflow.inputs.properties[name];
    if (value === '' && property?.default === undefined && property?.examples?.length) continue;
    inputs[name] = value;
  }
  return inputs;
}

/** A body's text as JSON, or the text itself when it is not JSON. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
}

type Operations = Map<string, OperationContract['operations'][number]>;

/** A step's body: its payload with the inputs and earlier outputs filled in, then its replacements applied. */
function stepBody(step: RecipeStep, context: ExpressionContext): string | undefined {
  if (!step.requestBody) return undefined;
  let payload = resolveValue(step.requestBody.payload, context);
  const replacements = step.requestBody.replacements ?? [];
  if (replacements.length > 0 && typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const copy: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
    for (const replacement of replacements)
      copy[decodePointerToken(replacement.target.slice(1))] = resolveValue(replacement.value, context);
    payload = copy;
  }
  return JSON.stringify(payload);
}

/** The request a step sends: its path, query and header parameters, the key, and its body. */
function stepRequest(
  step: RecipeStep,
  operation: ContractOperation,
  context: ExpressionContext,
  base: string,
  apiKey: string,
): StepRun['request'] {
  const value = (name: string, where: string) =>
    resolveValue(
      step.parameters.find((parameter) => parameter.in === where && parameter.name.toLowerCase() === name.toLowerCase())
        ?.value,
      context,
    );
  const path = fillTemplate(operation.path, (name) => encodeURIComponent(String(value(name, 'path') ?? '')));
  const query = new URLSearchParams(
    step.parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => [parameter.name, String(resolveValue(parameter.value, context) ?? '')]),
  );
  const headers: [string, string][] = step.parameters
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => [parameter.name, String(resolveValue(parameter.value, context) ?? '')]);
  const keyHeader = operation.apiKeyHeader?.toLowerCase();
  if (keyHeader && !headers.some(([name]) => name.toLowerCase() === keyHeader))
    headers.push([operation.apiKeyHeader ?? keyHeader, apiKey]);
  const body = stepBody(step, context);
  if (body !== undefined) headers.push(['content-type', step.requestBody?.contentType ?? 'application/json']);
  const search = query.toString();
  return { method: wireMethod(operation.method), url: `${base}${path}${search ? `?${search}` : ''}`, headers, body };
}

/** The first action whose criteria all hold (an action without criteria always applies). */
function actionFor<T extends { criteria?: { condition: string }[] }>(
  actions: readonly T[] | undefined,
  here: ExpressionContext,
): T | undefined {
  return actions?.find((action) =>
    (action.criteria ?? []).every((criterion) => checkCondition(criterion.condition, here)),
  );
}

/**
 * Sends one step, again as its `retry` action says while its criteria fail, and records the answer, the outputs
 * and the outcome in `run`. Returns the context of the last answer, or undefined when the request itself failed.
 */
async function sendStep(step: RecipeStep, run: StepRun, context: ExpressionContext, options: RunOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    const { method, url, headers, body } = run.request;
    const response = await options.fetch(new Request(url, { method, headers, body, redirect: 'manual' }));
    run.status = response.status;
    run.body = parseBody(await response.text());
    const here: ExpressionContext = {
      ...context,
      statusCode: response.status,
      body: run.body,
      headers: response.headers,
    };
    const unmet = step.successCriteria.find((criterion) => !checkCondition(criterion.condition, here));
    if (!unmet) {
      for (const [name, text] of Object.entries(step.outputs)) {
        const expression = parseExpression(text);
        run.outputs[name] = expression ? evaluate(expression, here) : undefined;
      }
      context.steps[step.stepId] = { outputs: run.outputs };
      const end = actionFor(step.onSuccess, here);
      if (end) run.ended = end.name;
      return;
    }
    const action = actionFor(step.onFailure, here);
    if (action?.type === 'retry' && attempt < (action.retryLimit ?? 1)) {
      run.retries = attempt + 1;
      await sleep((action.retryAfter ?? 0) * 1000);
      continue;
    }
    const message =
      typeof run.body === 'object' && run.body !== null && 'message' in run.body
        ? `: ${String((run.body as { message: unknown }).message)}`
        : '';
    run.failed = `The criterion ${unmet.condition} does not hold (status ${response.status}${message})${
      action?.type === 'end' ? `; the recipe ends here (${action.name})` : ''
    }`;
    return;
  }
}

/**
 * Runs a recipe's steps in order against `options.fetch`, evaluating each step's parameters and body from the
 * inputs and the earlier steps' outputs. A step whose criteria fail is sent again as its `retry` action says;
 * the run stops at the first step that fails, or at one whose `end` action applies.
 */
export async function runRecipe(recipe: Recipe, contract: OperationContract, options: RunOptions): Promise<RecipeRun> {
  const operations: Operations = recipeOperations(contract, recipe);
  // The key goes where the recipe says (its `apiKey` input, sent as each step's x-api-key header), as in any runner.
  const keyInput = API_KEY_INPUT in recipe.workflow.inputs.properties ? { [API_KEY_INPUT]: options.apiKey } : {};
  const context: ExpressionContext = {
    inputs: startingInputs(recipe.workflow, { ...keyInput, ...options.inputs }),
    steps: {},
  };
  const base = (options.serverUrl ?? contract.serverUrl).replace(/\/$/, '');
  const steps: StepRun[] = [];
  for (const [index, step] of recipe.workflow.steps.entries()) {
    const operation = operations.get(operationRef(step.operationId).operationId);
    if (!operation)
      throw new Error(
        `[recipes] ${recipe.file}: step ${step.stepId} calls ${step.operationId}, which the contract does not have`,
      );
    const run: StepRun = {
      stepId: step.stepId,
      operationId: operation.operationId,
      request: stepRequest(step, operation, context, base, options.apiKey),
      outputs: {},
    };
    steps.push(run);
    try {
      await sendStep(step, run, context, options);
    } catch (error) {
      run.failed = `The request failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    options.onStep?.(run, index);
    if (run.failed) return { ok: false, steps, outputs: {} };
    if (run.ended) break;
  }
  const outputs = Object.fromEntries(
    Object.entries(recipe.workflow.outputs).map(([name, text]) => {
      const expression = parseExpression(text);
      return [name, expression ? evaluate(expression, context) : undefined];
    }),
  );
  return { ok: true, steps, outputs };
}
