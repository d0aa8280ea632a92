import { editDistance } from '../text/edit-distance';

/** Bounds of what an agent may ask for and get back: every input is bounded, every long answer cut with a note. */
export const LIMITS = {
  queryChars: 200,
  pathChars: 300,
  nameChars: 120,
  results: 20,
  /** How deep schemas are expanded: 0 keeps every named schema a reference. */
  depth: 6,
  bodyBytes: 100_000,
  /** How deep a sandbox_request body may nest; JSON nested deeper would overflow the stack of what reads it. */
  bodyDepth: 64,
  /** sandbox_request's query parameters and headers, each. */
  queryParams: 50,
  headers: 50,
  /** Array elements and object members in one tool call's arguments, counted before any tool reads them. */
  inputElements: 10_000,
  /** Longest text a tool answers with; past it the answer is cut and says where to read the rest. */
  answerChars: 24_000,
} as const;

/** `text` cut to the answer limit, with a note that says where the whole of it is. */
export function cut(text: string, rest: string): string {
  if (text.length <= LIMITS.answerChars) return text;
  const kept = text.slice(0, LIMITS.answerChars);
  return `${kept.slice(0, kept.lastIndexOf('\n') > 0 ? kept.lastIndexOf('\n') : kept.length)}\n\n[Cut at ${LIMITS.answerChars} characters of ${text.length}. ${rest}]`;
}

/**
 * How deep `value` nests (a scalar is 0, `[]` and `{}` are 1), counted without recursion and only up to past `max`:
 * a value nested deeper than `max` gives `max + 1`, however deep it goes.
 */
export function nestingDepth(value: unknown, max: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > max) return max + 1;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

const commonPrefix = (a: string, b: string) => {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length += 1;
  return length;
};

/**
 * The `count` candidates nearest to `name`: those that contain it (or it them) first, then by the fewest edits, a
 * shared start of four characters or more counting for as many edits (a name cut short: "EvPrefs").
 */
export function nearest(name: string, candidates: readonly string[], count = 3): string[] {
  const wanted = name.toLowerCase();
  return [...new Set(candidates)]
    .map((candidate) => {
      const lower = candidate.toLowerCase();
      const contains = lower.includes(wanted) || wanted.includes(lower);
      const prefix = commonPrefix(wanted, lower);
      return {
        candidate,
        score: (contains ? 0 : 1_000_000) + editDistance(wanted, lower) - (prefix >= 4 ? prefix : 0),
      };
    })
    .sort((a, b) => a.score - b.score)
    .slice(0, count)
    .map((entry) => entry.candidate);
}

/** A tool's failure for the agent to read and act on (the MCP result's `isError`). */
export class ToolError extends Error {}

/** "No X named Y. Nearest: a, b, c." */
export function unknown(what: string, name: string, candidates: readonly string[]): ToolError {
  const near = nearest(name, candidates);
  return new ToolError(`No ${what} named "${name}".${near.length > 0 ? ` Nearest: ${near.join(', ')}.` : ''}`);
}
