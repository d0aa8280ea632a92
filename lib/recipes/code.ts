import type { OperationContract, ContractOperation } from '../contract/operation-contract';
import { fieldKey, type RequestDraft } from '../contract/request-draft';
import { clientCall, toTsLiteral } from '../samples/client';
import { jsSingle, pythonDouble } from '../samples/escape';
import type { Recipe, RecipeStep } from './document';
import { parseExpression, type Expression } from './expressions';
import { API_KEY_INPUT } from './flow';
import { callsSandbox, operationRef, recipeOperations } from './sources';
import { wireMethod } from '../openapi/methods';

/** `add-home` → `addHome` (TypeScript) or `add_home` (Python). */
const camel = (id: string) => id.replace(/[-_.]([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());
const snake = (id: string) =>
  id
    .replace(/[-.]/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();

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

/** The recipe as one TypeScript program with kilowise-client: each step a call, each output a checked value. */
export function recipeToTypeScript(recipe: Recipe, contract: OperationContract): string {
  const operations = recipeOperations(contract, recipe);
  const enums = new Set<string>();
  const lines: string[] = [];
  let usesRetry = false;
  let usesSandbox = false;
  const toCode = (stepId: string) => (text: string) => {
    const parsed = parseExpression(text);
    return parsed ? expressionCode(parsed, recipe, TS, stepId) : `'${jsSingle(text)}'`;
  };
  recipe.workflow.steps.forEach((step, index) => {
    const operation = operations.get(operationRef(step.operationId).operationId);
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
    if (callsSandbox(step.operationId)) usesSandbox = true;
    if (!made)
      throw new Error(
        `[recipes] ${recipe.file}: step ${step.stepId}: kilowise-client has no method for ${step.operationId}`,
      );
    for (const name of made.enums) enums.add(name);
    let call = made.call;
    for (const [placeholder, code] of codes) call = call.split(`'${placeholder}'`).join(code);
    lines.push(
      '',
      `// ${index + 1}. ${step.stepId}: ${step.description ?? operation.summary}`.replace(/\s+/g, ' ').trim(),
    );
    const retry = retryOf(step, recipe);
    if (retry) {
      usesRetry = true;
      call = `retrying(() => ${call}, (error) => error instanceof KilowiseApiError && [${retry.statuses.join(', ')}].includes(error.status), ${retry.limit}, ${retry.afterMs})`;
    }
    lines.push(made.returnsBody ? `const ${TS.stepVar(step.stepId)} = await ${call};` : `await ${call};`);
    for (const criterion of step.successCriteria) {
      // A call that does not succeed throws a KilowiseApiError with the status: only other criteria are checked here.
      if (/^\s*\$statusCode\s*==\s*\d+\s*$/.test(criterion.condition)) continue;
      lines.push(
        `check(${conditionCode(criterion.condition, recipe, TS, step.stepId)}, '${jsSingle(`${step.stepId}: ${criterion.condition}`)}');`,
      );
    }
    for (const [name, text] of Object.entries(step.outputs)) {
      const parsed = parseExpression(text);
      if (parsed)
        lines.push(
          `const ${TS.outputVar(step.stepId, name)} = required(${expressionCode(parsed, recipe, TS, step.stepId)}, '${step.stepId}.${name}');`,
        );
    }
  });
  const outputs = Object.entries(recipe.workflow.outputs).map(([name, text]) => {
    const parsed = parseExpression(text);
    return `  ${name}: ${parsed ? expressionCode(parsed, recipe, TS) : 'undefined'},`;
  });
  // The API key comes from the environment, as the client's configuration: not an input of the program.
  const inputs = Object.entries(recipe.workflow.inputs.properties)
    .filter(([name]) => name !== API_KEY_INPUT)
    .map(([name, property]) => `  ${name}: ${toTsLiteral(property.default ?? '')},`);
  return [
    `// ${recipe.title}: ${recipe.summary}`,
    `import { ${['KilowiseClient', ...(usesRetry ? ['KilowiseApiError'] : []), ...[...enums].sort()].join(', ')} } from 'kilowise-client';`,
    '',
    "const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY ?? '', baseUrl: process.env.KILOWISE_BASE_URL ?? " +
      `'${jsSingle(contract.serverUrl)}' });`,
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
  "  const response = await fetch(`${process.env.KILOWISE_BASE_URL ?? 'http://127.0.0.1:4010'}${path}`, {",
  '    method,',
  "    headers: { 'x-api-key': process.env.KILOWISE_API_KEY ?? '', 'content-type': 'application/json' },",
  '    body: body === undefined ? undefined : JSON.stringify(body),',
  '  });',
  '  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);',
  '  return response.json();',
  '}',
];

/** A sandbox control's call in the generated TypeScript: `sandboxControl('PATCH', `/__sandbox/devices/${…}`, {…})`. */
function sandboxCall(
  step: RecipeStep,
  operation: ContractOperation,
  codes: Map<string, string>,
  toCode: (text: string) => string,
) {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
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

/** The recipe as one Python program with requests: each step a request, each criterion checked, each output kept. */
export function recipeToPython(recipe: Recipe, contract: OperationContract): string {
  const operations = recipeOperations(contract, recipe);
  const lines: string[] = [];
  recipe.workflow.steps.forEach((step, index) => {
    const operation = operations.get(operationRef(step.operationId).operationId);
    if (!operation) throw new Error(`[recipes] ${recipe.file}: no operation ${step.operationId}`);
    const value = (parameter: RecipeStep['parameters'][number]) => pythonValue(parameter.value, recipe, step.stepId);
    // The URL as a sum of strings: an f-string could not hold the quotes of its parts before Python 3.12.
    const url = ['BASE_URL'];
    for (const [index, part] of operation.path.split(/\{([^}]+)\}/).entries()) {
      if (index % 2 === 0) {
        if (part) url.push(`"${pythonDouble(part)}"`);
        continue;
      }
      const parameter = step.parameters.find((candidate) => candidate.in === 'path' && candidate.name === part);
      url.push(parameter ? `quote(str(${value(parameter)}), safe="")` : `"{${pythonDouble(part)}}"`);
    }
    const args = [`"${wireMethod(operation.method)}"`, url.join(' + ')];
    const query = step.parameters.filter((parameter) => parameter.in === 'query');
    if (query.length > 0)
      args.push(
        `params={${query.map((parameter) => `"${pythonDouble(parameter.name)}": ${value(parameter)}`).join(', ')}}`,
      );
    // The session sends the key from the environment; the recipe's x-api-key parameter is that header.
    const headers = step.parameters.filter(
      (parameter) =>
        parameter.in === 'header' && parameter.name.toLowerCase() !== operation.apiKeyHeader?.toLowerCase(),
    );
    if (headers.length > 0)
      args.push(
        `headers={${headers.map((parameter) => `"${pythonDouble(parameter.name)}": ${value(parameter)}`).join(', ')}}`,
      );
    if (step.requestBody)
      args.push(
        `json=${replacedBody(step, recipe, PY) ?? pythonValue(step.requestBody.payload, recipe, step.stepId, '    ')}`,
      );
    lines.push(
      '',
      `# ${index + 1}. ${step.stepId}: ${step.description ?? operation.summary}`.replace(/\s+/g, ' ').trim(),
    );
    const retry = step.onFailure?.find((action) => action.type === 'retry');
    if (retry) {
      const waitFor = (retry.criteria ?? []).map((criterion) =>
        conditionCode(criterion.condition, recipe, PY, step.stepId),
      );
      const limit = retry.retryLimit ?? 1;
      lines.push(
        `for attempt in range(${limit + 1}):  # the recipe's retry: ${retry.name}`,
        `    response = session.request(\n        ${args.join(',\n        ')},\n    )`,
        `    ${PY.stepVar(step.stepId)} = response.json() if response.content else None`,
        `    if attempt == ${limit} or not (${waitFor.join(' and ') || 'True'}):`,
        '        break',
        `    time.sleep(${retry.retryAfter ?? 0})`,
      );
    } else lines.push(`response = session.request(\n    ${args.join(',\n    ')},\n)`);
    if (!retry) lines.push(`${PY.stepVar(step.stepId)} = response.json() if response.content else None`);
    for (const criterion of step.successCriteria) {
      lines.push(
        `check(${conditionCode(criterion.condition, recipe, PY, step.stepId)}, "${pythonDouble(`${step.stepId}: ${criterion.condition}`)}", response)`,
      );
    }
    for (const [name, text] of Object.entries(step.outputs)) {
      const parsed = parseExpression(text);
      if (parsed) lines.push(`${PY.outputVar(step.stepId, name)} = ${expressionCode(parsed, recipe, PY, step.stepId)}`);
    }
  });
  const inputs = Object.entries(recipe.workflow.inputs.properties)
    .filter(([name]) => name !== API_KEY_INPUT)
    .map(([name, property]) => `    "${pythonDouble(name)}": ${pythonValue(property.default ?? '', recipe, '')},`);
  const outputs = Object.entries(recipe.workflow.outputs).map(([name, text]) => {
    const parsed = parseExpression(text);
    return `    "${pythonDouble(name)}": ${parsed ? expressionCode(parsed, recipe, PY) : 'None'},`;
  });
  return [
    `# ${recipe.title}: ${recipe.summary}`,
    'import os',
    ...(recipe.workflow.steps.some((step) => step.onFailure?.some((action) => action.type === 'retry'))
      ? ['import time']
      : []),
    'from urllib.parse import quote',
    '',
    'import requests',
    '',
    `BASE_URL = os.environ.get("KILOWISE_BASE_URL", "${pythonDouble(contract.serverUrl)}")`,
    'session = requests.Session()',
    `session.headers["${pythonDouble(contract.operations.find((operation) => operation.apiKeyHeader)?.apiKeyHeader ?? 'x-api-key')}"] = os.environ["KILOWISE_API_KEY"]`,
    '',
    'inputs = {',
    ...inputs,
    '}',
    '',
    '',
    'def check(holds, criterion, response):',
    '    if not holds:',
    '        raise RuntimeError(f"The criterion {criterion} does not hold (status {response.status_code}: {response.text[:200]})")',
    ...lines,
    '',
    `print({\n${outputs.join('\n')}\n})`,
  ].join('\n');
}
