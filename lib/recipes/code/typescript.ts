import type { OperationContract, ContractOperation } from '../../contract/operation-contract';
import { fieldKey, type RequestDraft } from '../../contract/request-draft';
import { clientCall, toTsLiteral } from '../../samples/client';
import { jsSingle } from '../../samples/escape';
import type { Recipe, RecipeStep } from '../document';
import { parseExpression } from '../expressions';
import { callsSandbox, operationRef, recipeOperations } from '../sources';
import { wireMethod } from '../../openapi/methods';
import { fillTemplate } from '../../openapi/path-template';
import {
  camel,
  conditionCode,
  expressionCode,
  optionalOutputs,
  programInputs,
  replacedBody,
  SANDBOX_URL,
  usesControls,
  type Syntax,
} from './program';

// A recipe as one TypeScript program with kilowise-client (the sandbox's controls through fetch).

const TS: Syntax = {
  stepVar: camel,
  outputVar: (stepId, output) => camel(`${stepId}-${output}`),
  inputs: (name) => `inputs.${name}`,
  // Optional at every step: an answer's fields may be absent, and required() or the criterion says so.
  access: (path) =>
    path
      .map((key) =>
        /^\d+$/.test(key) ? `?.[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `?.${key}` : `?.['${jsSingle(key)}']`,
      )
      .join(''),
  string: (text) => `'${jsSingle(text)}'`,
  statusCode: 'status',
  and: '&&',
  or: '||',
  equals: '===',
  notEquals: '!==',
  literal: (text) => text,
  replaced: (base, fields) =>
    `{ ...${base}, ${fields.map(([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${jsSingle(name)}'`}: ${value}`).join(', ')} }`,
};

/** What a TypeScript program is made of while its steps are written: the steps' lines and what they need above them. */
interface TsProgram {
  recipe: Recipe;
  operations: ReturnType<typeof recipeOperations>;
  optional: Set<string>;
  enums: Set<string>;
  lines: string[];
  usesRetry: boolean;
  usesSandbox: boolean;
  usesStatus: boolean;
}

/** One step of the recipe as TypeScript: its call (retried, or taking a status it accepts), checks and outputs. */
function tsStep(program: TsProgram, step: RecipeStep, index: number): void {
  const { recipe } = program;
  const toCode = (stepId: string) => (text: string) => {
    const parsed = parseExpression(text);
    return parsed ? expressionCode(parsed, recipe, TS, stepId) : `'${jsSingle(text)}'`;
  };
  const operation = program.operations.get(operationRef(step.operationId).operationId);
  if (!operation) throw new Error(`[recipes] ${recipe.file}: no operation ${step.operationId}`);
  const codes = new Map<string, string>();
  const draft = stepDraft(step, operation, (value) => withPlaceholders(value, codes, toCode(step.stepId)));
  const replaced = replacedBody(step, recipe, TS);
  if (replaced) {
    codes.set('kw-body', replaced);
    draft.body = JSON.stringify('kw-body');
  }
  const made = callsSandbox(step.operationId)
    ? sandboxCall(step, operation, codes, toCode(step.stepId))
    : clientCall(operation, draft);
  if (callsSandbox(step.operationId)) program.usesSandbox = true;
  if (!made)
    throw new Error(
      `[recipes] ${recipe.file}: step ${step.stepId}: kilowise-client has no method for ${step.operationId}`,
    );
  for (const name of made.enums) program.enums.add(name);
  let call = made.call;
  for (const [placeholder, code] of codes) call = call.split(`'${placeholder}'`).join(code);
  program.lines.push(
    '',
    `// ${index + 1}. ${step.stepId}: ${step.description ?? operation.summary}`.replace(/\s+/g, ' ').trim(),
  );
  const retry = retryOf(step, recipe);
  if (retry) {
    program.usesRetry = true;
    call = `retrying(() => ${call}, (error) => error instanceof KilowiseApiError && [${retry.statuses.join(', ')}].includes(error.status), ${retry.limit}, ${retry.afterMs})`;
  }
  // A step whose criteria read the status in any other way than `$statusCode == N` (a 404 it accepts) takes the
  // status of a KilowiseApiError as its answer's, and checks every criterion itself.
  const statusAware = stepCriteria(step).some(
    (condition) => /\$statusCode/.test(condition) && !/^\s*\$statusCode\s*==\s*\d+\s*$/.test(condition),
  );
  const syntax = statusAware ? { ...TS, statusCode: `${TS.stepVar(step.stepId)}Status` } : TS;
  if (statusAware) {
    program.usesStatus = true;
    const success = operation.responses.find((response) => /^2\d\d$/.test(response.status))?.status ?? '200';
    program.lines.push(`let ${syntax.statusCode}: number = ${success};`);
    call = `${call}.catch((error: unknown) => {\n  if (!(error instanceof KilowiseApiError)) throw error;\n  ${syntax.statusCode} = error.status;\n  return undefined;\n})`;
  }
  program.lines.push(made.returnsBody ? `const ${TS.stepVar(step.stepId)} = await ${call};` : `await ${call};`);
  for (const criterion of step.successCriteria) {
    // A call that does not succeed throws a KilowiseApiError with the status: only other criteria are checked here.
    if (!statusAware && /^\s*\$statusCode\s*==\s*\d+\s*$/.test(criterion.condition)) continue;
    program.lines.push(
      `check(${conditionCode(criterion.condition, recipe, syntax, step.stepId)}, '${jsSingle(`${step.stepId}: ${criterion.condition}`)}');`,
    );
  }
  for (const [name, text] of Object.entries(step.outputs)) {
    const parsed = parseExpression(text);
    if (!parsed) continue;
    const value = expressionCode(parsed, recipe, syntax, step.stepId);
    program.lines.push(
      program.optional.has(`${step.stepId}.${name}`)
        ? `const ${TS.outputVar(step.stepId, name)} = ${value}; // may be absent: then the body leaves it out`
        : `const ${TS.outputVar(step.stepId, name)} = required(${value}, '${step.stepId}.${name}');`,
    );
  }
  for (const action of step.onSuccess ?? []) {
    const when = (action.criteria ?? []).map((criterion) =>
      conditionCode(criterion.condition, recipe, syntax, step.stepId),
    );
    program.lines.push(
      `if (${when.join(' && ') || 'true'}) {`,
      `  console.log('The recipe ends here (${jsSingle(action.name)}).');`,
      '  process.exit(0);',
      '}',
    );
  }
}

/** The recipe as one TypeScript program with kilowise-client: each step a call, each output a checked value. */
export function recipeToTypeScript(recipe: Recipe, contract: OperationContract): string {
  const program: TsProgram = {
    recipe,
    operations: recipeOperations(contract, recipe),
    optional: optionalOutputs(recipe),
    enums: new Set<string>(),
    lines: [],
    usesRetry: false,
    usesSandbox: false,
    usesStatus: false,
  };
  recipe.workflow.steps.forEach((step, index) => tsStep(program, step, index));
  const { enums, lines, usesRetry, usesSandbox, usesStatus } = program;
  const outputs = Object.entries(recipe.workflow.outputs).map(([name, text]) => {
    const parsed = parseExpression(text);
    return `  ${name}: ${parsed ? expressionCode(parsed, recipe, TS) : 'undefined'},`;
  });
  // The API key comes from the environment, as the client's configuration: not an input of the program.
  const read = programInputs(recipe);
  const inputs = read.map(({ name, property, fallback, variable }) => {
    const text = `input('${variable}'${fallback === undefined ? '' : `, ${toTsLiteral(String(fallback))}`})`;
    const value =
      property.type === 'integer' || property.type === 'number'
        ? `Number(${text})`
        : property.type === 'boolean'
          ? `${text} === 'true'`
          : text;
    return `  ${name}: ${value},`;
  });
  const sandboxOnly = usesControls(recipe);
  return [
    `// ${recipe.title}: ${recipe.summary}`,
    ...(read.length > 0
      ? [
          '//',
          '// Inputs, from the environment (KILOWISE_API_KEY is your key):',
          ...read.map(({ comment }) => `//   ${comment}`),
        ]
      : []),
    `import { ${['KilowiseClient', ...(usesRetry || usesStatus ? ['KilowiseApiError'] : []), ...[...enums].sort()].join(', ')} } from 'kilowise-client';`,
    '',
    ...(sandboxOnly
      ? [
          '// The recipe resets the sandbox and moves its clock: it runs against the sandbox only, never the API.',
          `const baseUrl = process.env.KILOWISE_BASE_URL ?? '${SANDBOX_URL}';`,
        ]
      : [`const baseUrl = process.env.KILOWISE_BASE_URL ?? '${jsSingle(contract.serverUrl)}';`]),
    "const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY ?? '', baseUrl });",
    '',
    '/** An input from the environment, or its fallback; without either the program stops, naming it. */',
    'function input(name: string, fallback?: string): string {',
    '  const value = process.env[name];',
    "  if (value !== undefined && value !== '') return value;",
    '  if (fallback !== undefined) return fallback;',
    '  throw new Error(`Set ${name}: the recipe needs it (the comment at the top says what it is)`);',
    '}',
    '',
    'const inputs = {',
    ...inputs,
    '};',
    '',
    '/** A value an earlier step hands on; missing, the recipe cannot go on. */',
    'function required<T>(value: T | null | undefined, name: string): T {',
    '  if (value === null || value === undefined) throw new Error(`${name} is missing from the answer`);',
    '  return value;',
    '}',
    '',
    'function check(holds: boolean, criterion: string): void {',
    '  if (!holds) throw new Error(`The criterion ${criterion} does not hold`);',
    '}',
    ...(usesRetry ? TS_RETRY : []),
    ...(usesSandbox ? TS_SANDBOX : []),
    ...(sandboxOnly ? TS_SANDBOX_ONLY : []),
    ...lines,
    '',
    `console.log({\n${outputs.join('\n')}\n});`,
  ].join('\n');
}

/** The sandbox's controls have no kilowise-client method: the generated TypeScript calls them with fetch. */
const TS_SANDBOX = [
  '',
  "/** One of the sandbox's controls (/__sandbox/…): the sandbox has them, the live API does not. */",
  '// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the controls have no SDK types',
  'async function sandboxControl(method: string, path: string, body?: unknown): Promise<any> {',
  '  const response = await fetch(`${baseUrl}${path}`, {',
  '    method,',
  "    headers: { 'x-api-key': process.env.KILOWISE_API_KEY ?? '', 'content-type': 'application/json' },",
  '    body: body === undefined ? undefined : JSON.stringify(body),',
  '  });',
  '  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);',
  '  return response.json();',
  '}',
];

/** Before any step, a sandbox-only program makes sure it talks to a sandbox: production has no `/__sandbox/`. */
const TS_SANDBOX_ONLY = [
  '',
  '// The sandbox answers GET /__sandbox/version; the API does not: anything else is not a sandbox, and the recipe stops.',
  "await sandboxControl('GET', '/__sandbox/version').catch((error: unknown) => {",
  '  throw new Error(`${baseUrl} is not a Kilowise sandbox: this recipe runs against the sandbox only`, { cause: error });',
  '});',
];

/** Every criterion of a step: its success criteria and those of its actions. */
const stepCriteria = (step: RecipeStep) => [
  ...step.successCriteria.map((criterion) => criterion.condition),
  ...[...(step.onSuccess ?? []), ...(step.onFailure ?? [])].flatMap((action) =>
    (action.criteria ?? []).map((criterion) => criterion.condition),
  ),
];

/** A sandbox control's call in the generated TypeScript: `sandboxControl('PATCH', `/__sandbox/devices/${…}`, {…})`. */
function sandboxCall(
  step: RecipeStep,
  operation: ContractOperation,
  codes: Map<string, string>,
  toCode: (text: string) => string,
) {
  const path = fillTemplate(operation.path, (name) => {
    const parameter = step.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const value =
      typeof parameter?.value === 'string' ? toCode(parameter.value) : `'${jsSingle(String(parameter?.value ?? ''))}'`;
    return `\${encodeURIComponent(String(${value}))}`;
  });
  const body = step.requestBody ? toTsLiteral(withPlaceholders(step.requestBody.payload, codes, toCode)) : undefined;
  const call = `sandboxControl('${wireMethod(operation.method)}', \`${path}\`${body ? `, ${body}` : ''})`;
  return { call, enums: new Set<string>(), returnsBody: true };
}

/** The generated TypeScript's retry: send again while the answer is one the recipe's retry action waits out. */
const TS_RETRY = [
  '',
  "/** Sends again while the answer is one the recipe's retry action waits out (a schedule not made yet). */",
  'async function retrying<T>(',
  '  send: () => Promise<T>,',
  '  retryable: (error: unknown) => boolean,',
  '  limit: number,',
  '  afterMs: number,',
  '): Promise<T> {',
  '  for (let attempt = 0; ; attempt += 1) {',
  '    try {',
  '      return await send();',
  '    } catch (error) {',
  '      if (attempt >= limit || !retryable(error)) throw error;',
  '      await new Promise((resolve) => setTimeout(resolve, afterMs));',
  '    }',
  '  }',
  '}',
];

/**
 * A step's retry action as code needs: the statuses it retries on (its criteria must be `$statusCode == N`, the
 * only form a thrown KilowiseApiError can be matched with), how many times and after how long.
 */
function retryOf(step: RecipeStep, recipe: Recipe) {
  const action = step.onFailure?.find((candidate) => candidate.type === 'retry');
  if (!action) return undefined;
  const statuses = (action.criteria ?? []).map((criterion) => {
    const status = /^\s*\$statusCode\s*==\s*(\d{3})\s*$/.exec(criterion.condition)?.[1];
    if (!status)
      throw new Error(
        `[recipes] ${recipe.file}: step ${step.stepId}: a retry's criteria must be $statusCode == N to be written as code, not ${criterion.condition}`,
      );
    return Number(status);
  });
  return { statuses, limit: action.retryLimit ?? 1, afterMs: (action.retryAfter ?? 0) * 1000, action };
}

/** The step's parameters and body as a playground draft, each value mapped (to a placeholder) by `map`. */
function stepDraft(step: RecipeStep, operation: ContractOperation, map: (value: unknown) => unknown): RequestDraft {
  const values: Record<string, string> = {};
  for (const parameter of step.parameters) {
    const known = operation.parameters.find(
      (candidate) => candidate.in === parameter.in && candidate.name.toLowerCase() === parameter.name.toLowerCase(),
    );
    if (known) values[fieldKey(known)] = String(map(parameter.value));
  }
  return { values, body: step.requestBody ? JSON.stringify(map(step.requestBody.payload)) : '' };
}

/** Placeholders stand for expression values while the client call is written, then become code. */
function withPlaceholders(value: unknown, codes: Map<string, string>, toCode: (text: string) => string): unknown {
  if (typeof value === 'string' && value.startsWith('$')) {
    const placeholder = `kw-expression-${codes.size}`;
    codes.set(placeholder, toCode(value));
    return placeholder;
  }
  if (Array.isArray(value)) return value.map((item) => withPlaceholders(item, codes, toCode));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPlaceholders(item, codes, toCode)]));
  return value;
}
