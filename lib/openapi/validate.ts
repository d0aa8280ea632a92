import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPI, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { SpecError } from './errors';
import { wireMethod } from './methods';
import { documentBaseUri, resolveSchemaIds } from './schema-ids';
import { isObject, pointerToken, resolvePointer, type Json } from './schema-tree';
import { walkOperations } from './walk';

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

/** Operation ids used more than once, with where. */
export function duplicateOperationIds(document: Record<string, unknown>): string[] {
  const seen = new Map<string, string[]>();
  for (const raw of walkOperations(document as Json)) {
    const id = raw.operation.operationId;
    if (typeof id === 'string' && id) seen.set(id, [...(seen.get(id) ?? []), `${wireMethod(raw.method)} ${raw.path}`]);
  }
  return [...seen.entries()]
    .filter(([, places]) => places.length > 1)
    .map(([id, places]) => `"${id}" (${places.join(', ')})`);
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // swagger-parser lists every schema branch that failed; the first specific one is the useful one.
  const specific = lines.find((line) => line.startsWith('#/')) ?? lines[0] ?? 'unknown error';
  const more = lines.filter((line) => line.startsWith('#/')).length - 1;
  return more > 0 ? `${specific} (and ${more} more)` : specific;
}

/**
 * Checks the bundled document, refs in place (which the OpenAPI schemas allow), against the official JSON Schema of
 * its version: 3.0, 3.1 or 3.2. swagger-parser knows no 3.2, and its own `validate()` dereferences the whole document
 * first, which walks every shared schema again at each use (exponential on a deep shared-schema DAG);
 * @seriousme/openapi-schema-validator ships the OAI's schemas for every 3.x and compiles each once, with Ajv.
 * Throws the first problem as one line: the JSON pointer and what is wrong there.
 */
async function validateAgainstOpenApiSchema(document: Json): Promise<void> {
  const result = await openApiSchemas.validate(document);
  // Errors as text come from the library's own check of the refs, which runs once the schema holds and knows
  // fewer refs than this module resolves (`$id`, `$anchor`, `$self`): validateSpec checks the refs itself.
  if (result.valid || typeof result.errors === 'string') return;
  const errors = result.errors ?? [];
  // The deepest failure is the specific one; the others are the branches (anyOf, oneOf) around it.
  const ordered = [...errors].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length);
  const first = ordered[0];
  const where = first ? `#${first.instancePath}` : '#';
  const params: Record<string, unknown> = first?.params ?? {};
  const extra = params.additionalProperty ?? params.unevaluatedProperty;
  const detail = extra === undefined ? '' : ` (${String(extra)})`;
  throw new Error(
    `${where} ${first?.message ?? 'is invalid'}${detail}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
  );
}

/** Compiles each version's schema once, on first use. */
const openApiSchemas = new Validator({ allErrors: false });

/** Whether some `$ref` of the document points into another document (a file or URL). */
function hasExternalRefs(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExternalRefs);
  if (!isObject(value)) return false;
  if (typeof value.$ref === 'string' && !value.$ref.startsWith('#')) return true;
  return Object.entries(value).some(
    ([key, child]) => key !== 'example' && key !== 'examples' && hasExternalRefs(child),
  );
}

/** Every internal `$ref` of the document that points nowhere, with where it is. */
function unresolvedRefs(document: Json): string[] {
  const problems: string[] = [];
  const visit = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, `${pointer}/${index}`));
    if (!isObject(value)) return;
    if (
      typeof value.$ref === 'string' &&
      value.$ref.startsWith('#') &&
      resolvePointer(document, value.$ref === '#' ? '#/' : value.$ref) === undefined
    ) {
      problems.push(`"${value.$ref}" at ${pointer}`);
    }
    for (const [key, child] of Object.entries(value))
      if (key !== 'example' && key !== 'examples') visit(child, `${pointer}/${pointerToken(key)}`);
  };
  visit(document, '#');
  return problems;
}

/**
 * Validates the document and returns it bundled, every `$ref` internal (refs by `$id` or `$anchor` included):
 * swagger-parser bundles it (on a copy), checks it against the OpenAPI schema, and every internal ref must point
 * somewhere. Each step is linear in the document. Unresolvable refs, invalid documents and duplicate operationIds
 * each become a one-line SpecError naming the source.
 */
export async function validateSpec(original: Record<string, unknown>, source: string): Promise<OpenApiDocument> {
  const duplicates = duplicateOperationIds(original);
  if (duplicates.length > 0) throw new SpecError(source, `duplicate operationIds: ${duplicates.join('; ')}`);
  // Refs by $id and $anchor (OpenAPI 3.1) become JSON pointers first: the bundler knows only those.
  const document = structuredClone(original);
  const unnamed = resolveSchemaIds(document, documentBaseUri(source));
  if (unnamed.length > 0)
    throw new SpecError(
      source,
      `unresolvable $ref: ${unnamed[0]}${unnamed.length > 1 ? ` (and ${unnamed.length - 1} more)` : ''}`,
    );
  // A document whose refs are all internal is bundled already. (The bundler also follows chains of internal refs
  // recursively, and a chain of a few thousand schemas would overflow its stack.)
  let bundled = document as Json;
  if (hasExternalRefs(document)) {
    try {
      bundled = (await SwaggerParser.bundle(document as unknown as OpenAPI.Document)) as unknown as Json;
    } catch (error) {
      throw new SpecError(source, `unresolvable $ref: ${firstLine(error)}`, { cause: error });
    }
  }
  try {
    await validateAgainstOpenApiSchema(bundled);
  } catch (error) {
    throw new SpecError(source, `invalid document: ${firstLine(error)}`, { cause: error });
  }
  const unresolved = unresolvedRefs(bundled);
  if (unresolved.length > 0)
    throw new SpecError(
      source,
      `unresolvable $ref: ${unresolved[0]}${unresolved.length > 1 ? ` (and ${unresolved.length - 1} more)` : ''}`,
    );
  return bundled as unknown as OpenApiDocument;
}
