import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { SpecError } from './errors';

const documentHead = z.looseObject({
  openapi: z.string().regex(/^3\.[012]\.\d+$/, 'must be OpenAPI 3.0.x, 3.1.x or 3.2.x'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
});

/** Parses JSON or YAML text into an OpenAPI 3.0, 3.1 or 3.2 document object. */
export function parseSpecText(text: string, source: string): Record<string, unknown> {
  let value: unknown;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new SpecError(source, `the body is neither JSON nor YAML (JSON: ${(error as Error).message})`);
    }
  } else {
    try {
      value = parseYaml(text);
    } catch (error) {
      throw new SpecError(
        source,
        `the body is neither JSON nor YAML (YAML: ${(error as Error).message.split('\n')[0]})`,
      );
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SpecError(source, 'the body is neither JSON nor YAML describing an OpenAPI document');
  }
  if ('swagger' in value) {
    throw new SpecError(source, 'invalid document: this is Swagger 2.0; OpenAPI 3.0, 3.1 or 3.2 is required');
  }
  const head = documentHead.safeParse(value);
  if (!head.success) {
    const issue = head.error.issues[0];
    const field = issue?.path.join('.') || 'document';
    throw new SpecError(source, `invalid document: field "${field}" ${issue?.message ?? ''}`.trim());
  }
  return value as Record<string, unknown>;
}
