import type { Plugin } from '@scalar/snippetz';
import type { JsonValue } from '../json';

/** The environment variable every sample reads the partner key from. */
export const API_KEY_ENV = 'KILOWISE_API_KEY';

/**
 * How one language's sample is made from @scalar/snippetz's: which plugin writes it, how text stands inside the
 * literals it writes (a header value), how the body stands in the code, how the key header's literal becomes a read
 * of the environment, and what makes the snippet a whole program a partner can run.
 *
 * The plugin gets the body as a mark (a plain string) and writes the rest; the body itself is written here from the
 * reader's JSON text (readJson), so that every number keeps the text it was written with, an empty object stays an
 * object and a `__proto__` key stays a key, which the plugins' own writers (through JSON.parse) do not keep.
 */
export interface Target {
  plugin: Plugin;
  /**
   * Corrects what the plugin writes wrong or not at all, before the marks are swapped: how the URL stands in a
   * shell, the method line PHP lacks, a request body OkHttp requires, a method the plugin has no call for.
   */
  adapt?: (code: string, request: Told) => string;
  /** Whether adapt writes a method the plugin was told as a mark: elsewhere the mark stands in a string literal. */
  writesMethod?: true;
  /** Escapes a header value inside the plugin's header literal. */
  header: (text: string) => string;
  /** The plugin's literal for the key header, and what replaces it. */
  key: (header: string, placeholder: string) => [string, string];
  /** The media type the plugin is told the body has: `text/plain` makes it write the mark as a string. */
  bodyType?: string;
  /** What the plugin wrote for a body of the mark. */
  bodyMark: (mark: string) => string;
  /** The body's code in place of the mark. */
  body: (value: JsonValue) => string;
  /**
   * For a language whose body is a literal of its own (an object, a dict, an array) that the program serialises:
   * the numbers the language holds exactly, what holds them (`A JavaScript number`), and the code that sends the
   * JSON text as it is, written instead when a number of the body is not one of them.
   */
  literal?: { holds: (number: string) => boolean; numbers: string; asText: (json: string) => string };
  /** How a line comment starts. */
  comment: string;
  /** Makes the plugin's snippet a whole program, with `head` (comment lines, or nothing) before the code. */
  complete?: (code: string, head: string) => string;
}

/** The request as the plugin was told it, and what the sample must send. */
export interface Told {
  url: string;
  /** The method as sent (`GET`, `QUERY`, `Purge`). */
  method: string;
  /** The mark the plugin was told instead of a method it has no call of its own for (see NAMED_METHODS). */
  methodMark?: string;
  body: boolean;
}

/** A string literal of a C-like language (or a Ruby "…"), as JSON writes it, holding the body mark as JSON text. */
export const quotedMark = (mark: string) => JSON.stringify(JSON.stringify(mark));

/** Each line after the first indented by `indent`, to stand at that depth in the plugin's code. */
export const indented = (code: string, indent: string) => code.replace(/\n/g, `\n${indent}`);

/** Every line of `code` indented by `indent`, but for blank ones. */
export const block = (code: string, indent: string) =>
  code
    .split('\n')
    .map((line) => (line === '' ? line : `${indent}${line}`))
    .join('\n');

/** The error for a snippet that is not as the library wrote it when this was written: a sample must never drift. */
export const drift = (language: string, find: string) =>
  new Error(`[samples] the ${language} snippet has no ${find}: has @scalar/snippetz changed how it writes it?`);

/** Replaces `find` in `code`, and fails loudly when the library wrote something else. */
export function replaceExactly(code: string, find: string, replacement: string, language: string): string {
  if (!code.includes(find)) throw drift(language, find);
  return code.split(find).join(replacement);
}
