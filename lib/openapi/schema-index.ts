import type { ApiModel, SchemaNode } from './model';

/** The component schemas by name: what a `ref` node stands for. */
export type SchemaIndex = ReadonlyMap<string, SchemaNode>;

/** The model's component schemas by name. */
export function schemaIndex(model: Pick<ApiModel, 'schemas'>): SchemaIndex {
  return new Map(model.schemas.map((schema) => [schema.name, schema.node]));
}

/** The schema a `ref` node stands for, aliases followed; the node itself when it is not a ref; undefined for a ref to nothing. */
export function resolveRef(node: SchemaNode, index: SchemaIndex): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  for (let hops = 0; current?.kind === 'ref' && hops < 10; hops += 1) current = index.get(current.refName ?? '');
  return current?.kind === 'ref' ? undefined : current;
}
