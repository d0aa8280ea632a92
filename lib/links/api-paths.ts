import { findEndpointMentions, findPathsInCode, matchEndpoint, type EndpointTarget } from '../openapi/endpoints';
import type { LinkProblem } from './check';

/** The fenced code blocks of an MDX file and the prose between them, each with the line it starts on. */
function splitFences(text: string): { code: boolean; body: string; line: number }[] {
  const parts: { code: boolean; body: string; line: number }[] = [];
  let fence: string | undefined;
  let lines: string[] = [];
  let start = 1;
  const flush = (code: boolean, next: number) => {
    if (lines.length > 0) parts.push({ code, body: lines.join('\n'), line: start });
    lines = [];
    start = next;
  };
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (!fence && marker) {
      flush(false, index + 2);
      fence = marker;
    } else if (fence && marker && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') {
      flush(true, index + 2);
      fence = undefined;
    } else {
      lines.push(line);
    }
  });
  flush(fence !== undefined, text.length);
  return parts;
}

const lineAt = (body: string, index: number) => body.slice(0, index).split('\n').length - 1;

/**
 * The API paths an MDX page writes that the contract lacks. In a code sample any path under a version
 * segment (`/v2/…`) must be a path of an operation: an error, because a reader copies and runs it. In
 * prose, `METHOD /v…/…` must be that method on that path: a warning.
 */
export function findApiPathProblems(file: string, text: string, operations: readonly EndpointTarget[]): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const part of splitFences(text)) {
    if (part.code) {
      for (const { path, index } of findPathsInCode(part.body)) {
        if (matchEndpoint(operations, undefined, path)) continue;
        problems.push({
          level: 'error',
          where: `${file}:${part.line + lineAt(part.body, index)}`,
          target: path,
          reason: 'a code sample calls a path that no operation of the API contract has',
        });
      }
    } else {
      for (const { method, path, index } of findEndpointMentions(part.body)) {
        if (matchEndpoint(operations, method, path)) continue;
        problems.push({
          level: 'warning',
          where: `${file}:${part.line + lineAt(part.body, index)}`,
          target: `${method} ${path}`,
          reason: 'no operation of the API contract has this method and path',
        });
      }
    }
  }
  return problems;
}
