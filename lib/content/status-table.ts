// One table says, for every device status, what the schedule endpoint answers and whether a session is open: the
// status table of the smart charging guide. Every status of the contract's `DeviceStatus` has a row there, every row
// fills its cells, and a status a page lists (on a line with three or more of the contract's) is one of them. Pure:
// the test feeds it the pages and the contract's enum.
import type { Contradiction } from './contradictions';

/** Where the table is: the page, and the heading it stands under. */
export interface StatusTableHome {
  file: string;
  heading: string;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** The rows of the first table under `heading`, by the status in their first cell. */
export function statusRows(text: string, heading: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^#{2,4} /.test(line) && line.replace(/^#+ /, '') === heading);
  if (start < 0) return rows;
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,4} /.test(line)) break;
    if (!line.trimStart().startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const row = cells(line);
    const status = /^`([A-Z_]+)`$/.exec(row[0] ?? '')?.[1];
    if (status) rows.set(status, row.slice(1));
  }
  return rows;
}

/**
 * What keeps the status table from answering for every status: a status of the contract without a row, a row of
 * no such status, a row with an empty cell, and a status a page lists that the table does not have.
 */
export function statusTableProblems(
  pages: readonly { file: string; text: string }[],
  statuses: readonly string[],
  home: StatusTableHome,
  /** The values of the contract's other enums (behaviours, OCPP statuses): naming one beside the statuses is fine. */
  otherValues: ReadonlySet<string> = new Set(),
): Contradiction[] {
  const page = pages.find((candidate) => candidate.file === home.file);
  const where = `${home.file}#${home.heading}`;
  if (!page) return [{ where, statement: 'no such page', contract: `${statuses.length} statuses` }];
  const rows = statusRows(page.text, home.heading);
  const problems: Contradiction[] = [];
  for (const status of statuses)
    if (!rows.has(status)) problems.push({ where, statement: `no row for ${status}`, contract: `DeviceStatus ${status}` });
  for (const [status, row] of rows) {
    if (!statuses.includes(status))
      problems.push({ where, statement: `a row for ${status}`, contract: `DeviceStatus has no ${status}` });
    if (row.length < 3 || row.some((cell) => cell === ''))
      problems.push({ where, statement: `${status}: an empty cell`, contract: 'a meaning, a schedule and a session' });
  }
  for (const { file, text } of pages)
    text.split('\n').forEach((line, index) => {
      const named = [...line.matchAll(/`([A-Z][A-Z_]{3,})`/g)].map((match) => match[1] ?? '');
      if (named.filter((name) => statuses.includes(name)).length < 3) return;
      for (const name of named)
        if (!rows.has(name) && /_/.test(name) && !statuses.includes(name) && !otherValues.has(name))
          problems.push({
            where: `${file}:${index + 1}`,
            statement: `lists ${name} among the device statuses`,
            contract: `no row for it in ${where}`,
          });
    });
  return problems;
}
