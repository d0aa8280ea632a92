import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { SpecError } from './errors';
import { HTTP_METHODS } from './model';

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

/** Operation ids used more than once, with where. */
export function duplicateOperationIds(document: Record<string, unknown>): string[] {
  const seen = new Map<string, string[]>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, { operationId?: string } | undefined>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const id = item?.[method]?.operationId;
      if (id) seen.set(id, [...(seen.get(id) ?? []), `${method.toUpperCase()} ${path}`]);
    }
  }
  return [...seen.entries()].filter(([, places]) => places.length > 1).map(([id, places]) => `"${id}" (${places.join(', ')})`);
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  // swagger-parser lists every schema branch that failed; the first specific one is the useful one.
  const specific = lines.find((line) => line.startsWith('#/')) ?? lines[0] ?? 'unknown error';
  const more = lines.filter((line) => line.startsWith('#/')).length - 1;
  return more > 0 ? `${specific} (and ${more} more)` : specific;
}

/**
 * Validates the document with swagger-parser (on a copy: it dereferences in place) and returns it
 * bundled, every `$ref` internal. Unresolvable refs, invalid documents and duplicate operationIds
 * each become a one-line SpecError naming the source.
 */
export async function validateSpec(document: Record<string, unknown>, source: string): Promise<OpenApiDocument> {
  const duplicates = duplicateOperationIds(document);
  if (duplicates.length > 0) throw new SpecError(source, `duplicate operationIds: ${duplicates.join('; ')}`);
  try {
    await SwaggerParser.validate(structuredClone(document) as unknown as OpenAPI.Document, {
      dereference: { circular: 'ignore' },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const missing = /Error resolving \$ref pointer "([^"]+)"|Missing \$ref pointer "([^"]+)"|Token "[^"]+" does not exist/.exec(message);
    if (missing || /\$ref/.test(message)) {
      throw new SpecError(source, `unresolvable $ref: ${firstLine(error)}`, { cause: error });
    }
    throw new SpecError(source, `invalid document: ${firstLine(error)}`, { cause: error });
  }
  return (await SwaggerParser.bundle(structuredClone(document) as unknown as OpenAPI.Document)) as OpenApiDocument;
}
