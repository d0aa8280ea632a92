import type { TypeToken } from './model';
import { isTypeNode, reflectionSchema } from './typedoc-json';

/**
 * A TypeDoc type as text tokens; `linkOf` gives the page of a referenced symbol of the package, if it has
 * one, and `externalOf` the page of a reference to another package's export.
 */
export function renderType(
  node: unknown,
  linkOf: (target: unknown) => string | undefined,
  externalOf: (reference: Record<string, unknown>) => string | undefined = () => undefined,
): TypeToken[] {
  if (!isTypeNode(node)) return [{ text: 'unknown' }];
  const render = (inner: unknown) => renderType(inner, linkOf, externalOf);
  const join = (types: unknown, separator: string): TypeToken[] =>
    joinTokens((Array.isArray(types) ? types : []).map(render), separator);
  switch (node.type) {
    case 'intrinsic':
      return [{ text: String(node.name) }];
    case 'literal':
      return [{ text: typeof node.value === 'string' ? `'${node.value}'` : String(node.value) }];
    case 'reference': {
      const href = linkOf(node.target) ?? externalOf(node);
      const name = String(node.qualifiedName ?? node.name);
      const head: TypeToken[] = [href ? { text: name, href } : { text: name }];
      const args =
        Array.isArray(node.typeArguments) && node.typeArguments.length > 0
          ? [{ text: '<' }, ...join(node.typeArguments, ', '), { text: '>' }]
          : [];
      return [...head, ...args];
    }
    case 'array': {
      const element = render(node.elementType);
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
      return [{ text: `${String(node.operator)} ` }, ...render(node.target)];
    case 'indexedAccess':
      return [...render(node.objectType), { text: '[' }, ...render(node.indexType), { text: ']' }];
    case 'query':
      return [{ text: 'typeof ' }, ...render(node.queryType)];
    case 'optional':
      return [...render(node.elementType), { text: '?' }];
    case 'rest':
      return [{ text: '...' }, ...render(node.elementType)];
    case 'namedTupleMember':
      return [{ text: `${String(node.name)}${node.isOptional ? '?' : ''}: ` }, ...render(node.element)];
    case 'predicate':
      return [{ text: `${String(node.name)} is ` }, ...render(node.targetType)];
    case 'reflection':
      return renderReflection(node.declaration, render);
    default:
      return [{ text: typeof node.name === 'string' ? node.name : node.type }];
  }
}

/** Token lists one after another, with a separator between each two. */
function joinTokens(lists: readonly TypeToken[][], separator: string): TypeToken[] {
  return lists.flatMap((list, position) => [...(position > 0 ? [{ text: separator }] : []), ...list]);
}

/** An object type written inline: its members, or its call signature when it has only that. */
function renderReflection(node: unknown, render: (inner: unknown) => TypeToken[]): TypeToken[] {
  const declaration = reflectionSchema.safeParse(node);
  if (!declaration.success) return [{ text: 'object' }];
  const members = (declaration.data.children ?? []).map((child): TypeToken[] => [
    { text: `${child.name}${child.flags.isOptional ? '?' : ''}: ` },
    ...render(child.type),
  ]);
  const signature = declaration.data.signatures?.[0];
  if (members.length === 0 && signature) {
    const parameters = (signature.parameters ?? []).map((parameter): TypeToken[] => [
      { text: `${parameter.name}${parameter.flags.isOptional ? '?' : ''}: ` },
      ...render(parameter.type),
    ]);
    return [{ text: '(' }, ...joinTokens(parameters, ', '), { text: ') => ' }, ...render(signature.type)];
  }
  if (members.length === 0) return [{ text: '{}' }];
  return [{ text: '{ ' }, ...joinTokens(members, '; '), { text: ' }' }];
}

/** Every documented symbol a type names (for "used by"). */
export function referencedIds(
  node: unknown,
  ownerOf: (target: number) => number | undefined,
  found = new Set<number>(),
): Set<number> {
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
