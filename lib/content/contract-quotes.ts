// Words a page puts in the contract's mouth must be the contract's: a quotation the page attributes to the contract
// ("the contract says "…"", "in the contract's words", a table column of what the contract says) must appear in
// the OpenAPI document's text, word for word. A paraphrase is fine where it is not dressed as a quotation. Pure: the
// test feeds it the pages and the document's strings.
import type { Contradiction } from './contradictions';

/** Every string of the OpenAPI document (descriptions, summaries, examples), in document order. */
export function contractTexts(document: unknown): string[] {
  const texts: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node === 'string') texts.push(node);
    else if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
  };
  visit(document);
  return texts;
}

/** Text as a quotation and the contract are compared: code marks, case, quote styles and runs of space aside. */
const normal = (text: string) =>
  text
    .replace(/`/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Whether a quotation is the contract's: its parts between ellipses appear, in order, in one of its strings. */
export function quotedInContract(quote: string, texts: readonly string[]): boolean {
  const parts = normal(quote)
    .replace(/[.,;:]+$/, '')
    .split(/…|\.\.\./)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return true;
  return texts.some((text) => {
    const haystack = normal(text);
    let from = 0;
    for (const part of parts) {
      const at = haystack.indexOf(part, from);
      if (at < 0) return false;
      from = at + part.length;
    }
    return true;
  });
}

const QUOTE = /"([^"\n]+)"|“([^”\n]+)”/g;
/** Code spans hold JSON and strings of code, never quotations. */
const withoutCode = (line: string) => line.replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));

/** Words that give what follows as the contract's own, ending just before the opening quote. */
const SAYS_BEFORE =
  /\b(?:contract|description|summary|text)(?:'s words)?\b[^."“]{0,25}?\b(?:says|reads|speaks of|puts it|calls it|words it|quotes?)\s*[,:]?\s*$|\bthe contract's words\s*[,:]?\s*$|\bin (?:the contract's|its) words\s*[,:]?\s*$/i;
/** Words after the closing quote that give it as the contract's. */
const SAYS_AFTER =
  /^\s*[,)]?\s*\(?(?:in the contract's words|the contract's words|as the contract (?:says|puts it)|says the contract|in its words)\b/i;

/** A table's column whose header says its cells are the contract's words. */
const CONTRACT_COLUMN = /contract says|contract's words|in the contract's words/i;

/**
 * The quotations of a line: found with its code spans blanked (JSON in a code span is not a quotation), and read
 * from the line itself, so that a quotation keeps the code it holds.
 */
function quotations(line: string): { quote: string; start: number; end: number }[] {
  return [...withoutCode(line).matchAll(QUOTE)].map((match) => {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    return { quote: line.slice(start + 1, end - 1), start, end };
  });
}

const cells = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');

/** The quotations of one paragraph of prose that it gives as the contract's, each with the line it starts on. */
function attributed(lines: readonly string[], first: number): { quote: string; line: number }[] {
  const text = lines.join(' ');
  const plain = withoutCode(text);
  const lineAt = (offset: number) => {
    let line = first;
    for (let at = 0, index = 0; index < lines.length - 1; index += 1) {
      at += (lines[index] ?? '').length + 1;
      if (at <= offset) line += 1;
    }
    return line;
  };
  return quotations(text)
    .filter(({ start, end }) => SAYS_BEFORE.test(plain.slice(0, start)) || SAYS_AFTER.test(plain.slice(end)))
    .map(({ quote, start }) => ({ quote, line: lineAt(start) }));
}

/**
 * Every quotation a page attributes to the contract that the contract does not hold, and every cell of a column of
 * the contract's words that quotes nothing (a paraphrase presented as the contract's words). Prose is read a
 * paragraph at a time, since a quotation may wrap; code blocks are left out.
 */
export function misquotes(pages: readonly { file: string; text: string }[], texts: readonly string[]): Contradiction[] {
  const problems: Contradiction[] = [];
  const check = (where: string, quote: string) => {
    if (!quotedInContract(quote, texts))
      problems.push({ where, statement: `"${quote}" quoted as the contract's`, contract: 'not in the contract' });
  };
  for (const { file, text } of pages) {
    let column = -1;
    let fenced = false;
    let paragraph: string[] = [];
    let first = 0;
    const endParagraph = () => {
      for (const { quote, line } of attributed(paragraph, first)) check(`${file}:${line}`, quote);
      paragraph = [];
    };
    text.split('\n').forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      const fence = /^\s*(?:```|~~~)/.test(line);
      if (fence) fenced = !fenced;
      const table = !fenced && line.trimStart().startsWith('|');
      const prose = !fenced && !fence && !table && line.trim() !== '';
      if (!table) column = -1;
      if (!prose) endParagraph();
      if (prose) {
        if (paragraph.length === 0) first = index + 1;
        // A doc comment's `*` and a list's bullet are not part of what a wrapped quotation says.
        paragraph.push(line.replace(/^\s*(?:\*|\/\/|-)\s?/, ''));
      }
      if (!table) return;
      const inColumn: string[] = [];
      if (CONTRACT_COLUMN.test(line)) column = cells(line).findIndex((cell) => CONTRACT_COLUMN.test(cell));
      else if (column >= 0 && !/^\s*\|[\s:|-]+\|\s*$/.test(line)) {
        const raw = cells(line)[column] ?? '';
        inColumn.push(...quotations(raw).map(({ quote }) => quote));
        if (inColumn.length === 0 && !/^\s*(?:nothing|—|-)(?![\w-])/i.test(raw))
          problems.push({ where, statement: `${raw.trim()} (as the contract's words)`, contract: 'no quotation' });
      }
      const quoted = [...inColumn, ...attributed([line], index + 1).map(({ quote }) => quote)];
      for (const quote of new Set(quoted)) check(where, quote);
    });
    endParagraph();
  }
  return problems;
}
