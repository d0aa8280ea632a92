import { HTTP_METHODS, type HttpMethod } from './model';
import { isObject, resolvePointer, type Json } from './schema-tree';

/** Follows `$ref`s (to parameters, bodies, responses, examples) until an object that is not one. */
export function deref(document: Json, value: unknown): Json {
  let current = value;
  for (let depth = 0; depth < 20 && isObject(current) && typeof current.$ref === 'string'; depth += 1) {
    current = resolvePointer(document, current.$ref);
  }
  return isObject(current) ? current : {};
}

/** One operation of the document with its references to parameters, body and responses followed. */
export interface RawOperation {
  path: string;
  method: HttpMethod;
  operation: Json;
  /** Path-level and operation-level parameters, the operation's winning on the same `in` and name. */
  parameters: Json[];
  requestBody?: Json;
  responses: [status: string, response: Json][];
}

/** Every operation of a bundled document, in the document's order. */
export function walkOperations(document: Json): RawOperation[] {
  const operations: RawOperation[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(document, rawItem);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = isObject(item[method]) ? (item[method] as Json) : undefined;
      if (!operation) continue;
      const byKey = new Map<string, Json>();
      for (const raw of [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
        const parameter = deref(document, raw);
        byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
      }
      operations.push({
        path,
        method,
        operation,
        parameters: [...byKey.values()],
        requestBody: operation.requestBody === undefined ? undefined : deref(document, operation.requestBody),
        responses: Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([status, value]) => [status, deref(document, value)]),
      });
    }
  }
  return operations;
}

/** The operation's id, or one made from method and path when the document gives none. */
export function operationIdOf(raw: RawOperation): string {
  return typeof raw.operation.operationId === 'string' ? raw.operation.operationId : `${raw.method}${raw.path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}
