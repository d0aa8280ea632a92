/** A JSON object: what a parsed document, schema or body is once it is known to be neither an array nor null. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
