import type { OperationContract } from '../contract/operation-contract';
import type { Recipe, RecipeWorkflow } from './document';
import { checkCondition, evaluate, parseExpression, resolveValue, type ExpressionContext } from './expressions';
import { wireMethod } from '../openapi/methods';

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
  /** Called as each step finishes, for a page that shows the run as it goes. */
  onStep?: (step: StepRun, index: number) => void;
}

/** The inputs a run starts with when the reader gives none: each input's default. */
function defaultInputs(workflow: RecipeWorkflow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(workflow.inputs.properties).flatMap(([name, property]) =>
      property.default === undefined ? [] : [[name, property.default]],
    ),
  );
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

/**
 * Runs a recipe's steps in order against `options.fetch`, evaluating each step's parameters and body from the
 * inputs and the earlier steps' outputs, and stops at the first step whose success criteria do not hold.
 */
export async function runRecipe(recipe: Recipe, contract: OperationContract, options: RunOptions): Promise<RecipeRun> {
  const operations = new Map(contract.operations.map((operation) => [operation.operationId, operation]));
  // The key goes where the recipe says (its `apiKey` input, sent as each step's x-api-key header), as in any runner.
  const keyInput = 'apiKey' in recipe.workflow.inputs.properties ? { apiKey: options.apiKey } : {};
  const context: ExpressionContext = {
    inputs: { ...defaultInputs(recipe.workflow), ...keyInput, ...options.inputs },
    steps: {},
  };
  const base = (options.serverUrl ?? contract.serverUrl).replace(/\/$/, '');
  const steps: StepRun[] = [];
  for (const [index, step] of recipe.workflow.steps.entries()) {
    const operation = operations.get(step.operationId);
    if (!operation)
      throw new Error(
        `[recipes] ${recipe.file}: step ${step.stepId} calls ${step.operationId}, which the contract does not have`,
      );
    const value = (name: string, where: string) =>
      resolveValue(
        step.parameters.find(
          (parameter) => parameter.in === where && parameter.name.toLowerCase() === name.toLowerCase(),
        )?.value,
        context,
      );
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(String(value(name, 'path') ?? '')),
    );
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
      headers.push([operation.apiKeyHeader ?? keyHeader, options.apiKey]);
    const body = step.requestBody ? JSON.stringify(resolveValue(step.requestBody.payload, context)) : undefined;
    if (body !== undefined) headers.push(['content-type', step.requestBody?.contentType ?? 'application/json']);
    const search = query.toString();
    const run: StepRun = {
      stepId: step.stepId,
      operationId: step.operationId,
      request: {
        method: wireMethod(operation.method),
        url: `${base}${path}${search ? `?${search}` : ''}`,
        headers,
        body,
      },
      outputs: {},
    };
    steps.push(run);
    try {
      const response = await options.fetch(
        new Request(run.request.url, { method: run.request.method, headers, body, redirect: 'manual' }),
      );
      run.status = response.status;
      run.body = parseBody(await response.text());
      const here: ExpressionContext = {
        ...context,
        statusCode: response.status,
        body: run.body,
        headers: response.headers,
      };
      const unmet = step.successCriteria.find((criterion) => !checkCondition(criterion.condition, here));
      if (unmet) {
        const message =
          typeof run.body === 'object' && run.body !== null && 'message' in run.body
            ? `: ${String((run.body as { message: unknown }).message)}`
            : '';
        run.failed = `The criterion ${unmet.condition} does not hold (status ${response.status}${message})`;
      } else {
        for (const [name, text] of Object.entries(step.outputs)) {
          const expression = parseExpression(text);
          run.outputs[name] = expression ? evaluate(expression, here) : undefined;
        }
        context.steps[step.stepId] = { outputs: run.outputs };
      }
    } catch (error) {
      run.failed = `The request failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    options.onStep?.(run, index);
    if (run.failed) return { ok: false, steps, outputs: {} };
  }
  const outputs = Object.fromEntries(
    Object.entries(recipe.workflow.outputs).map(([name, text]) => {
      const expression = parseExpression(text);
      return [name, expression ? evaluate(expression, context) : undefined];
    }),
  );
  return { ok: true, steps, outputs };
}
