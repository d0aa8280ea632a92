import type { Recipe, RecipeInput, RecipeStep } from '../document';
import { expressionsIn, parseExpression, type Expression } from '../expressions';
import { API_KEY_INPUT } from '../flow';
import { callsSandbox } from '../sources';

// What the programs a recipe is written as share, whatever their language: names, inputs, which outputs may be
// absent, and expressions and criteria as code through a language's Syntax.

/** `add-home` → `addHome` (TypeScript) or `add_home` (Python). */
export const camel = (id: string) => id.replace(/[-_.]([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
export const snake = (id: string) =>
  id
    .replace(/[-.]/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();

/** The environment variable a generated program reads an input from: `userId` → `KILOWISE_USER_ID`. */
export const inputVariable = (name: string) => `KILOWISE_${snake(name.replace(/SoC/g, 'Soc')).toUpperCase()}`;

/** Whether a recipe calls the sandbox's controls: then its program runs against the sandbox only. */
export const usesControls = (recipe: Recipe) => recipe.workflow.steps.some((step) => callsSandbox(step.operationId));

/** Where a program of a sandbox-only recipe sends its requests unless KILOWISE_BASE_URL says otherwise. */
export const SANDBOX_URL = 'http://127.0.0.1:4010';

/**
 * An input's fallback in a program: its default; in a sandbox-only program also its example (the sandbox's sample
 * data). A program against the API has no fallback for an id: the partner gives it.
 */
export function inputFallback(recipe: Recipe, property: RecipeInput): string | number | boolean | undefined {
  return property.default ?? (usesControls(recipe) ? property.examples?.[0] : undefined);
}

/** The inputs a program reads, the key left out (the client's configuration), with the comment line for each. */
export function programInputs(recipe: Recipe) {
  return Object.entries(recipe.workflow.inputs.properties)
    .filter(([name]) => name !== API_KEY_INPUT)
    .map(([name, property]) => {
      const fallback = inputFallback(recipe, property);
      const example = property.examples?.[0];
      const note = [
        fallback === undefined ? 'required' : `default ${String(fallback)}`,
        ...(fallback === undefined && example !== undefined ? [`for example ${String(example)} in the sandbox`] : []),
      ].join('; ');
      return {
        name,
        property,
        fallback,
        variable: inputVariable(name),
        comment: `${inputVariable(name)} (${note}): ${(property.description ?? name).replace(/\s+/g, ' ')}`,
      };
    });
}

/**
 * The outputs that may be absent from their answer: those a later step only puts in a body field, which is then
 * left out, as the answer left it out. Every other output (in a path, a query, a header, a criterion) is required.
 */
export function optionalOutputs(recipe: Recipe): Set<string> {
  const key = (text: string) => {
    const parsed = parseExpression(text);
    return parsed?.source === 'steps' ? `${parsed.stepId}.${parsed.output}` : undefined;
  };
  const inBodyFields = new Set<string>();
  const elsewhere = new Set<string>();
  for (const step of recipe.workflow.steps) {
    const payload = step.requestBody?.payload;
    const replaced = (step.requestBody?.replacements ?? []).length > 0;
    if (payload !== null && typeof payload === 'object' && !Array.isArray(payload) && !replaced)
      for (const value of Object.values(payload)) {
        const found = typeof value === 'string' ? key(value) : undefined;
        if (found) inBodyFields.add(found);
        else for (const text of expressionsIn(value)) elsewhere.add(key(text) ?? '');
      }
    else for (const text of expressionsIn(payload)) elsewhere.add(key(text) ?? '');
    for (const replacement of step.requestBody?.replacements ?? [])
      for (const text of expressionsIn(replacement.value)) elsewhere.add(key(text) ?? '');
    for (const parameter of step.parameters)
      for (const text of expressionsIn(parameter.value)) elsewhere.add(key(text) ?? '');
    const criteria = [
      ...step.successCriteria,
      ...[...(step.onSuccess ?? []), ...(step.onFailure ?? [])].flatMap((action) => action.criteria ?? []),
    ];
    for (const criterion of criteria)
      for (const text of criterion.condition.match(/\$[^\s'"=!<>|&()]+/g) ?? []) elsewhere.add(key(text) ?? '');
  }
  return new Set([...inBodyFields].filter((output) => !elsewhere.has(output)));
}

/** How a language writes the parts of a recipe that are not literal values. */
export interface Syntax {
  /** A step's answer, and one of its outputs. */
  stepVar: (stepId: string) => string;
  outputVar: (stepId: string, output: string) => string;
  inputs: (name: string) => string;
  /** A path into a value: `.a[0].b` or `["a"][0]["b"]`. */
  access: (path: readonly string[]) => string;
  string: (text: string) => string;
  statusCode: string;
  and: string;
  or: string;
  equals: string;
  notEquals: string;
  literal: (text: string) => string;
  /** A copy of `base` with some fields replaced: `{ ...base, a: x }` (TypeScript) or `{**base, "a": x}` (Python). */
  replaced: (base: string, fields: readonly (readonly [string, string])[]) => string;
}

/** An expression as code, in terms of the variables the generated program defines. */
export function expressionCode(expression: Expression, recipe: Recipe, syntax: Syntax, currentStep?: string): string {
  switch (expression.source) {
    case 'inputs':
      return `${syntax.inputs(expression.path[0] ?? '')}${syntax.access(expression.path.slice(1))}`;
    case 'steps':
      return `${syntax.outputVar(expression.stepId, expression.output)}${syntax.access(expression.path)}`;
    case 'statusCode':
      return syntax.statusCode;
    case 'body':
      return `${syntax.stepVar(currentStep ?? '')}${syntax.access(expression.pointer)}`;
    case 'header':
      throw new Error(`[recipes] ${recipe.file}: a header in generated code is not supported yet`);
  }
}

/** A success criterion as a boolean expression of the language. */
export function conditionCode(condition: string, recipe: Recipe, syntax: Syntax, stepId: string): string {
  return condition.replace(
    /(\$[^\s'"=!<>|&()]+)|('(?:[^'\\]|\\.)*')|(==|!=|&&|\|\||\b(?:true|false|null)\b)/g,
    (whole, expression: string | undefined, quoted: string | undefined) => {
      if (expression) {
        const parsed = parseExpression(expression);
        return parsed ? expressionCode(parsed, recipe, syntax, stepId) : whole;
      }
      if (quoted) return syntax.string(quoted.slice(1, -1));
      return whole === '=='
        ? syntax.equals
        : whole === '!='
          ? syntax.notEquals
          : whole === '&&'
            ? syntax.and
            : whole === '||'
              ? syntax.or
              : syntax.literal(whole);
    },
  );
}

/** A body built from a value with replacements: `{ ...value, field: other }` (TypeScript) or `{**value, …}` (Python). */
export function replacedBody(step: RecipeStep, recipe: Recipe, syntax: Syntax): string | undefined {
  const replacements = step.requestBody?.replacements ?? [];
  if (replacements.length === 0) return undefined;
  const payload = step.requestBody?.payload;
  const parsed = typeof payload === 'string' ? parseExpression(payload) : undefined;
  if (!parsed)
    throw new Error(`[recipes] ${recipe.file}: step ${step.stepId}: replacements need a payload that is an expression`);
  const code = (value: unknown) => {
    const expression = typeof value === 'string' ? parseExpression(value) : undefined;
    return expression ? expressionCode(expression, recipe, syntax, step.stepId) : JSON.stringify(value);
  };
  const fields = replacements.map((replacement) => [replacement.target.slice(1), code(replacement.value)] as const);
  const base = expressionCode(parsed, recipe, syntax, step.stepId);
  return syntax.replaced(base, fields);
}
