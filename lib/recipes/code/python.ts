import type { OperationContract, ContractOperation } from '../../contract/operation-contract';
import { pythonDouble } from '../../samples/escape';
import type { Recipe, RecipeStep } from '../document';
import { parseExpression } from '../expressions';
import { operationRef, recipeOperations } from '../sources';
import { wireMethod } from '../../openapi/methods';
import { templateParts } from '../../openapi/path-template';
import {
  conditionCode,
  expressionCode,
  optionalOutputs,
  programInputs,
  replacedBody,
  SANDBOX_URL,
  snake,
  usesControls,
  type Syntax,
} from './program';

// A recipe as one Python program with requests.

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
  replaced: (base, fields) =>
    `{**${base}, ${fields.map(([name, value]) => `"${pythonDouble(name)}": ${value}`).join(', ')}}`,
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

/** The program's start: what it is and reads, its imports, and the session to the API (or to the sandbox only). */
function pyPreamble(recipe: Recipe, contract: OperationContract, read: ReturnType<typeof programInputs>): string[] {
  const sandboxOnly = usesControls(recipe);
  const keyHeader = contract.operations.find((operation) => operation.apiKeyHeader)?.apiKeyHeader ?? 'x-api-key';
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
    `session.headers["${pythonDouble(keyHeader)}"] = os.environ["KILOWISE_API_KEY"]`,
    ...(sandboxOnly
      ? [
          '# The sandbox answers GET /__sandbox/version; the API does not: anything else is not a sandbox, and the recipe stops.',
          'if session.get(BASE_URL + "/__sandbox/version", timeout=10).status_code != 200:',
          '    sys.exit(f"{BASE_URL} is not a Kilowise sandbox: this recipe runs against the sandbox only")',
        ]
      : []),
  ];
}

/** The program's inputs: input_value() (and boolean() when an input is one), then the dict of every input read. */
function pyInputs(recipe: Recipe, read: ReturnType<typeof programInputs>): string[] {
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
  return [
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
  const outputs = Object.entries(recipe.workflow.outputs).map(([name, text]) => {
    const parsed = parseExpression(text);
    return `    "${pythonDouble(name)}": ${parsed ? expressionCode(parsed, recipe, PY) : 'None'},`;
  });
  return [
    ...pyPreamble(recipe, contract, read),
    '',
    '',
    ...pyInputs(recipe, read),
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
