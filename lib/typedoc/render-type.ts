import type { TypeToken } from './model';
import { isTypeNode, reflectionSchema } from './typedoc-json';

/** A TypeDoc type as text tokens; `linkOf` gives the page of a referenced symbol, if it has one. */
export function renderType(node: unknown, linkOf: (target: unknown) => string | undefined): TypeToken[] {
  if (!isTypeNode(node)) return [{ text: 'unknown' }];
  const join = (types: unknown, separator: string): TypeToken[] =>
    (Array.isArray(types) ? types : []).flatMap((type, position) => [...(position > 0 ? [{ text: separator }] : []), ...renderType(type, linkOf)]);
  switch (node.type) {
    case 'intrinsic':
      return [{ text: String(node.name) }];
    case 'literal':
      return [{ text: typeof node.value === 'string' ? `'${node.value}'` : String(node.value) }];
    case 'reference': {
      const href = linkOf(node.target);
      const name = String(node.qualifiedName ?? node.name);
      const head: TypeToken[] = [href ? { text: name, href } : { text: name }];
      const args = Array.isArray(node.typeArguments) && node.typeArguments.length > 0 ? [{ text: '<' }, ...join(node.typeArguments, ', '), { text: '>' }] : [];
      return [...head, ...args];
    }
    case 'array': {
      const element = renderType(node.elementType, linkOf);
      const needsParens = isTypeNode(node.elementType) && ['union', 'intersection'].includes(node.elementType.type);
      return needsParens ? [{ text: '(' }, ...element, { text: ')[]' }] : [...element, { text: '[]' }];
    }
    case 'union':
      return join(node.types, ' | ');
    case 'intersection':
      return join(node.types, ' & ');
    case 'tuple':
      return [{ text: '[' }, ...join(node.elements, ', '), { text: ']' }];
    case 'typeOperator':
      return [{ text: `${String(node.operator)} ` }, ...renderType(node.target, linkOf)];
    case 'reflection': {
      const declaration = reflectionSchema.safeParse(node.declaration);
      if (!declaration.success) return [{ text: 'object' }];
      const members = (declaration.data.children ?? []).map((child): TypeToken[] => [
        { text: `${child.name}${child.flags.isOptional ? '?' : ''}: ` },
        ...renderType(child.type, linkOf),
      ]);
      if (members.length === 0 && declaration.data.signatures?.length) return [{ text: 'function' }];
      return [{ text: '{ ' }, ...members.flatMap((member, position) => [...(position > 0 ? [{ text: '; ' }] : []), ...member]), { text: ' }' }];
    }
    default:
      return [{ text: typeof node.name === 'string' ? node.name : node.type }];
  }
}


/** Every documented symbol a type names (for "used by"). */
export function referencedIds(node: unknown, ownerOf: (target: number) => number | undefined, found = new Set<number>()): Set<number> {
  if (Array.isArray(node)) {
    for (const item of node) referencedIds(item, ownerOf, found);
  } else if (isTypeNode(node) || (typeof node === 'object' && node !== null)) {
    const record = node as Record<string, unknown>;
    if (record.type === 'reference' && typeof record.target === 'number') {
      const owner = ownerOf(record.target);
      if (owner !== undefined) found.add(owner);
    }
    for (const [key, value] of Object.entries(record)) if (key !== 'target') referencedIds(value, ownerOf, found);
  }
  return found;
}

