import { HTTP_METHODS, type HttpMethod } from './model';
import { isObject, pointerToken, resolvePointer, type Json } from './schema-tree';

/** An object of the document and its JSON pointer (where a `$ref` led, if one did). */
export interface Located {
  value: Json;
  pointer: string;
}

/** Follows `$ref`s (to parameters, bodies, responses, examples) until an object that is not one, keeping its pointer. */
export function locate(document: Json, value: unknown, pointer: string): Located {
  let current = value;
  let at = pointer;
  for (let depth = 0; depth < 20 && isObject(current) && typeof current.$ref === 'string'; depth += 1) {
    at = current.$ref;
    current = resolvePointer(document, current.$ref);
  }
  return { value: isObject(current) ? current : {}, pointer: at };
}

/** Follows `$ref`s (to parameters, bodies, responses, examples) until an object that is not one. */
export function deref(document: Json, value: unknown): Json {
  return locate(document, value, '#').value;
}

/** One operation (or webhook) of the document with its references to parameters, body and responses followed. */
export interface RawOperation {
  /** The path, or for a webhook its name. */
  path: string;
  method: HttpMethod;
  operation: Json;
  /** `#/paths/~1areas/post`, `#/webhooks/priceUpdated/post`. */
  pointer: string;
  /** Path-level and operation-level parameters, the operation's winning on the same `in` and name. */
  parameters: Located[];
  requestBody?: Located;
  responses: [status: string, response: Located][];
}

function walk(document: Json, section: 'paths' | 'webhooks'): RawOperation[] {
  const operations: RawOperation[] = [];
  const items = isObject(document[section]) ? (document[section] as Json) : {};
  for (const [path, rawItem] of Object.entries(items)) {
    const item = locate(document, rawItem, `#/${section}/${pointerToken(path)}`);
    const shared = Array.isArray(item.value.parameters) ? item.value.parameters.map((raw, index) => [raw, `${item.pointer}/parameters/${index}`] as const) : [];
    // A webhook's first method, in the document's order, gets the webhook's anchor.
    const methods = section === 'webhooks' ? HTTP_METHODS.filter((method) => method in item.value).sort((a, b) => Object.keys(item.value).indexOf(a) - Object.keys(item.value).indexOf(b)) : HTTP_METHODS;
    for (const method of methods) {
      const operation = isObject(item.value[method]) ? (item.value[method] as Json) : undefined;
      if (!operation) continue;
      const pointer = `${item.pointer}/${method}`;
      const own = Array.isArray(operation.parameters) ? operation.parameters.map((raw, index) => [raw, `${pointer}/parameters/${index}`] as const) : [];
      const byKey = new Map<string, Located>();
      for (const [raw, at] of [...shared, ...own]) {
        const parameter = locate(document, raw, at);
        byKey.set(`${String(parameter.value.in)}:${String(parameter.value.name)}`, parameter);
      }
      operations.push({
        path,
        method,
        operation,
        pointer,
        parameters: [...byKey.values()],
        requestBody: operation.requestBody === undefined ? undefined : locate(document, operation.requestBody, `${pointer}/requestBody`),
        responses: Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([status, value]) => [
          status,
          locate(document, value, `${pointer}/responses/${pointerToken(status)}`),
        ]),
      });
    }
  }
  return operations;
}

/** Every operation of a bundled document, in the document's order. */
export function walkOperations(document: Json): RawOperation[] {
  return walk(document, 'paths');
}

/** Every webhook (OpenAPI 3.1 `webhooks`) of a bundled document, in the document's order; `path` is its name. */
export function walkWebhooks(document: Json): RawOperation[] {
  return walk(document, 'webhooks');
}

/** The operation's id, or one made from method and path when the document gives none. */
export function operationIdOf(raw: RawOperation): string {
  return typeof raw.operation.operationId === 'string' ? raw.operation.operationId : `${raw.method}${raw.path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}
