/**
 * Text written inside a string literal of each sample language, escaped so that it stays that literal's
 * content whatever it holds: quotes, backslashes, `$(…)`, backticks, new lines. Each function returns the
 * inside of the literal, without its quotes.
 */

const hex4 = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Inside `'…'` in a POSIX shell: nothing is special but the closing quote. */
export const shellSingle = (text: string) => text.replace(/'/g, `'\\''`);

/** Inside `'…'` in JavaScript. */
export const jsSingle = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/[\u0000-\u001f\u2028\u2029]/g, hex4);

const octal = (char: string) => `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`;

/**
 * Inside `"…"` in a C-like language: backslash, quote, then `extra`, then control characters as `control` writes
 * them, and U+0085, U+2028 and U+2029 as `\uXXXX`: C# reads each as a line break, which ends a regular string
 * literal with an error, and editors may break the line there in any language.
 */
function cDouble(text: string, control: (char: string) => string, extra?: [RegExp, string]): string {
  let escaped = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  if (extra) escaped = escaped.replace(extra[0], extra[1]);
  return escaped
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/[\u0000-\u001f]/g, control)
    .replace(/[\u0085\u2028\u2029]/g, hex4);
}

/** Inside `"…"` in Python, Go or C#. */
export const pythonDouble = (text: string) => cDouble(text, hex4);
export const goDouble = pythonDouble;
export const csharpDouble = pythonDouble;
/**
 * Java reads `\uXXXX` before it reads the string (`\u0022` would close it), so control characters are octal; U+0085,
 * U+2028 and U+2029 are no line breaks to Java, so `\u2028` stands in the string as the character.
 */
export const javaDouble = (text: string) => cDouble(text, octal);
/** Kotlin's `"…"` also reads `$name` and `${…}` as templates. */
export const kotlinDouble = (text: string) => cDouble(text, hex4, [/\$/g, '\\$']);

/** Inside `'…'` in PHP or Ruby: only the backslash and the quote are special. */
export const phpSingle = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
export const rubySingle = phpSingle;

/**
 * A string as it stands inside a JSON document (between its quotes), with the characters that mean something in
 * the literal around the JSON written as `\uXXXX`: backtick (a Go raw string or a JavaScript template), `'` (a
 * shell, PHP or Python quote), `$` and `#` (templates), `<` (so `</script>` never appears), and U+0085, U+2028 and
 * U+2029 (line breaks to C#). Any JSON reader reads the same string.
 */
export const jsonInner = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[`'$#<>\u0085\u2028\u2029]/g, hex4);
