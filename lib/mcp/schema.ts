import type { JsonSchema } from '../contract/json-schema';
import { isObject, type JsonObject } from '../json/object';

type Json = JsonObject;

const REF = /^#\/\$defs\/(.+)$/;

/**
 * A JSON Schema of the contract with its `$ref`s to named schemas expanded, `depth` levels deep; deeper ones, and
 * any that would repeat a schema already being expanded (a cycle), stay `{ "$ref": "#/$defs/Name" }`.
 */
export function expandSchema(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>, depth: number): unknown {
  const walk = (node: unknown, level: number, open: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, level, open));
    if (!isObject(node)) return node;
    const ref = typeof node.$ref === 'string' ? REF.exec(node.$ref)?.[1] : undefined;
    if (ref !== undefined && level < depth && !open.includes(ref) && Object.hasOwn(defs, ref)) {
      const siblings = Object.fromEntries(Object.entries(node).filter(([key]) => key !== '$ref'));
      return { title: ref, ...(walk(defs[ref], level + 1, [...open, ref]) as Json), ...siblings };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, level, open)]));
  };
  return walk(schema, 0, []);
}
