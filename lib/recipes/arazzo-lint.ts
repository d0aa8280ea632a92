// The Arazzo 1.0 schema check, with Redocly's maintained parser and linter (@redocly/openapi-core): the structure of
// every object (unknown fields, wrong types, missing required fields) and Arazzo's own rules (unique step and
// workflow ids, a source description of a known type). Build and test time only.
import path from 'node:path';
import { createConfig, lintFromString, type Config } from '@redocly/openapi-core';

let config: Promise<Config> | undefined;

/** "#/workflows/0/steps/2/parameters/1" → "workflows[0].steps[2].parameters[1]". */
const fieldOf = (pointer: string) =>
  pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce((field, token) => (/^\d+$/.test(token) ? `${field}[${token}]` : field ? `${field}.${token}` : token), '');

/** "workflow w, step s, field f" for a pointer into the document, with the ids the document gives them. */
function placeOf(pointer: string, document: unknown): string {
  const workflow = /^#\/workflows\/(\d+)/.exec(pointer);
  const step = /^#\/workflows\/\d+\/steps\/(\d+)/.exec(pointer);
  const workflows = (document as { workflows?: { workflowId?: string; steps?: { stepId?: string }[] }[] } | null)
    ?.workflows;
  const found = workflow ? workflows?.[Number(workflow[1])] : undefined;
  const parts = [
    found ? `workflow ${found.workflowId ?? workflow?.[1]}` : undefined,
    step ? `step ${found?.steps?.[Number(step[1])]?.stepId ?? step[1]}` : undefined,
    `field ${fieldOf(pointer) || '(document)'}`,
  ];
  return parts.filter(Boolean).join(', ');
}

/** The Arazzo schema's errors for one document, each as a line naming the file, the workflow, the step and the field. */
export async function lintArazzo(text: string, file: string, document: unknown): Promise<string[]> {
  config ??= createConfig({ extends: ['recommended'], rules: { struct: 'error' } });
  const problems = await lintFromString({ source: text, absoluteRef: path.resolve(file), config: await config });
  return problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => {
      const pointer = problem.location[0]?.pointer ?? '#';
      return `${file}: ${placeOf(pointer, document)}: ${problem.message} (Arazzo 1.0 schema, rule ${problem.ruleId})`;
    });
}
