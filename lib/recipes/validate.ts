import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import type { JsonSchema } from '../contract/json-schema';
import type { Recipe, RecipeStep } from './document';
import { checkCondition, expressionsIn, parseExpression, type Expression } from './expressions';
import { API_SOURCE, operationRef, recipeDefs, recipeOperations, SANDBOX_SOURCE } from './sources';
import { isObject } from '../json/object';

/** Where a problem is: the file, the workflow, the step (if any) and the field. */
export interface RecipeProblem {
  file: string;
  workflowId: string;
  stepId?: string;
  field: string;
  message: string;
}

/** One line: `content/recipes/x.arazzo.yaml: workflow w, step s, field f: message`. */
export const formatProblem = (problem: RecipeProblem) =>
  `${problem.file}: workflow ${problem.workflowId}${problem.stepId ? `, step ${problem.stepId}` : ''}, field ${problem.field}: ${problem.message}`;

/** Whether a JSON pointer names a place the schema describes (a free-form object or a map takes any key). */
function pointerFits(
  schema: JsonSchema | undefined,
  pointer: readonly string[],
  defs: Record<string, JsonSchema>,
  seen = 0,
): boolean {
  if (pointer.length === 0) return true;
  if (!isObject(schema) || seen > 40) return schema === true || schema === undefined;
  const ref = typeof schema.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  if (ref) return pointerFits(defs[ref], pointer, defs, seen + 1);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.some((option) => pointerFits(option as JsonSchema, pointer, defs, seen + 1)))
      return true;
  }
  const [head = '', ...rest] = pointer;
  if (/^\d+$/.test(head) && schema.items !== undefined)
    return pointerFits(schema.items as JsonSchema, rest, defs, seen + 1);
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (properties && head in properties) return pointerFits(properties[head] as JsonSchema, rest, defs, seen + 1);
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
    return pointerFits(schema.additionalProperties as JsonSchema, rest, defs, seen + 1);
  return !properties && schema.type === 'object';
}

/** The schema of the operation's successful JSON answer, if it has one. */
const successSchema = (operation: ContractOperation) =>
  operation.responses.find((response) => /^2/.test(response.status) && response.schema !== undefined)?.schema;

/** What the checks of one recipe share: where they report, its inputs and schemas, and the steps seen so far. */
interface RecipeCheck {
  report: (field: string, message: string, stepId?: string) => void;
  inputs: string[];
  defs: Record<string, JsonSchema>;
  /** Each earlier step's outputs, by its id. */
  earlier: Map<string, string[]>;
}

/**
 * Holds each recipe to the contract: every operationId, parameter and body is the operation's, every runtime
 * expression names an input, an earlier step's output or a part of the response the contract describes, and every
 * success criterion can be read. Returns every problem, each naming its place.
 */
export function validateRecipe(recipe: Recipe, contract: OperationContract): RecipeProblem[] {
  const { workflow, file } = recipe;
  const problems: RecipeProblem[] = [];
  const check: RecipeCheck = {
    report: (field, message, stepId) =>
      problems.push({ file, workflowId: workflow.workflowId, stepId, field, message }),
    inputs: Object.keys(workflow.inputs.properties),
    defs: recipeDefs(contract, recipe),
    earlier: new Map(),
  };
  const operations = recipeOperations(contract, recipe);
  const sources = recipe.controls ? [API_SOURCE, SANDBOX_SOURCE] : [API_SOURCE];
  for (const name of workflow.inputs.required)
    if (!check.inputs.includes(name)) check.report(`inputs.required`, `${name} is required but is not an input`);
  workflow.steps.forEach((step: RecipeStep, index) => {
    const at = (field: string) => `steps[${index}].${field}`;
    if (check.earlier.has(step.stepId))
      check.report(at('stepId'), `${step.stepId} is used by an earlier step`, step.stepId);
    const ref = operationRef(step.operationId);
    // With two sources Arazzo names every step's operation with its source; with one it may, and it must be known.
    if (ref.source !== undefined && !sources.includes(ref.source))
      check.report(
        at('operationId'),
        `${step.operationId} names the source ${ref.source}, which the recipe does not declare`,
        step.stepId,
      );
    if (ref.source === undefined && sources.length > 1)
      check.report(
        at('operationId'),
        `with two sources, write $sourceDescriptions.${API_SOURCE}.${ref.operationId}`,
        step.stepId,
      );
    const operation = operations.get(ref.operationId);
    if (!operation) check.report(at('operationId'), `no operation ${step.operationId} in the contract`, step.stepId);
    else checkStepCall(check, step, at, operation);
    checkStepExpressions(check, step, at, operation ?? null);
    check.earlier.set(step.stepId, Object.keys(step.outputs));
  });
  for (const [name, text] of Object.entries(workflow.outputs))
    checkExpression(check, text, `outputs.${name}`, undefined, undefined);
  return problems;
}

