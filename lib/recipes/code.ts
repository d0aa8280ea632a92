import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { fieldKey, type RequestDraft } from '../contract/request-draft';
import { clientCall, toTsLiteral } from '../samples/client';
import { jsSingle, pythonDouble } from '../samples/escape';
import type { Recipe, RecipeInput, RecipeStep } from './document';
import { expressionsIn, parseExpression, type Expression } from './expressions';
import { API_KEY_INPUT } from './flow';
import { callsSandbox, operationRef, recipeOperations } from './sources';
import { wireMethod } from '../openapi/methods';
import { fillTemplate, templateParts } from '../openapi/path-template';

/** `add-home` → `addHome` (TypeScript) or `add_home` (Python). */
const camel = (id: string) => id.replace(/[-_.]([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
const snake = (id: string) =>
  id
    .replace(/[-.]/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();

/** The environment variable a generated program reads an input from: `userId` → `KILOWISE_USER_ID`. */
export const inputVariable = (name: string) => `KILOWISE_${snake(name.replace(/SoC/g, 'Soc')).toUpperCase()}`;

/** Whether a recipe calls the sandbox's controls: then its program runs against the sandbox only. */
const usesControls = (recipe: Recipe) => recipe.workflow.steps.some((step) => callsSandbox(step.operationId));

/** Where a program of a sandbox-only recipe sends its requests unless KILOWISE_BASE_URL says otherwise. */
export const SANDBOX_URL = 'http://127.0.0.1:4010';

/**
 * An input's fallback in a program: its default; in a sandbox-only program also its example (the sandbox's sample
 * data). A program against the API has no fallback for an id: the partner gives it.
 */
function inputFallback(recipe: Recipe, property: RecipeInput): string | number | boolean | undefined {
  return property.default ?? (usesControls(recipe) ? property.examples?.[0] : undefined);
}

/** The inputs a program reads, the key left out (the client's configuration), with the comment line for each. */
function programInputs(recipe: Recipe) {
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
function optionalOutputs(recipe: Recipe): Set<string> {
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
interface Syntax {
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
}

/** An expression as code, in terms of the variables the generated program defines. */
function expressionCode(expression: Expression, recipe: Recipe, syntax: Syntax, currentStep?: string): string {
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
function conditionCode(condition: string, recipe: Recipe, syntax: Syntax, stepId: string): string {
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

/** A body built from a value with replacements: `{ ...value, field: other }` (TypeScript) or `{**value, …}` (Python). */
function replacedBody(step: RecipeStep, recipe: Recipe, syntax: Syntax): string | undefined {
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
  return syntax === TS
    ? `{ ...${base}, ${fields.map(([name, value]) => `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${jsSingle(name)}'`}: ${value}`).join(', ')} }`
    : `{**${base}, ${fields.map(([name, value]) => `"${pythonDouble(name)}": ${value}`).join(', ')}}`;
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

const PY: Syntax = {
  stepVar: snake,
  outputVar: (stepId, output) => snake(`${stepId}_${output}`),
  inputs: (name) => `inputs["${pythonDouble(name)}"]`,
  access: (path) => path.map((key) => (/^\d+$/.test(key) ? `[${key}]` : `["${pythonDouble(key)}"]`)).join(''),
  string: (text) => `"${pythonDouble(text)}"`,
  statusCode: 'response.status_code',
  and: 'and',
  or: 'or',
  equals: '==',
  notEquals: '!=',
  literal: (text) => (text === 'true' ? 'True' : text === 'false' ? 'False' : text === 'null' ? 'None' : text),
};

/** A value as a Python literal, its expressions as code. */
function pythonValue(value: unknown, recipe: Recipe, stepId: string, indent = ''): string {
  if (typeof value === 'string') {
    const parsed = value.startsWith('$') ? parseExpression(value) : undefined;
    return parsed ? expressionCode(parsed, recipe, PY, stepId) : `"${pythonDouble(value)}"`;
  }
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return `[${value.map((item) => pythonValue(item, recipe, stepId, inner)).join(', ')}]`;
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}"${pythonDouble(key)}": ${pythonValue(item, recipe, stepId, inner)},`,
  );
  return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
}

/** What a Python program is made of while its steps are written: the steps' lines and the helpers they need. */
interface PyProgram {
  recipe: Recipe;
  operations: ReturnType<typeof recipeOperations>;
  optional: Set<string>;
  lines: string[];
  usesDig: boolean;
  usesPresent: boolean;
}

/** A step's `session.request(…)` arguments: the method, the URL from its path parameters, query, headers and body. */
function pyRequestArgs(program: PyProgram, step: RecipeStep, operation: ContractOperation): string[] {
  const { recipe } = program;
  const value = (parameter: RecipeStep['parameters'][number]) => pythonValue(parameter.value, recipe, step.stepId);
  // The URL as a sum of strings: an f-string could not hold the quotes of its parts before Python 3.12.
  const url = ['BASE_URL'];
  for (const part of templateParts(operation.path)) {
    if ('literal' in part) {
      url.push(`"${pythonDouble(part.literal)}"`);
      continue;
    }
    const name = part.parameter;
    const parameter = step.parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    url.push(parameter ? `quote(str(${value(parameter)}), safe="")` : `"{${pythonDouble(name)}}"`);
  }
  const args = [`"${wireMethod(operation.method)}"`, url.join(' + ')];
  const query = step.parameters.filter((parameter) => parameter.in === 'query');
  if (query.length > 0)
    args.push(
      `params={${query.map((parameter) => `"${pythonDouble(parameter.name)}": ${value(parameter)}`).join(', ')}}`,
    );
  // The session sends the key from the environment; the recipe's x-api-key parameter is that header.
  const headers = step.parameters.filter(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() !== operation.apiKeyHeader?.toLowerCase(),
  );
  if (headers.length > 0)
    args.push(
      `headers={${headers.map((parameter) => `"${pythonDouble(parameter.name)}": ${value(parameter)}`).join(', ')}}`,
    );
  if (step.requestBody) {
    const payload = step.requestBody.payload;
    // A body field from an output that may be absent is left out when it is: present() drops it.
    const leavesOut =
      payload !== null &&
      typeof payload === 'object' &&
      !Array.isArray(payload) &&
      Object.values(payload).some((value) => {
        const parsed = typeof value === 'string' ? parseExpression(value) : undefined;
        return parsed?.source === 'steps' && program.optional.has(`${parsed.stepId}.${parsed.output}`);
      });
    if (leavesOut) program.usesPresent = true;
    const body = replacedBody(step, recipe, PY) ?? pythonValue(payload, recipe, step.stepId, '    ');
    args.push(`json=${leavesOut ? `present(${body})` : body}`);
  }
  return args;
}

/** One step of the recipe as Python: its request (retried where the recipe says), checks, outputs and ends. */
function pyStep(program: PyProgram, step: RecipeStep, index: number): void {
  const { recipe } = program;
  const operation = program.operations.get(operationRef(step.operationId).operationId);
  if (!operation) throw new Error(`[recipes] ${recipe.file}: no operation ${step.operationId}`);
  const args = pyRequestArgs(program, step, operation);
  program.lines.push(
    '',
    `# ${index + 1}. ${step.stepId}: ${step.description ?? operation.summary}`.replace(/\s+/g, ' ').trim(),
  );
  const retry = step.onFailure?.find((action) => action.type === 'retry');
  if (retry) {
    const waitFor = (retry.criteria ?? []).map((criterion) =>
      conditionCode(criterion.condition, recipe, PY, step.stepId),
    );
    const limit = retry.retryLimit ?? 1;
    program.lines.push(
      `for attempt in range(${limit + 1}):  # the recipe's retry: ${retry.name}`,
      `    response = session.request(\n        ${args.join(',\n        ')},\n    )`,
      `    ${PY.stepVar(step.stepId)} = response.json() if response.content else None`,
      `    if attempt == ${limit} or not (${waitFor.join(' and ') || 'True'}):`,
      '        break',
      `    time.sleep(${retry.retryAfter ?? 0})`,
    );
  } else program.lines.push(`response = session.request(\n    ${args.join(',\n    ')},\n)`);
  if (!retry) program.lines.push(`${PY.stepVar(step.stepId)} = response.json() if response.content else None`);
  for (const criterion of step.successCriteria) {
    program.lines.push(
      `check(${conditionCode(criterion.condition, recipe, PY, step.stepId)}, "${pythonDouble(`${step.stepId}: ${criterion.condition}`)}", response)`,
    );
  }
  for (const [name, text] of Object.entries(step.outputs)) {
    const parsed = parseExpression(text);
    if (!parsed) continue;
    if (program.optional.has(`${step.stepId}.${name}`) && parsed.source === 'body') {
      program.usesDig = true;
      const path = parsed.pointer.map((key) => (/^\d+$/.test(key) ? key : `"${pythonDouble(key)}"`));
      program.lines.push(
        `${PY.outputVar(step.stepId, name)} = dig(${[PY.stepVar(step.stepId), ...path].join(', ')})  # may be absent`,
      );
    } else
      program.lines.push(`${PY.outputVar(step.stepId, name)} = ${expressionCode(parsed, recipe, PY, step.stepId)}`);
  }
  for (const action of step.onSuccess ?? []) {
    const when = (action.criteria ?? []).map((criterion) =>
      conditionCode(criterion.condition, recipe, PY, step.stepId),
    );
    program.lines.push(
      `if ${when.join(' and ') || 'True'}:`,
      `    print("The recipe ends here (${pythonDouble(action.name)}).")`,
      '    sys.exit(0)',
    );
  }
}

/** The helpers a Python program defines only when its steps use them: dig() and present(). */
function pyHelpers(usesDig: boolean, usesPresent: boolean): string[] {
  return [
    ...(usesDig
      ? [
          '',
          '',
          'def dig(value, *path):',
          '    """A part of an answer that may be absent: None when it is."""',
          '    for key in path:',
          '        if isinstance(value, dict) and isinstance(key, str):',
          '            value = value.get(key)',
          '        elif isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):',
          '            value = value[key]',
          '        else:',
          '            return None',
          '    return value',
        ]
      : []),
    ...(usesPresent
      ? [
          '',
          '',
          'def present(body):',
          '    """A body without the fields whose value is absent."""',
          '    return {name: value for name, value in body.items() if value is not None}',
        ]
      : []),
  ];
}

/** The recipe as one Python program with requests: each step a request, each criterion checked, each output kept. */
export function recipeToPython(recipe: Recipe, contract: OperationContract): string {
  const program: PyProgram = {
    recipe,
    operations: recipeOperations(contract, recipe),
    optional: optionalOutputs(recipe),
    lines: [],
    usesDig: false,
    usesPresent: false,
  };
  recipe.workflow.steps.forEach((step, index) => pyStep(program, step, index));
  const { lines, usesDig, usesPresent } = program;
  const read = programInputs(recipe);
  const inputs = read.map(({ name, property, fallback, variable }) => {
    const kind =
      property.type === 'integer'
        ? ', int'
        : property.type === 'number'
          ? ', float'
          : property.type === 'boolean'
            ? ', boolean'
            : '';
    const given = fallback === undefined ? (kind ? ', None' : '') : `, ${pythonValue(fallback, recipe, '')}`;
    return `    "${pythonDouble(name)}": input_value("${variable}"${given}${kind}),`;
  });
  const sandboxOnly = usesControls(recipe);
  const outputs = Object.entries(recipe.workflow.outputs).map(([name, text]) => {
    const parsed = parseExpression(text);
    return `    "${pythonDouble(name)}": ${parsed ? expressionCode(parsed, recipe, PY) : 'None'},`;
  });
  return [
    `# ${recipe.title}: ${recipe.summary}`,
    ...(read.length > 0
      ? [
          '#',
          '# Inputs, from the environment (KILOWISE_API_KEY is your key):',
          ...read.map(({ comment }) => `#   ${comment}`),
        ]
      : []),
    'import os',
    'import sys',
    ...(recipe.workflow.steps.some((step) => step.onFailure?.some((action) => action.type === 'retry'))
      ? ['import time']
      : []),
    'from urllib.parse import quote',
    '',
    'import requests',
    '',
    ...(sandboxOnly
      ? [
          '# The recipe resets the sandbox and moves its clock: it runs against the sandbox only, never the API.',
          `BASE_URL = os.environ.get("KILOWISE_BASE_URL", "${SANDBOX_URL}")`,
        ]
      : [`BASE_URL = os.environ.get("KILOWISE_BASE_URL", "${pythonDouble(contract.serverUrl)}")`]),
    'session = requests.Session()',
    `session.headers["${pythonDouble(contract.operations.find((operation) => operation.apiKeyHeader)?.apiKeyHeader ?? 'x-api-key')}"] = os.environ["KILOWISE_API_KEY"]`,
    ...(sandboxOnly
      ? [
          '# The sandbox answers GET /__sandbox/version; the API does not: anything else is not a sandbox, and the recipe stops.',
          'if session.get(BASE_URL + "/__sandbox/version", timeout=10).status_code != 200:',
          '    sys.exit(f"{BASE_URL} is not a Kilowise sandbox: this recipe runs against the sandbox only")',
        ]
      : []),
    '',
    '',
    'def input_value(name, fallback=None, kind=str):',
    '    """An input from the environment, or its fallback; without either the program stops, naming it."""',
    '    value = os.environ.get(name, "")',
    '    if value != "":',
    '        return kind(value)',
    '    if fallback is None:',
    '        sys.exit(f"Set {name}: the recipe needs it (the comment at the top says what it is)")',
    '    return fallback',
    '',
    '',
    ...(read.some(({ property }) => property.type === 'boolean')
      ? ['def boolean(text):', '    return text == "true"', '', '']
      : []),
    'inputs = {',
    ...inputs,
    '}',
    '',
    '',
    'def check(holds, criterion, response):',
    '    if not holds:',
    '        raise RuntimeError(f"The criterion {criterion} does not hold (status {response.status_code}: {response.text[:200]})")',
    ...pyHelpers(usesDig, usesPresent),
    ...lines,
    '',
    `print({\n${outputs.join('\n')}\n})`,
  ].join('\n');
}
