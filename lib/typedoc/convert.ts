import { parseWith } from '../validation';
import { blockTag, blockTags, codeOf, plainTag, textBlock as commentText } from './comments';
import { referencedIds as referencedIn, renderType as renderTypeWith } from './render-type';
import {
  isTypeNode,
  Kind,
  locate,
  projectSchema,
  SdkReferenceError,
  type Comment,
  type Reflection,
} from './typedoc-json';

export { Kind, SdkReferenceError };
import {
  symbolUrl,
  type SdkClass,
  type SdkEnum,
  type SdkFunction,
  type SdkInterface,
  type SdkMethod,
  type SdkOperation,
  type SdkProperty,
  type SdkReference,
  type SdkSymbol,
  type SdkUsage,
  type SymbolKind,
  type TypeToken,
} from './model';

const KIND_OF: Partial<Record<number, SymbolKind>> = {
  [Kind.Class]: 'class',
  [Kind.Enum]: 'enum',
  [Kind.Interface]: 'interface',
  [Kind.Function]: 'function',
  [Kind.Variable]: 'variable',
  [Kind.TypeAlias]: 'type',
};

export interface ConvertOptions {
  version: string;
  /** The package the pages belong to; its URLs are `/sdk/packages/{packageName}/typedoc/…`. */
  packageName?: string;
  /** Where the JSON came from, for errors. */
  source?: string;
  /**
   * The page of a symbol of another SDK package, by package and name (kilowise-ui's props name
   * kilowise-client's enums); undefined when it has none.
   */
  externalHref?: (packageName: string, name: string) => string | undefined;
}

/**
 * Turns TypeDoc's JSON of an SDK package into the model its TypeDoc pages render: enums with their members,
 * interfaces with their properties, functions and components (with their parameters or props), constants
 * and type aliases, every type linked to its page, extends and used-by lists, and (kilowise-client) the
 * client methods with the API operation each calls.
 */