/** A step's parameters and body against its operation's: each one known, each required one there. */
function checkStepCall(
  { report }: RecipeCheck,
  step: RecipeStep,
  at: (field: string) => string,
  operation: ContractOperation,
): void {
  step.parameters.forEach((parameter, position) => {
    const known = operation.parameters.find(
      (candidate) =>
        candidate.in === parameter.in &&
        (candidate.in === 'header'
          ? candidate.name.toLowerCase() === parameter.name.toLowerCase()
          : candidate.name === parameter.name),
    );
    // The API key is a security scheme, not a parameter: a portable recipe sends it as the header the scheme names.
    const isKey = parameter.in === 'header' && parameter.name.toLowerCase() === operation.apiKeyHeader?.toLowerCase();
    if (!known && !isKey)
      report(
        at(`parameters[${position}]`),
        `${operation.operationId} has no ${parameter.in} parameter ${parameter.name} (it has: ${operation.parameters.map((candidate) => `${candidate.in} ${candidate.name}`).join(', ') || 'none'})`,
        step.stepId,
      );
  });
  for (const required of operation.parameters.filter((parameter) => parameter.required)) {
    if (
      !step.parameters.some(
        (parameter) => parameter.in === required.in && parameter.name.toLowerCase() === required.name.toLowerCase(),
      )
    ) {
      report(
        at('parameters'),
        `${operation.operationId} needs its ${required.in} parameter ${required.name}`,
        step.stepId,
      );
    }
  }
  if (step.requestBody && !operation.requestBody)
    report(at('requestBody'), `${operation.operationId} takes no request body`, step.stepId);
  if (!step.requestBody && operation.requestBody?.required)
    report(at('requestBody'), `${operation.operationId} needs a request body`, step.stepId);
}

/**
 * Every runtime expression of a step: in its parameters and body (no response to read there), in its success
 * criteria and its actions' criteria (each also a condition recipes can read), and in its outputs. `operation` is
 * null when the step's operation is unknown.
 */
function checkStepExpressions(
  check: RecipeCheck,
  step: RecipeStep,
  at: (field: string) => string,
  operation: ContractOperation | null,
): void {
  step.parameters.forEach((parameter, position) => {
    for (const text of expressionsIn(parameter.value))
      checkExpression(check, text, at(`parameters[${position}].value`), step.stepId, undefined);
  });
  for (const text of expressionsIn(step.requestBody?.payload))
    checkExpression(check, text, at('requestBody.payload'), step.stepId, undefined);
  (step.requestBody?.replacements ?? []).forEach((replacement, position) => {
    for (const text of expressionsIn(replacement.value))
      checkExpression(check, text, at(`requestBody.replacements[${position}].value`), step.stepId, undefined);
  });
  const criteria = [
    ...step.successCriteria.map((criterion, position) => ({ criterion, field: `successCriteria[${position}]` })),
    ...[...(step.onSuccess ?? []), ...(step.onFailure ?? [])].flatMap((action) =>
      (action.criteria ?? []).map((criterion, position) => ({
        criterion,
        field: `${action.name}.criteria[${position}]`,
      })),
    ),
  ];
  for (const { criterion, field: where } of criteria) {
    const field = at(`${where}.condition`);
    try {
      checkCondition(criterion.condition);
    } catch (error) {
      check.report(field, error instanceof Error ? error.message : String(error), step.stepId);
    }
    for (const text of criterion.condition.match(/\$[^\s'"=!<>|&()]+/g) ?? [])
      checkExpression(check, text, field, step.stepId, operation);
  }
  for (const [name, text] of Object.entries(step.outputs))
    checkExpression(check, text, at(`outputs.${name}`), step.stepId, operation);
}

/**
 * Checks one expression in a step's field. `operation` is the step's where a response is there to read (success
 * criteria and outputs): null there when the step's operation is unknown, undefined in parameters and bodies.
 */
function checkExpression(
  { report, inputs, defs, earlier }: RecipeCheck,
  text: string,
  field: string,
  stepId: string | undefined,
  operation: ContractOperation | null | undefined,
): void {
  const expression: Expression | undefined = parseExpression(text);
  if (!expression)
    return report(
      field,
      `${text} is not a runtime expression recipes understand ($inputs.…, $steps.{id}.outputs.…, $statusCode, $response.body#/…, $response.header.…)`,
      stepId,
    );
  if (expression.source === 'inputs' && !inputs.includes(expression.path[0] ?? '')) {
    return report(field, `${text}: no input ${expression.path[0]} (inputs: ${inputs.join(', ') || 'none'})`, stepId);
  }
  if (expression.source === 'steps') {
    const outputs = earlier.get(expression.stepId);
    if (!outputs)
      return report(
        field,
        `${text}: no earlier step ${expression.stepId} (earlier steps: ${[...earlier.keys()].join(', ') || 'none'})`,
        stepId,
      );
    if (!outputs.includes(expression.output))
      return report(
        field,
        `${text}: step ${expression.stepId} has no output ${expression.output} (its outputs: ${outputs.join(', ') || 'none'})`,
        stepId,
      );
  }
  if (expression.source === 'statusCode' || expression.source === 'body' || expression.source === 'header') {
    if (operation === null) return;
    if (!operation) return report(field, `${text} has no response to read here`, stepId);
    if (expression.source === 'body' && !pointerFits(successSchema(operation), expression.pointer, defs)) {
      report(field, `${text}: the ${operation.operationId} answer has no /${expression.pointer.join('/')}`, stepId);
    }
  }
}
