// Every error message a partner can meet and paste into search: the `message` of each error example in the API
// contract, and each error message the sandbox's code writes (`fail`, a command's refusal, a request check's
// answer; see writtenMessage), its `${…}` parts left out
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

/** Whether a status, as written in the contract or the code, is a 4xx or a 5xx. */
const isErrorStatus = (status: string): boolean => /^[45]\d\d$/.test(status);

/** The `message` of each error example (4xx and 5xx) in the contract, and of the schema's own example. */
export function contractMessages(file: string): ErrorMessage[] {
  const document: unknown = parse(readFileSync(file, 'utf8'));
  const found: ErrorMessage[] = [];
  const visit = (node: unknown, trail: string[]): void => {
    if (Array.isArray(node)) node.forEach((item, at) => visit(item, [...trail, String(at)]));
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        const inError = trail.some(isErrorStatus) || trail.includes('components');
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

/**
 * A message argument's words: a string as it is, a template without its `${…}` parts; undefined for a variable, and
 * for a template of fewer than three words of its own (`${label} ${problem}, got "${text}"`), whose words are
 * written elsewhere and found there.
 */
function messageText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return undefined;
  const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (text.match(/\p{L}+/gu) ?? []).length >= 3 ? text : undefined;
}

/** Whether an object literal has `status` of a 4xx or 5xx: `{ status: 400, message: … }` is an error's answer. */
function errorStatusOf(literal: ts.ObjectLiteralExpression): boolean {
  return literal.properties.some(
    (property) =>
      ts.isPropertyAssignment(property) &&
      property.name.getText() === 'status' &&
      isErrorStatus(property.initializer.getText()),
  );
}

/**
 * The message a node of the sandbox's source writes, if it writes one: `fail(status, message)` with a 4xx or 5xx
 * status; a domain command's refusal `{ refused: message }` (lib/sandbox/domain/, answered as 400, 404 or 429); or
 * `message` beside a 4xx or 5xx `status` in an object literal (the request checks of lib/sandbox/request.ts).
 */
function writtenMessage(node: ts.Node): ts.Expression | undefined {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'fail') {
    const [status, message] = node.arguments;
    return status && isErrorStatus(status.getText()) ? message : undefined;
  }
  if (!ts.isPropertyAssignment(node) || !ts.isObjectLiteralExpression(node.parent)) return undefined;
  const name = node.name.getText();
  if (name === 'refused') return node.initializer;
  return name === 'message' && errorStatusOf(node.parent) ? node.initializer : undefined;
}

/** Each error message the sandbox's source under `folder` writes (see writtenMessage), with its file and line. */
export function sandboxMessages(folder: string): ErrorMessage[] {
  const found: ErrorMessage[] = [];
  for (const file of sourceFiles(folder)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const message = writtenMessage(node);
      const text = message ? messageText(message) : undefined;
      if (text) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({ text, source: `${file}:${line + 1}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
