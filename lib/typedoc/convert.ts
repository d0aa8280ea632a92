import { parseWith } from '../validation';
import { blockTag, blockTags, codeOf, plainTag, textBlock as commentText } from './comments';
import { referencedIds as referencedIn, renderType as renderTypeWith } from './render-type';
import { isTypeNode, Kind, locate, projectSchema, SdkReferenceError, type Reflection } from './typedoc-json';

export { Kind, SdkReferenceError };
import { symbolUrl, type SdkEnum, type SdkInterface, type SdkOperation, type SdkReference, type SdkSymbol, type SdkUsage, type TypeToken } from './model';

/**
 * Turns TypeDoc's JSON of `kilowise-client` into the model the TypeDoc pages render: enums with their
 * members, interfaces with their properties (types linked to their pages), extends and used-by lists,
 * and the client methods with the API operation each calls.
 */
export function convertTypedocProject(json: unknown, options: { version: string; source?: string }): SdkReference {
  const project = parseWith(projectSchema, json, options.source ?? 'TypeDoc JSON');
  const byId = new Map<number, { reflection: Reflection; parent?: Reflection }>();
  const index = (reflection: Reflection, parent?: Reflection) => {
    byId.set(reflection.id, { reflection, parent });
    for (const child of reflection.children ?? []) index(child, reflection);
    for (const signature of reflection.signatures ?? []) index(signature, reflection);
  };
  for (const child of project.children) index(child);

  const documented = project.children.filter((child) => child.kind === Kind.Enum || child.kind === Kind.Interface);
  const kindOf = (reflection: Reflection): SdkSymbol['kind'] => (reflection.kind === Kind.Enum ? 'enum' : 'interface');
  const textBlock = (parts: Parameters<typeof commentText>[0]) => commentText(parts, hrefOf);
  const renderType = (node: unknown) => renderTypeWith(node, hrefOf);
  /** The documented symbol a reference names: an enum member counts as its enum. */
  const ownerOf = (target: number) => {
    const entry = byId.get(target);
    const owner = entry && (entry.reflection.kind === Kind.EnumMember ? entry.parent : entry.reflection);
    return owner?.id;
  };
  const referencedIds = (node: unknown) => referencedIn(node, ownerOf);

  /** The page of a documented reflection, with an anchor for a member or property; undefined for others. */
  function hrefOf(id: unknown): string | undefined {
    if (typeof id !== 'number') return undefined;
    const entry = byId.get(id);
    if (!entry) return undefined;
    const { reflection, parent } = entry;
    if (reflection.kind === Kind.Enum || reflection.kind === Kind.Interface) return symbolUrl(kindOf(reflection), reflection.name);
    if (parent && (parent.kind === Kind.Enum || parent.kind === Kind.Interface)) return `${symbolUrl(kindOf(parent), parent.name)}#${reflection.name}`;
    return undefined;
  }

  /** The interface an inherited property comes from, linked when that interface has a page. */
  function inheritedToken(from: { name: string; target?: unknown }): TypeToken {
    const owner = typeof from.target === 'number' ? byId.get(from.target)?.parent : undefined;
    const name = owner?.name ?? from.name.split('.')[0] ?? from.name;
    return owner && owner.kind === Kind.Interface ? { text: name, href: symbolUrl('interface', name) } : { text: name };
  }

  // The client's areas: which property of KilowiseClient holds each area class.
  const client = project.children.find((child) => child.name === 'KilowiseClient' && child.kind === Kind.Class);
  const areaOfClass = new Map<number, string>();
  for (const property of client?.children ?? []) {
    const type = property.type;
    if (property.kind === Kind.Property && isTypeNode(type) && type.type === 'reference' && typeof type.target === 'number') {
      areaOfClass.set(type.target, property.name);
    }
  }

  const usedBy = new Map<number, SdkUsage[]>();
  const addUse = (id: number, usage: SdkUsage) => {
    const list = usedBy.get(id) ?? [];
    if (!list.some((existing) => existing.label === usage.label)) list.push(usage);
    usedBy.set(id, list);
  };

  const operations: SdkOperation[] = [];
  for (const area of project.children.filter((child) => child.kind === Kind.Class && areaOfClass.has(child.id))) {
    const areaName = areaOfClass.get(area.id) ?? area.name;
    for (const method of (area.children ?? []).filter((child) => child.kind === Kind.Method)) {
      const signature = method.signatures?.[0];
      const operationId = plainTag(signature?.comment, '@apiOperation');
      if (!signature || !operationId) continue;
      const example = blockTag(signature.comment, '@example');
      if (!example) throw new SdkReferenceError(`${locate(method)}: ${areaName}.${method.name} has no @example`);
      const label = `kilowise.${areaName}.${method.name}()`;
      for (const id of referencedIds([signature.parameters?.map((parameter) => parameter.type), signature.type])) {
        addUse(id, { label, href: `/api#operation/${operationId}` });
      }
      operations.push({
        operationId,
        method: `${areaName}.${method.name}`,
        example: codeOf(example.content),
        deprecated: blockTag(signature.comment, '@deprecated') !== undefined,
        source: { file: method.sources?.[0]?.fileName ?? '', line: method.sources?.[0]?.line ?? 0 },
      });
    }
  }
  const seen = new Map<string, string>();
  for (const operation of operations) {
    const previous = seen.get(operation.operationId);
    if (previous) {
      throw new SdkReferenceError(
        `${operation.source.file}:${operation.source.line}: @apiOperation ${operation.operationId} is already on ${previous}`,
      );
    }
    seen.set(operation.operationId, operation.method);
  }

  const extendedBy = new Map<number, SdkUsage[]>();
  for (const reflection of documented) {
    for (const property of reflection.children ?? []) {
      if (property.flags.isInherited) continue;
      for (const id of referencedIds(property.type)) {
        if (id !== reflection.id) addUse(id, { label: `${reflection.name}.${property.name}`, href: `${symbolUrl(kindOf(reflection), reflection.name)}#${property.name}` });
      }
    }
    for (const parent of referencedIds(reflection.extendedTypes ?? [])) {
      const list = extendedBy.get(parent) ?? [];
      list.push({ label: reflection.name, href: symbolUrl('interface', reflection.name) });
      extendedBy.set(parent, list);
    }
  }

  const sourceOf = (reflection: Reflection) => ({ file: reflection.sources?.[0]?.fileName ?? '', line: reflection.sources?.[0]?.line ?? 0 });
  const bySourceLine = (a: Reflection, b: Reflection) => (a.sources?.[0]?.line ?? 0) - (b.sources?.[0]?.line ?? 0);

  const symbols: SdkSymbol[] = documented.map((reflection): SdkSymbol => {
    const base = {
      name: reflection.name,
      url: symbolUrl(kindOf(reflection), reflection.name),
      description: textBlock(reflection.comment?.summary),
      deprecated: blockTag(reflection.comment, '@deprecated') ? (textBlock(blockTag(reflection.comment, '@deprecated')?.content) ?? { html: '', text: '' }) : undefined,
      examples: blockTags(reflection.comment, '@example').map((block) => ({ code: codeOf(block.content) })),
      apiSchema: plainTag(reflection.comment, '@apiSchema'),
      source: sourceOf(reflection),
      usedBy: (usedBy.get(reflection.id) ?? []).sort((a, b) => a.label.localeCompare(b.label)),
    };
    if (reflection.kind === Kind.Enum) {
      const members = [...(reflection.children ?? [])].sort(bySourceLine).map((member): SdkEnum['members'][number] => {
        const type = member.type;
        if (!isTypeNode(type) || type.type !== 'literal') {
          throw new SdkReferenceError(`${locate(member)}: ${reflection.name}.${member.name} needs a literal value`);
        }
        return {
          name: member.name,
          value: String(type.value),
          description: textBlock(member.comment?.summary),
          deprecated: blockTag(member.comment, '@deprecated') ? (textBlock(blockTag(member.comment, '@deprecated')?.content) ?? { html: '', text: '' }) : undefined,
        };
      });
      return { ...base, kind: 'enum', members };
    }
    const indexRows = (reflection.indexSignatures ?? []).map((signature): SdkInterface['properties'][number] => ({
      name: `[${signature.parameters?.map((parameter) => `${parameter.name}: ${renderType(parameter.type).map((token) => token.text).join('')}`).join(', ') ?? 'key: string'}]`,
      type: renderType(signature.type),
      optional: false,
      readonly: false,
      description: textBlock(signature.comment?.summary),
    }));
    const properties = [...(reflection.children ?? [])]
      .filter((child) => child.kind === Kind.Property)
      .sort((a, b) => Number(Boolean(a.flags.isInherited)) - Number(Boolean(b.flags.isInherited)) || bySourceLine(a, b))
      .map((property): SdkInterface['properties'][number] => {
        const example = blockTag(property.comment, '@example');
        const deprecated = blockTag(property.comment, '@deprecated');
        return {
          name: property.name,
          type: renderType(property.type),
          optional: Boolean(property.flags.isOptional),
          readonly: Boolean(property.flags.isReadonly),
          description: textBlock(property.comment?.summary),
          deprecated: deprecated ? (textBlock(deprecated.content) ?? { html: '', text: '' }) : undefined,
          example: example ? codeOf(example.content) : undefined,
          inheritedFrom: property.flags.isInherited && property.inheritedFrom ? inheritedToken(property.inheritedFrom) : undefined,
        };
      });
    return {
      ...base,
      kind: 'interface',
      properties: [...properties, ...indexRows],
      extends: (reflection.extendedTypes ?? []).map((type) => renderType(type)),
      extendedBy: extendedBy.get(reflection.id) ?? [],
    };
  });

  for (const symbol of symbols) {
    const at = `${symbol.source.file}:${symbol.source.line}`;
    if (!symbol.description) throw new SdkReferenceError(`${at}: ${symbol.name} has no description (TSDoc summary)`);
    if (symbol.examples.length === 0) throw new SdkReferenceError(`${at}: ${symbol.name} has no @example`);
  }

  return {
    packageName: project.name,
    version: options.version,
    symbols: symbols.sort((a, b) => a.name.localeCompare(b.name)),
    operations: operations.sort((a, b) => a.operationId.localeCompare(b.operationId)),
  };
}
