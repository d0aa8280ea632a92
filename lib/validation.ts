import type { z } from 'zod';

/** Formats a path such as `navbar.items[3].type` from a zod issue path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    return text ? `${text}.${name}` : name;
  }, '');
}

/**
 * One line per problem, each naming the source (a file, URL or config name) and the field at fault,
 * so a failed build says exactly what to fix.
 */
export function describeZodError(source: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = formatIssuePath(issue.path);
      return `${source}: ${field ? `field "${field}"` : 'value'}: ${issue.message}`;
    })
    .join('\n');
}

/** Thrown when an input read at a boundary does not match its schema. */
export class ValidationError extends Error {
  override name = 'ValidationError';
}

/** Parses `value` with `schema`, or throws a ValidationError that names the source and each bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, source: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(describeZodError(source, result.error));
  return result.data;
}
