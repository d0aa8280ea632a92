import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isObject, pointerToken, type Json } from './schema-tree';

/** Keys whose values are data (examples, constants), never schemas: an `$id` in there names nothing. */
const DATA_KEYS = new Set(['example', 'examples', 'const', 'default', 'enum']);

/** The base URI of a document loaded from `location` (a URL, or a file path). */
export function documentBaseUri(location: string): string {
  return /^https?:\/\//i.test(location) ? location : pathToFileURL(path.resolve(location)).href;
}

const withoutFragment = (uri: string) => uri.replace(/#.*$/, '');

function resolveUri(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}

/** Calls `visit` for every object of the document, with its JSON pointer and the base URI in force there. */
function walk(
  value: unknown,
  pointer: string,
  base: string,
  visit: (object: Json, pointer: string, base: string) => void,
): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, `${pointer}/${index}`, base, visit));
    return;
  }
  if (!isObject(value)) return;
  const own = typeof value.$id === 'string' ? resolveUri(value.$id, base) : undefined;
  const here = own ? withoutFragment(own) : base;
  visit(value, pointer, here);
  for (const [key, child] of Object.entries(value)) {
    if (!DATA_KEYS.has(key)) walk(child, `${pointer}/${pointerToken(key)}`, here, visit);
  }
}

/**
 * Rewrites each `$ref` that names a schema by its `$id` or `$anchor` (JSON Schema 2020-12, valid in OpenAPI
 * 3.1: `$ref: /schemas/pet`, `$ref: '#pet_details'`, `$ref: /schemas/details#id`) into a JSON pointer within the
 * document, so the bundler and the model can follow it. The document's base URI is its OpenAPI 3.2 `$self`
 * (resolved against where it was loaded from) when it has one, so a ref to that URI is a ref into the document.
 * Refs to other documents are left to the bundler. `#/…` pointers always point into the document. Returns the
 * refs that name a schema of this document by an anchor it does not have, each with its pointer.
 */
export function resolveSchemaIds(document: Json, baseUri: string): string[] {
  const self = typeof document.$self === 'string' ? resolveUri(document.$self, baseUri) : undefined;
  const documentBase = withoutFragment(self ?? baseUri);
  const resources = new Map<string, string>([[documentBase, '#']]);
  const anchors = new Map<string, string>();
  walk(document, '#', documentBase, (object, pointer, base) => {
    if (typeof object.$id === 'string') resources.set(base, pointer);
    if (typeof object.$anchor === 'string') anchors.set(`${base}#${object.$anchor}`, pointer);
  });
  // Nothing to do for a document without $self, $id or $anchor, the usual case.
  if (resources.size === 1 && anchors.size === 0 && self === undefined) return [];
  const problems: string[] = [];
  walk(document, '#', documentBase, (object, pointer, base) => {
    const ref = object.$ref;
    if (typeof ref !== 'string' || ref.startsWith('#/') || ref === '#') return;
    const absolute = resolveUri(ref, base);
    if (!absolute) return;
    const fragment = decodeURIComponent(absolute.includes('#') ? absolute.slice(absolute.indexOf('#') + 1) : '');
    const resource = resources.get(withoutFragment(absolute));
    if (resource === undefined) return;
    const target =
      fragment === ''
        ? resource
        : fragment.startsWith('/')
          ? `${resource}${fragment}`
          : anchors.get(`${withoutFragment(absolute)}#${fragment}`);
    if (target === undefined) problems.push(`"${ref}" at ${pointer} names no $anchor "${fragment}"`);
    else object.$ref = target === '#' ? '#' : target;
  });
  return problems;
}
