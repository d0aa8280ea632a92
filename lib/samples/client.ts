import type { ContractOperation, ContractParameter } from '../contract/operation-contract';
import { parameterValue, sentParameters, type RequestDraft } from '../contract/request-draft';
import { jsSingle } from './escape';
import { inexactNumbers, listNumbers } from './json';
import { templateParameters } from '../openapi/path-template';

const USER_ID_NAMES = new Set(['userId', 'X-User-Id', 'x-user-id']);

const camelCase = (name: string) => name.replace(/[_-]([a-z])/g, (_, letter: string) => letter.toUpperCase());
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Names a string value at a field path by an enum member (`Unit.PERCENT`), or leaves it a string. */
type EnumNamer = (path: string, value: string) => string | undefined;

/** A value as a TypeScript literal in the house style: single quotes, bare keys, two-space indents. */
export function toTsLiteral(value: unknown, indent = '', path = '', enumName?: EnumNamer): string {
  if (typeof value === 'string') {
    return enumName?.(path, value) ?? `'${jsSingle(value)}'`;
  }
  // A number JSON.parse read as ±Infinity (1e400) stays one: JSON.stringify would write it null.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => toTsLiteral(item, inner, `${path}[]`, enumName));
    const flat = `[${items.join(', ')}]`;
    return flat.length <= 60 && !flat.includes('\n')
      ? flat
      : `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const fields = entries.map(([key, item]) => {
    // In a literal, `__proto__: …` and `'__proto__': …` set the prototype and the key is lost; a computed key
    // stays a key.
    const name = key === '__proto__' ? `[${toTsLiteral(key)}]` : IDENTIFIER.test(key) ? key : toTsLiteral(key);
    return `${name}: ${toTsLiteral(item, inner, path ? `${path}.${key}` : key, enumName)}`;
  });
  const flat = `{ ${fields.join(', ')} }`;
  if (flat.length <= 60 && !flat.includes('\n')) return flat;
  return `{\n${fields.map((field) => `${inner}${field},`).join('\n')}\n${indent}}`;
}

/** The parameter's value as the client takes it; text the field flags as wrong stays text. */
function typedValue(parameter: ContractParameter, text: string): unknown {
  const typed = parameterValue(parameter, text);
  return 'value' in typed ? typed.value : text;
}

/**
 * The arguments of the kilowise-client method, in the client's order: path parameters (the user id
 * aside), the body, an object of query parameters (camelCase keys), then `{ userId }` when the
 * operation acts for a user. `bodyIndex` says which argument is the body, if one is.
 */
export function clientArguments(
  operation: ContractOperation,
  draft: RequestDraft,
): { args: unknown[]; bodyIndex?: number } {
  const sent = sentParameters(operation, draft);
  const args: unknown[] = [];
  for (const name of templateParameters(operation.path)) {
    if (!USER_ID_NAMES.has(name))
      args.push(sent.find((parameter) => parameter.in === 'path' && parameter.name === name)?.value ?? `<${name}>`);
  }
  const bodyIndex = operation.requestBody ? args.length : undefined;
  if (operation.requestBody) {
    let body: unknown = {};
    try {
      body = draft.body.trim() === '' ? {} : JSON.parse(draft.body);
    } catch {
      // The body editor shows the parse error; the sample keeps its shape meanwhile.
    }
    args.push(body);
  }
  const queryParameters = operation.parameters.filter(
    (parameter) => parameter.in === 'query' && !USER_ID_NAMES.has(parameter.name),
  );
  const query = Object.fromEntries(
    sent
      .filter((parameter) => parameter.in === 'query' && !USER_ID_NAMES.has(parameter.name))
      .map((parameter) => [camelCase(parameter.name), typedValue(parameter, parameter.value)]),
  );
  const userParameter = operation.parameters.find((parameter) => USER_ID_NAMES.has(parameter.name));
  const options = userParameter
    ? { userId: sent.find((parameter) => parameter.name === userParameter.name)?.value ?? `<${userParameter.name}>` }
    : undefined;
  if (queryParameters.length > 0 && (Object.keys(query).length > 0 || options)) args.push(query);
  if (options) args.push(options);
  return { args, bodyIndex };
}

/** A kilowise-client call: the method and its arguments as code, the SDK enums they name, and whether it answers a body. */
export interface ClientCall {
  /** `kilowise.locations.add(…)`, without `await`. */
  call: string;
  enums: Set<string>;
  returnsBody: boolean;
  /**
   * Comment lines for the numbers of the body that the client cannot send as written: it takes the body as a value
   * and sends it with JSON.stringify, so a number is a double (12345678901234567890 goes as 12345678901234567000,
   * 1e400 as null).
   */
  warning: string[];
}

/** What the client sends for numbers a double cannot hold, as comment lines; none when every number fits. */
function numbersWarning(body: string): string[] {
  const lost = inexactNumbers(body);
  if (lost.length === 0) return [];
  const sent = lost.map((number) => JSON.stringify(Number(number)));
  const [subject, them] = lost.length === 1 ? ['A JavaScript number', 'it'] : ['JavaScript numbers', 'them'];
  return [
    `// ${subject} cannot hold ${listNumbers(lost)} exactly: kilowise-client sends ${them} as ${listNumbers(sent)}.`,
    '// The HTTP samples send the body as written.',
  ];
}

/** The operation's kilowise-client call with the draft's values as typed arguments, and SDK enum members for body fields. */
export function clientCall(operation: ContractOperation, draft: RequestDraft): ClientCall | undefined {
  if (!operation.sdkMethod) return undefined;
  const hints = operation.requestBody?.enums ?? {};
  const enums = new Set<string>();
  // Own properties only: a field `constructor` or a value `toString` must not find what every object inherits.
  const enumName: EnumNamer = (path, value) => {
    const hint = Object.hasOwn(hints, path) ? hints[path] : undefined;
    if (!hint || !Object.hasOwn(hint.members, value)) return undefined;
    enums.add(hint.name);
    return `${hint.name}.${hint.members[value]}`;
  };
  // Only the body argument holds enum fields.
  const { args: values, bodyIndex } = clientArguments(operation, draft);
  const args = values.map((arg, index) => toTsLiteral(arg, '', '', index === bodyIndex ? enumName : undefined));
  const multiline = args.some((arg) => arg.includes('\n')) || args.join(', ').length > 60;
  const list = multiline
    ? `(\n${args.map((arg) => `  ${arg.replace(/\n/g, '\n  ')},`).join('\n')}\n)`
    : `(${args.join(', ')})`;
  const returnsBody = operation.responses.some((response) => response.status.startsWith('2') && response.contentType);
  const warning = operation.requestBody ? numbersWarning(draft.body) : [];
  return { call: `kilowise.${operation.sdkMethod}${list}`, enums, returnsBody, warning };
}

/**
 * The reader's request as a kilowise-client call: the client built with the key from KILOWISE_API_KEY, the
 * method of the operation with the draft's values as typed arguments, and SDK enum members for body fields.
 */
export function clientSample(operation: ContractOperation, draft: RequestDraft, serverUrl: string): string | undefined {
  const made = clientCall(operation, draft);
  if (!made) return undefined;
  const imports = ['KilowiseClient', ...[...made.enums].sort()].join(', ');
  return [
    `import { ${imports} } from 'kilowise-client';`,
    '',
    `const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY!, baseUrl: ${toTsLiteral(serverUrl)} });`,
    ...made.warning,
    `${made.returnsBody ? 'const result = ' : ''}await ${made.call};`,
    ...(made.returnsBody ? ['console.log(result);'] : []),
  ].join('\n');
}
