/**
 * Checks a response body before the client hands it over typed. A check asks what the API contract
 * requires of the body: that it is an object, an array or a map, and that the contract's required fields
 * are there. Optional fields are taken as the contract types them. A body that fails the check (a proxy's
 * page, `null`, another API's answer) becomes a KilowiseApiError naming the operation, never a value whose
 * type lies.
 */
export type BodyShape<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object with these fields present. */
export function object<T extends object>(...required: (keyof T & string)[]): BodyShape<T> {
  return (value): value is T =>
    isRecord(value) && required.every((field) => value[field] !== undefined && value[field] !== null);
}

/** An array whose every item passes `item`. */
export function arrayOf<T>(item: BodyShape<T>): BodyShape<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(item);
}

/** A string. */
export const string: BodyShape<string> = (value): value is string => typeof value === 'string';

/** One of the values of a string enum. */
export function oneOf<T extends string>(values: Record<string, T>): BodyShape<T> {
  const allowed = new Set<unknown>(Object.values(values));
  return (value): value is T => allowed.has(value);
}

/** A map from keys (such as ISO 8601 hours) to numbers. */
export const numberMap: BodyShape<Record<string, number>> = (value): value is Record<string, number> =>
  isRecord(value) && Object.values(value).every((entry) => typeof entry === 'number');
