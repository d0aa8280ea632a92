// HTTP methods as OpenAPI names them: a path item's fields, and (3.2) the keys of its `additionalOperations`.
// No zod here: the browser's sample writer and playground import it.

/** The methods a path item names as its own fields (OpenAPI 3.2 adds `query`). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace', 'query'] as const;
export type FixedMethod = (typeof HTTP_METHODS)[number];

/**
 * An operation's method in the model: a path item's field (`get`, `query`), or the key of one of its 3.2
 * `additionalOperations` as written (`LINK`, `PURGE`), which is how the request sends it.
 */
export type HttpMethod = string;

const FIXED_METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/** Whether the method is a path item's own field rather than an `additionalOperations` key. */
export function isFixedMethod(method: string): method is FixedMethod {
  return FIXED_METHODS.has(method);
}

/** The method as a request sends it: a field's name in capitals, an `additionalOperations` key as written. */
export function wireMethod(method: string): string {
  return isFixedMethod(method) ? method.toUpperCase() : method;
}
