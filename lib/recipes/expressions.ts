/**
 * Arazzo runtime expressions, as recipes use them: `$inputs.name`, `$steps.{stepId}.outputs.{name}`, `$statusCode`,
 * `$response.body`, `$response.body#/json/pointer` and `$response.header.{name}`; `{$…}` inside a string; and
 * success criteria of the `simple` kind (`==`, `!=`, `<`, `<=`, `>`, `>=`, joined by `&&` and `||`).
 */
import { pointerTokens } from '../json/pointer';

/** What an expression can read while a step runs. */
export interface ExpressionContext {
  inputs: Record<string, unknown>;
  steps: Record<string, { outputs: Record<string, unknown> }>;
  statusCode?: number;
  body?: unknown;
  headers?: Headers;
}

/** A parsed expression: where its value comes from. */
export type Expression =
  | { source: 'inputs'; path: string[] }
  | { source: 'steps'; stepId: string; output: string; path: string[] }
  | { source: 'statusCode' }
  | { source: 'body'; pointer: string[] }
  | { source: 'header'; name: string };

/** Parses one expression (the whole string); undefined when it is none of the forms recipes use. */
export function parseExpression(text: string): Expression | undefined {
  if (text === '$statusCode') return { source: 'statusCode' };
  if (text === '$response.body') return { source: 'body', pointer: [] };
  if (text.startsWith('$response.body#')) {
    const pointer = text.slice('$response.body#'.length);
    return pointer === '' || pointer.startsWith('/') ? { source: 'body', pointer: pointerTokens(pointer) } : undefined;
  }
  const header = /^\$response\.header\.([A-Za-z0-9-]+)$/.exec(text);
  if (header?.[1]) return { source: 'header', name: header[1] };
  const inputs = /^\$inputs\.([A-Za-z_][\w-]*)((?:\.[\w-]+)*)$/.exec(text);
  if (inputs?.[1]) return { source: 'inputs', path: [inputs[1], ...(inputs[2] ?? '').split('.').filter(Boolean)] };
  const steps = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)((?:\.[\w-]+)*)$/.exec(text);
  if (steps?.[1] && steps[2])
    return { source: 'steps', stepId: steps[1], output: steps[2], path: (steps[3] ?? '').split('.').filter(Boolean) };
  return undefined;
}

function dig(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (current !== null && typeof current === 'object') current = (current as Record<string, unknown>)[key];
    else return undefined;
  }
  return current;
}

/** The value of a parsed expression in `context`. */
export function evaluate(expression: Expression, context: ExpressionContext): unknown {
  switch (expression.source) {
    case 'inputs':
      return dig(context.inputs, expression.path);
    case 'steps':
      return dig(context.steps[expression.stepId]?.outputs[expression.output], expression.path);
    case 'statusCode':
      return context.statusCode;
    case 'body':
      return dig(context.body, expression.pointer);
    case 'header':
      return context.headers?.get(expression.name) ?? undefined;
  }
}

/** `{$…}` parts of a string: "Bearer {$inputs.token}". */
const EMBEDDED = /\{(\$[^{}]+)\}/g;

/** Every expression a value holds: a whole-string expression, or ones embedded in strings, at any depth. */
export function expressionsIn(value: unknown): string[] {
  if (typeof value === 'string') {
    if (value.startsWith('$')) return [value];
    return [...value.matchAll(EMBEDDED)].map((match) => match[1] ?? '');
  }
  if (Array.isArray(value)) return value.flatMap(expressionsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(expressionsIn);
  return [];
}

/** A value with its expressions replaced by what they evaluate to (embedded ones as text). */
export function resolveValue(value: unknown, context: ExpressionContext): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('$')) {
      const parsed = parseExpression(value);
      return parsed ? evaluate(parsed, context) : value;
    }
    return value.replace(EMBEDDED, (whole, text: string) => {
      const parsed = parseExpression(text);
      return parsed ? String(evaluate(parsed, context) ?? '') : whole;
    });
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, context));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, context)]));
  return value;
}

type Token = { kind: 'operand'; text: string } | { kind: 'op'; text: string };

const TOKEN = /\s*(\|\||&&|==|!=|<=|>=|<|>|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s|&=!<>]+)/y;

function tokenize(condition: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < condition.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(condition);
    if (!match?.[1]) {
      if (condition.slice(start).trim() === '') break;
      throw new Error(`cannot read "${condition.slice(start).trim()}"`);
    }
    const text = match[1];
    tokens.push(/^(\|\||&&|==|!=|<=|>=|<|>)$/.test(text) ? { kind: 'op', text } : { kind: 'operand', text });
  }
  return tokens;
}

/** An operand's value: an expression, a quoted string, a number, true, false or null. */
function operandValue(text: string, context: ExpressionContext | undefined): unknown {
  if (text.startsWith('$')) {
    const parsed = parseExpression(text);
    if (!parsed) throw new Error(`${text} is not a runtime expression`);
    return context ? evaluate(parsed, context) : undefined;
  }
  if (/^'.*'$|^".*"$/.test(text)) return text.slice(1, -1).replace(/\\(.)/g, '$1');
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  throw new Error(`"${text}" is not a value (quote a string: '${text}')`);
}

function compare(left: unknown, op: string, right: unknown): boolean {
  switch (op) {
    case '==':
      return left === right || (left == null && right == null);
    case '!=':
      return !(left === right || (left == null && right == null));
    default: {
      if (typeof left !== 'number' || typeof right !== 'number') return false;
      return op === '<' ? left < right : op === '<=' ? left <= right : op === '>' ? left > right : left >= right;
    }
  }
}

/**
 * Reads a `simple` success criterion: comparisons joined by `&&` (binding tighter) and `||`. With a context it says
 * whether the criterion holds; without one it only checks that it can be read, throwing a message that says why not.
 */
export function checkCondition(condition: string, context?: ExpressionContext): boolean {
  const tokens = tokenize(condition);
  const alternatives: Token[][][] = [[[]]];
  for (const token of tokens) {
    const alternative = alternatives.at(-1) ?? [];
    if (token.kind === 'op' && token.text === '||') alternatives.push([[]]);
    else if (token.kind === 'op' && token.text === '&&') alternative.push([]);
    else alternative.at(-1)?.push(token);
  }
  return alternatives
    .map((conjunction) =>
      conjunction
        .map((comparison) => {
          const [left, op, right, ...rest] = comparison;
          if (left?.kind !== 'operand') throw new Error(`a comparison is missing in "${condition}"`);
          if (op === undefined) return Boolean(operandValue(left.text, context));
          if (op.kind !== 'op' || right?.kind !== 'operand' || rest.length > 0)
            throw new Error(`"${comparison.map((token) => token.text).join(' ')}" is not a comparison`);
          return compare(operandValue(left.text, context), op.text, operandValue(right.text, context));
        })
        // Every comparison is read (and checked) before any result counts.
        .every(Boolean),
    )
    .some(Boolean);
}
