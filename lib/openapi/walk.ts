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
    const shared = Array.isArray(item.value.parameters)
      ? item.value.parameters.map((raw, index) => [raw, `${item.pointer}/parameters/${index}`] as const)
      : [];
    for (const { method, operation, pointer } of operationsOf(item, section)) {
      const own = Array.isArray(operation.parameters)
        ? operation.parameters.map((raw, index) => [raw, `${pointer}/parameters/${index}`] as const)
        : [];
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
        requestBody:
          operation.requestBody === undefined
            ? undefined
            : locate(document, operation.requestBody, `${pointer}/requestBody`),
        responses: Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([status, value]) => [
          status,
          locate(document, value, `${pointer}/responses/${pointerToken(status)}`),
        ]),
      });
    }
  }
  return operations;
}

/**
 * A path item's operations: its method fields, then its 3.2 `additionalOperations` (keyed by the method as sent).
 * A webhook's come in the document's order, since its first method gets the webhook's anchor.
 */
function operationsOf(
  item: Located,
  section: 'paths' | 'webhooks',
): { method: HttpMethod; operation: Json; pointer: string }[] {
  const keys = Object.keys(item.value);
  const fixed = HTTP_METHODS.filter((method) => isObject(item.value[method]));
  if (section === 'webhooks') fixed.sort((a, b) => keys.indexOf(a) - keys.indexOf(b));
  const additional = isObject(item.value.additionalOperations) ? item.value.additionalOperations : {};
  return [
    ...fixed.map((method) => ({ method, operation: item.value[method] as Json, pointer: `${item.pointer}/${method}` })),
    ...Object.entries(additional).flatMap(([method, operation]) =>
      isObject(operation)
        ? [{ method, operation, pointer: `${item.pointer}/additionalOperations/${pointerToken(method)}` }]
        : [],
    ),
  ];
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
  return typeof raw.operation.operationId === 'string'
    ? raw.operation.operationId
    : `${raw.method.toLowerCase()}${raw.path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
}

/**
 * The value of an Example Object: `value`, else 3.2's `dataValue`, else 3.2's `serializedValue` (parsed when it is
 * JSON, as it is for a JSON media type; the text otherwise).
 */
export function exampleValue(document: Json, example: unknown): unknown {
  const object = deref(document, example);
  if (object.value !== undefined) return object.value;
  if (object.dataValue !== undefined) return object.dataValue;
  if (typeof object.serializedValue !== 'string') return undefined;
  try {
    return JSON.parse(object.serializedValue) as unknown;
  } catch {
    return object.serializedValue;
  }
}

/** The example of a media type object (or a parameter): `example`, else the first of `examples` that has a value. */
export function mediaExample(document: Json, media: Json): unknown {
  if (media.example !== undefined) return media.example;
  if (!isObject(media.examples)) return undefined;
  return Object.values(media.examples)
    .map((example) => exampleValue(document, example))
    .find((value) => value !== undefined);
}

/** The example of one item of a 3.2 stream: its item schema's own (`example`, else the first of `examples`). */
export function itemExample(document: Json, media: Json): unknown {
  if (!isObject(media.itemSchema)) return undefined;
  const schema = deref(document, media.itemSchema);
  return schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
}

/**
 * A 3.2 `in: querystring` parameter's one schema (its first media type's, followed through refs) and the example of
 * the whole query string: the parameter's, else its media type's, else the schema's (empty when none is an object).
 */
export function querystringOf(document: Json, parameter: Json): { schema: Json; example: Json } {
  const [entry] = Object.values(isObject(parameter.content) ? parameter.content : {});
  const media = entry === undefined ? {} : deref(document, entry);
  const schema = isObject(media.schema) ? deref(document, media.schema) : {};
  const example = parameter.example ?? mediaExample(document, media) ?? schema.example;
  return { schema, example: isObject(example) ? example : {} };
}
