// Every error message a partner can meet and paste into search: the `message` of each error example in the API
// contract, and each message the sandbox's code writes with `fail(status, message)`, its `${…}` parts left out
// (a pasted message has the partner's ids there). Read from the sources, so a new message is in the list at once.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parse } from 'yaml';

export interface ErrorMessage {
  /** The message as a partner pastes it: the contract's example, or the sandbox's words with its values left out. */
  text: string;
  /** Where it comes from: the contract's JSON path, or the sandbox file and line. */
  source: string;
}

/** The `message` of each error example (4xx and 5xx) in the contract, and of the schema's own example. */
export function contractMessages(file: string): ErrorMessage[] {
  const document: unknown = parse(readFileSync(file, 'utf8'));
  const found: ErrorMessage[] = [];
  const visit = (node: unknown, trail: string[]): void => {
    if (Array.isArray(node)) node.forEach((item, at) => visit(item, [...trail, String(at)]));
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const inError = trail.some((part) => /^[45]\d\d$/.test(part)) || trail.includes('components');
        if (key === 'message' && typeof value === 'string' && inError && trail.at(-1) === 'example')
          found.push({ text: value, source: `${file}: ${[...trail, key].join('.')}` });
        visit(value, [...trail, key]);
      }
  };
  visit(document, []);
  return found;
}

/** The source files of a folder and below, without tests. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(folder, name));
}

/** A message argument's words: a string as it is, a template without its `${…}` parts; undefined for a variable. */
function messageText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  return undefined;
}

/** Each message the sandbox writes with `fail(status, message)` in its source under `folder`. */
export function sandboxMessages(folder: string): ErrorMessage[] {
  const found: ErrorMessage[] = [];
  for (const file of sourceFiles(folder)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fail') {
        const [status, message] = node.arguments;
        const text = message ? messageText(message) : undefined;
        if (status && /^[45]\d\d$/.test(status.getText()) && text) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push({ text, source: `${file}:${line + 1}` });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
