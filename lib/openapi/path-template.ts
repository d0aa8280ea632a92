// The `{name}` of an OpenAPI path template (`/v2/kilowise/users/{userId}/locations`), read in one place: which
// parameters a template names, a template filled in, and a template as the parts a code generator writes out.
// Matching a written path to a template is `matchEndpoint` (endpoints.ts). No URL-template package is used: OpenAPI's
// path templating is RFC 6570's simplest form, and every caller fills it in its own way (a value percent-encoded for
// a request, an expression for generated code), which a library's expand() does not do.

const PARAMETER = /\{([^}]+)\}/g;

/** A literal run of a path template, or one of its parameters. */
export type TemplatePart = { literal: string } | { parameter: string };

/** The parameters a template names, in order: `/users/{userId}/devices/{deviceId}` → `['userId', 'deviceId']`. */
export function templateParameters(template: string): string[] {
  return [...template.matchAll(PARAMETER)].map((match) => match[1] ?? '');
}

/** The template with each parameter replaced by what `fill` gives for its name. */
export function fillTemplate(template: string, fill: (name: string) => string): string {
  return template.replace(PARAMETER, (_, name: string) => fill(name));
}

/**
 * The source of a regular expression that matches a path of the template: literal runs as written, each parameter
 * one non-empty segment, captured in the order of `templateParameters`.
 */
export function templateSource(template: string): string {
  return templateParts(template)
    .map((part) => ('literal' in part ? part.literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '([^/]+)'))
    .join('');
}

/** The template as literal runs and parameters, in order, leaving out empty runs: `/a/{b}` → `/a/`, then `b`. */
export function templateParts(template: string): TemplatePart[] {
  return template
    .split(PARAMETER)
    .flatMap((part, index): TemplatePart[] =>
      index % 2 === 1 ? [{ parameter: part }] : part === '' ? [] : [{ literal: part }],
    );
}
