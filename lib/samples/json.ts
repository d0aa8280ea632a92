/**
 * A request body read as JSON with its numbers as the reader wrote them. JSON.parse reads every number into a
 * double, so 12345678901234567890 comes back as 12345678901234567000 and 1e400 as Infinity (which JSON.stringify
 * writes as null): a sample written from its result would send another number. Here a number keeps its text,
 * an object keeps its members in the order written (a key such as `__proto__` stays a member), and the samples
 * decide how each language can carry them.
 */
import { jsonInner } from './escape';

/** A JSON number, as written. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** A JSON object: its members in the order written, a repeated key repeated. */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, JsonValue])[]) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonObject | JsonValue[];

const WHITESPACE = /[ \t\n\r]*/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;

/** Reads a JSON text; throws a SyntaxError where JSON.parse would. */
export function readJson(text: string): JsonValue {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`Unexpected ${at < text.length ? `character at position ${at}` : 'end of JSON input'}`);
  };
  const match = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const found = pattern.exec(text)?.[0];
    if (found !== undefined) at += found.length;
    return found;
  };
  const space = () => void match(WHITESPACE);
  const expect = (char: string) => {
    space();
    if (text[at] !== char) fail();
    at += 1;
  };
  const string = (): string => JSON.parse(match(STRING) ?? fail()) as string;
  const value = (): JsonValue => {
    space();
    const char = text[at];
    if (char === '"') return string();
    if (char === '{') {
      at += 1;
      space();
      const entries: [string, JsonValue][] = [];
      if (text[at] === '}') at += 1;
      else
        for (;;) {
          space();
          const key = string();
          expect(':');
          entries.push([key, value()]);
          space();
          if (text[at] === ',') at += 1;
          else {
            expect('}');
            break;
          }
        }
      return new JsonObject(entries);
    }
    if (char === '[') {
      at += 1;
      space();
      const items: JsonValue[] = [];
      if (text[at] === ']') at += 1;
      else
        for (;;) {
          items.push(value());
          space();
          if (text[at] === ',') at += 1;
          else {
            expect(']');
            break;
          }
        }
      return items;
    }
    const literal = match(LITERAL);
    if (literal !== undefined) return literal === 'null' ? null : literal === 'true';
    return new JsonNumber(match(NUMBER) ?? fail());
  };
  const read = value();
  space();
  if (at < text.length) fail();
  return read;
}

/** A decimal as sign, digits without leading or trailing zeros, and the power of ten of the last digit. */
function decimal(text: string): string {
  const [, sign = '', whole = '', fraction = '', exponent = '0'] =
    /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text) ?? [];
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  const kept = digits.replace(/0+$/, '');
  if (kept === '') return '0';
  return `${sign}${kept}e${BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - kept.length)}`;
}

/**
 * Whether a double holds the number exactly as a reader of JSON takes it: the shortest text that reads back as the
 * same double (what JSON.stringify writes) has the same decimal value. 0.1 does; 12345678901234567890 (read as
 * 12345678901234567000), 0.30000000000000001 (0.3), 1e400 (Infinity) and 1e-400 (0) do not.
 */
export function fitsDouble(text: string): boolean {
  const read = Number(text);
  return Number.isFinite(read) && decimal(String(read)) === decimal(text);
}

/** Is the number an integer as written: no fraction, no exponent. */
export const isIntegerText = (text: string) => /^-?\d+$/.test(text);

/** The numbers of a JSON value, in the order written. */
export function jsonNumbers(value: JsonValue): string[] {
  if (value instanceof JsonNumber) return [value.text];
  if (Array.isArray(value)) return value.flatMap(jsonNumbers);
  if (value instanceof JsonObject) return value.entries.flatMap(([, item]) => jsonNumbers(item));
  return [];
}

/**
 * The numbers of a JSON text that a JavaScript number cannot hold exactly (each once, in the order written), for
 * a form to warn about: the kilowise-client SDK and JSON.parse send them changed. Empty for text that is not JSON.
 */
export function inexactNumbers(text: string): string[] {
  let read: JsonValue;
  try {
    read = readJson(text);
  } catch {
    return [];
  }
  return [...new Set(jsonNumbers(read).filter((number) => !fitsDouble(number)))];
}

/** `a`, `a and b`, `a, b and c`; numbers of more than 24 characters shortened, and more than four counted. */
export function listNumbers(numbers: string[]): string {
  const shown = numbers.slice(0, 4).map((number) => (number.length > 24 ? `${number.slice(0, 20)}…` : number));
  if (numbers.length > 4) shown.push(`${numbers.length - 4} more`);
  return shown.length === 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

/**
 * The value as JSON text, laid out as JSON.stringify(value, null, 2) lays it out, its numbers as written and its
 * strings as jsonInner writes them (no quote, `$`, backtick or `<` but as `\uXXXX`).
 */
export function jsonText(value: JsonValue, indent = ''): string {
  const inner = `${indent}  `;
  if (typeof value === 'string') return `"${jsonInner(value)}"`;
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${jsonText(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  if (value instanceof JsonObject) {
    if (value.entries.length === 0) return '{}';
    const members = value.entries.map(([key, item]) => `${inner}"${jsonInner(key)}": ${jsonText(item, inner)}`);
    return `{\n${members.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