export function convertTypedocProject(json: unknown, options: ConvertOptions): SdkReference {
  const project = parseWith(projectSchema, json, options.source ?? 'TypeDoc JSON');
  const packageName = options.packageName ?? 'kilowise-client';
  const byId = new Map<number, { reflection: Reflection; parent?: Reflection }>();
  const index = (reflection: Reflection, parent?: Reflection) => {
    byId.set(reflection.id, { reflection, parent });
    for (const child of reflection.children ?? []) index(child, reflection);
    for (const signature of reflection.signatures ?? []) index(signature, reflection);
  };
  for (const child of project.children) index(child);

  const kindOf = (reflection: Reflection): SymbolKind | undefined => KIND_OF[reflection.kind];
  const documented = project.children.filter((child) => kindOf(child) !== undefined);
  const documentedIds = new Set(documented.map((reflection) => reflection.id));
  const urlOf = (reflection: Reflection) => symbolUrl(packageName, kindOf(reflection) ?? 'interface', reflection.name);
  const textBlock = (parts: Parameters<typeof commentText>[0]) => commentText(parts, hrefOf);
  const renderType = (node: unknown) => renderTypeWith(node, hrefOf, externalHrefOf);
  /** The documented symbol a reference names: an enum member counts as its enum, a signature as its function. */
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
    if (documentedIds.has(reflection.id)) return urlOf(reflection);
    if (parent && (parent.kind === Kind.Enum || parent.kind === Kind.Interface || parent.kind === Kind.Class))
      return `${urlOf(parent)}#${reflection.name}`;
    return undefined;
  }

  /** A reference to another SDK package's export links to that package's page for it. */
  function externalHrefOf(node: Record<string, unknown>): string | undefined {
    if (typeof node.package !== 'string' || typeof node.name !== 'string' || node.package === packageName)
      return undefined;
    return options.externalHref?.(node.package, node.name);
  }

  /** The interface an inherited property comes from, linked when that interface has a page. */
  function inheritedToken(from: { name: string; target?: unknown }): TypeToken {
    const owner = typeof from.target === 'number' ? byId.get(from.target)?.parent : undefined;
    const name = owner?.name ?? from.name.split('.')[0] ?? from.name;
    return owner && owner.kind === Kind.Interface ? { text: name, href: urlOf(owner) } : { text: name };
  }

  const usedBy = new Map<number, SdkUsage[]>();
  const addUse = (id: number, usage: SdkUsage) => {
    const list = usedBy.get(id) ?? [];
    if (!list.some((existing) => existing.label === usage.label)) list.push(usage);
    usedBy.set(id, list);
  };

  const operations = clientOperations(project.children, referencedIds, addUse);

  const extendedBy = new Map<number, SdkUsage[]>();
  for (const reflection of documented) {
    for (const member of reflection.children ?? []) {
      if (member.flags.isInherited || (reflection.kind !== Kind.Interface && reflection.kind !== Kind.Class)) continue;
      // A class's methods use their parameter and result types; its properties, as an interface's, their types.
      const signature = member.kind === Kind.Method ? member.signatures?.[0] : undefined;
      const types = signature
        ? [signature.parameters?.map((parameter) => parameter.type), signature.type]
        : member.kind === Kind.Property
          ? member.type
          : undefined;
      const label = signature ? `${reflection.name}.${member.name}()` : `${reflection.name}.${member.name}`;
      for (const id of referencedIds(types)) {
        if (id !== reflection.id) addUse(id, { label, href: `${urlOf(reflection)}#${member.name}` });
      }
    }
    for (const parent of referencedIds(reflection.extendedTypes ?? [])) {
      const list = extendedBy.get(parent) ?? [];
      list.push({ label: reflection.name, href: urlOf(reflection) });
      extendedBy.set(parent, list);
    }
    // A function's parameters and result, and a type alias's parts, use the types they name.
    const signature = reflection.signatures?.[0];
    if (reflection.kind === Kind.Function && signature) {
      const label = /^[A-Z]/.test(reflection.name) ? `<${reflection.name}>` : `${reflection.name}()`;
      for (const id of referencedIds([signature.parameters?.map((parameter) => parameter.type), signature.type])) {
        if (id !== reflection.id) addUse(id, { label, href: urlOf(reflection) });
      }
    }
    if (reflection.kind === Kind.TypeAlias) {
      for (const id of referencedIds(reflection.type))
        if (id !== reflection.id) addUse(id, { label: reflection.name, href: urlOf(reflection) });
    }
  }

  const sourceOf = (reflection: Reflection) => ({
    file: reflection.sources?.[0]?.fileName ?? '',
    line: reflection.sources?.[0]?.line ?? 0,
  });
  const bySourceLine = (a: Reflection, b: Reflection) => (a.sources?.[0]?.line ?? 0) - (b.sources?.[0]?.line ?? 0);
  const deprecation = (comment: Comment | undefined) => {
    const tag = blockTag(comment, '@deprecated');
    return tag ? (textBlock(tag.content) ?? { html: '', text: '' }) : undefined;
  };

  function propertiesOf(reflection: Reflection): SdkProperty[] {
    const indexRows = (reflection.indexSignatures ?? []).map((signature): SdkProperty => ({
      name: `[${
        signature.parameters
          ?.map(
            (parameter) =>
              `${parameter.name}: ${renderType(parameter.type)
                .map((token) => token.text)
                .join('')}`,
          )
          .join(', ') ?? 'key: string'
      }]`,
      type: renderType(signature.type),
      optional: false,
      readonly: false,
      description: textBlock(signature.comment?.summary),
    }));
    const properties = [...(reflection.children ?? [])]
      .filter((child) => child.kind === Kind.Property)
      .sort((a, b) => Number(Boolean(a.flags.isInherited)) - Number(Boolean(b.flags.isInherited)) || bySourceLine(a, b))
      .map((property): SdkProperty => {
        const example = blockTag(property.comment, '@example');
        return {
          name: property.name,
          type: renderType(property.type),
          optional: Boolean(property.flags.isOptional),
          readonly: Boolean(property.flags.isReadonly),
          description: textBlock(property.comment?.summary),
          deprecated: deprecation(property.comment),
          example: example ? codeOf(example.content) : undefined,
          inheritedFrom:
            property.flags.isInherited && property.inheritedFrom ? inheritedToken(property.inheritedFrom) : undefined,
        };
      });
    return [...properties, ...indexRows];
  }

  const parametersOf = (signature: Reflection | undefined) =>
    (signature?.parameters ?? []).map((parameter) => ({
      name: parameter.name === '__namedParameters' ? 'options' : parameter.name,
      type: renderType(parameter.type),
      optional: Boolean(parameter.flags.isOptional),
      description: textBlock(parameter.comment?.summary),
    }));
  const throwsOf = (comment: Comment | undefined) =>
    blockTags(comment, '@throws').flatMap((block) => textBlock(block.content) ?? []);

  /** A class's public members: its constructor, its own properties and methods (not those inherited from `Error`). */
  function classParts(
    reflection: Reflection,
  ): Pick<SdkClass, 'constructorParameters' | 'constructorThrows' | 'properties' | 'methods' | 'extends'> {
    const own = (reflection.children ?? []).filter((child) => !child.flags.isInherited && !child.flags.isProtected);
    const constructorSignature = own.find((child) => child.kind === Kind.Constructor)?.signatures?.[0];
    const methods = own
      .filter((child) => child.kind === Kind.Method)
      .sort(bySourceLine)
      .map((method): SdkMethod => {
        const signature = method.signatures?.[0];
        if (!signature)
          throw new SdkReferenceError(`${locate(method)}: ${reflection.name}.${method.name} has no signature`);
        return {
          name: method.name,
          description: textBlock(signature.comment?.summary),
          deprecated: deprecation(signature.comment),
          parameters: parametersOf(signature),
          returns: renderType(signature.type),
          throws: throwsOf(signature.comment),
          examples: blockTags(signature.comment, '@example').map((block) => ({ code: codeOf(block.content) })),
          operationId: plainTag(signature.comment, '@apiOperation'),
        };
      });
    return {
      constructorParameters: constructorSignature ? parametersOf(constructorSignature) : undefined,
      constructorThrows: throwsOf(constructorSignature?.comment),
      properties: propertiesOf({ ...reflection, children: own }),
      methods,
      extends: (reflection.extendedTypes ?? []).map((type) => renderType(type)),
    };
  }

  function functionParts(reflection: Reflection): Pick<SdkFunction, 'component' | 'parameters' | 'returns' | 'props'> {
    const signature = reflection.signatures?.[0];
    if (!signature) throw new SdkReferenceError(`${locate(reflection)}: ${reflection.name} has no signature`);
    const component = /^[A-Z]/.test(reflection.name);
    const parameters = (signature.parameters ?? []).map((parameter) => ({
      name: parameter.name === '__namedParameters' ? 'props' : parameter.name,
      type: renderType(parameter.type),
      optional: Boolean(parameter.flags.isOptional),
      description: textBlock(parameter.comment?.summary),
    }));
    const first = signature.parameters?.[0]?.type;
    const propsTarget =
      component && isTypeNode(first) && first.type === 'reference' && typeof first.target === 'number'
        ? byId.get(first.target)?.reflection
        : undefined;
    const props =
      component && first
        ? { type: renderType(first), properties: propsTarget?.kind === Kind.Interface ? propertiesOf(propsTarget) : [] }
        : undefined;
    return { component, parameters, returns: renderType(signature.type), props };
  }

  const symbols: SdkSymbol[] = documented.map((reflection): SdkSymbol => {
    // A function's comment is on its signature.
    const comment =
      reflection.kind === Kind.Function
        ? (reflection.signatures?.[0]?.comment ?? reflection.comment)
        : reflection.comment;
    const base = {
      name: reflection.name,
      url: urlOf(reflection),
      description: textBlock(comment?.summary),
      deprecated: deprecation(comment),
      examples: blockTags(comment, '@example').map((block) => ({ code: codeOf(block.content) })),
      apiSchema: plainTag(comment, '@apiSchema'),
      source: sourceOf(reflection),
      usedBy: (usedBy.get(reflection.id) ?? []).sort((a, b) => a.label.localeCompare(b.label)),
    };
    switch (reflection.kind) {
      case Kind.Enum: {
        const members = [...(reflection.children ?? [])]
          .sort(bySourceLine)
          .map((member): SdkEnum['members'][number] => {
            const type = member.type;
            if (!isTypeNode(type) || type.type !== 'literal') {
              throw new SdkReferenceError(`${locate(member)}: ${reflection.name}.${member.name} needs a literal value`);
            }
            return {
              name: member.name,
              value: String(type.value),
              description: textBlock(member.comment?.summary),
              deprecated: deprecation(member.comment),
            };
          });
        return { ...base, kind: 'enum', members };
      }
      case Kind.Function:
        return { ...base, kind: 'function', ...functionParts(reflection) };
      case Kind.Variable:
        return { ...base, kind: 'variable', type: renderType(reflection.type) };
      case Kind.TypeAlias:
        return { ...base, kind: 'type', type: renderType(reflection.type) };
      case Kind.Class:
        return { ...base, kind: 'class', ...classParts(reflection) };
      default:
        return {
          ...base,
          kind: 'interface',
          properties: propertiesOf(reflection),
          extends: (reflection.extendedTypes ?? []).map((type) => renderType(type)),
          extendedBy: extendedBy.get(reflection.id) ?? [],
        } satisfies SdkInterface;
    }
  });

  // Every export is documented: all the gaps at once, one line each.
  const gaps = symbols.flatMap((symbol) => {
    const at = `${symbol.source.file}:${symbol.source.line}`;
    // A class is shown in use by its own @example, or by an @example on each of its methods.
    const shown =
      symbol.examples.length > 0 ||
      (symbol.kind === 'class' &&
        symbol.methods.length > 0 &&
        symbol.methods.every((method) => method.examples.length > 0));
    return [
      ...(symbol.description ? [] : [`${at}: ${symbol.name} has no description (TSDoc summary)`]),
      ...(shown ? [] : [`${at}: ${symbol.name} has no @example`]),
      ...(symbol.kind === 'class'
        ? symbol.methods.flatMap((method) =>
            method.description ? [] : [`${at}: ${symbol.name}.${method.name} has no description (TSDoc summary)`],
          )
        : []),
    ];
  });
  if (gaps.length > 0) throw new SdkReferenceError(gaps.join('\n'));

  return {
    packageName,
    version: options.version,
    symbols: symbols.sort((a, b) => a.name.localeCompare(b.name)),
    operations: operations.sort((a, b) => a.operationId.localeCompare(b.operationId)),
  };
}

/**
 * kilowise-client's methods that call an API operation (`@apiOperation`), found through the areas of
 * `KilowiseClient`; each method's parameter and result types are used by it. Empty for other packages.
 */
function clientOperations(
  children: readonly Reflection[],
  referencedIds: (node: unknown) => Set<number>,
  addUse: (id: number, usage: SdkUsage) => void,
): SdkOperation[] {
  const client = children.find((child) => child.name === 'KilowiseClient' && child.kind === Kind.Class);
  const areaOfClass = new Map<number, string>();
  for (const property of client?.children ?? []) {
    const type = property.type;
    if (
      property.kind === Kind.Property &&
      isTypeNode(type) &&
      type.type === 'reference' &&
      typeof type.target === 'number'
    ) {
      areaOfClass.set(type.target, property.name);
    }
  }
  const operations: SdkOperation[] = [];
  for (const area of children.filter((child) => child.kind === Kind.Class && areaOfClass.has(child.id))) {
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
  return operations;
}
