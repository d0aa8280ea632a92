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

/** What every part of the conversion reads: the project's reflections by id, and its pages, text and types. */
interface Converter {
  packageName: string;
  byId: ReadonlyMap<number, { reflection: Reflection; parent?: Reflection }>;
  /** The project's exports that get a page, in the JSON's order. */
  documented: Reflection[];
  urlOf: (reflection: Reflection) => string;
  textBlock: (parts: Parameters<typeof commentText>[0]) => ReturnType<typeof commentText>;
  renderType: (node: unknown) => TypeToken[];
  referencedIds: (node: unknown) => Set<number>;
}

/** The project's reflections indexed, and the links of its pages: to a documented symbol, a member, another package. */
function createConverter(project: { children: Reflection[] }, options: ConvertOptions): Converter {
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
  /** The documented symbol a reference names: an enum member counts as its enum, a signature as its function. */
  const ownerOf = (target: number) => {
    const entry = byId.get(target);
    const owner = entry && (entry.reflection.kind === Kind.EnumMember ? entry.parent : entry.reflection);
    return owner?.id;
  };

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

  return {
    packageName,
    byId,
    documented,
    urlOf,
    textBlock: (parts) => commentText(parts, hrefOf),
    renderType: (node) => renderTypeWith(node, hrefOf, externalHrefOf),
    referencedIds: (node) => referencedIn(node, ownerOf),
  };
}

/**
 * Turns TypeDoc's JSON of an SDK package into the model its TypeDoc pages render: enums with their members,
 * interfaces with their properties, functions and components (with their parameters or props), constants
 * and type aliases, every type linked to its page, extends and used-by lists, and (kilowise-client) the
 * client methods with the API operation each calls.
 */
export function convertTypedocProject(json: unknown, options: ConvertOptions): SdkReference {
  const project = parseWith(projectSchema, json, options.source ?? 'TypeDoc JSON');
  const converter = createConverter(project, options);
  const usedBy = new Map<number, SdkUsage[]>();
  const addUse = (id: number, usage: SdkUsage) => {
    const list = usedBy.get(id) ?? [];
    if (!list.some((existing) => existing.label === usage.label)) list.push(usage);
    usedBy.set(id, list);
  };
  const operations = clientOperations(project.children, converter.referencedIds, addUse);
  const extendedBy = collectUses(converter, addUse);
  const symbols = converter.documented.map((reflection) =>
    symbolOf(converter, reflection, {
      usedBy: (usedBy.get(reflection.id) ?? []).sort((a, b) => a.label.localeCompare(b.label)),
      extendedBy: extendedBy.get(reflection.id) ?? [],
    }),
  );
  const gaps = documentationGaps(symbols);
  if (gaps.length > 0) throw new SdkReferenceError(gaps.join('\n'));
  return {
    packageName: converter.packageName,
    version: options.version,
    symbols: symbols.sort((a, b) => a.name.localeCompare(b.name)),
    operations: operations.sort((a, b) => a.operationId.localeCompare(b.operationId)),
  };
}

/**
 * Which symbols use which (`addUse`): an interface's or class's members their types, a function its parameters and
 * result, a type alias its parts. Returns the interfaces each interface is extended by.
 */
function collectUses(converter: Converter, addUse: (id: number, usage: SdkUsage) => void): Map<number, SdkUsage[]> {
  const { urlOf, referencedIds } = converter;
  const extendedBy = new Map<number, SdkUsage[]>();
  for (const reflection of converter.documented) {
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
  return extendedBy;
}

const sourceOf = (reflection: Reflection) => ({
  file: reflection.sources?.[0]?.fileName ?? '',
  line: reflection.sources?.[0]?.line ?? 0,
});
const bySourceLine = (a: Reflection, b: Reflection) => (a.sources?.[0]?.line ?? 0) - (b.sources?.[0]?.line ?? 0);

/** `@notInContract`'s text: what the API contract says of what the SDK types here. */
function notInContract(converter: Converter, comment: Comment | undefined) {
  const tag = blockTag(comment, '@notInContract');
  return tag ? converter.textBlock(tag.content) : undefined;
}

function deprecation(converter: Converter, comment: Comment | undefined) {
  const tag = blockTag(comment, '@deprecated');
  return tag ? (converter.textBlock(tag.content) ?? { html: '', text: '' }) : undefined;
}

/** The interface an inherited property comes from, linked when that interface has a page. */
function inheritedToken(converter: Converter, from: { name: string; target?: unknown }): TypeToken {
  const owner = typeof from.target === 'number' ? converter.byId.get(from.target)?.parent : undefined;
  const name = owner?.name ?? from.name.split('.')[0] ?? from.name;
  return owner && owner.kind === Kind.Interface ? { text: name, href: converter.urlOf(owner) } : { text: name };
}

/** An interface's or class's properties, its own first then the inherited ones, each in source order; then its index signatures. */
function propertiesOf(converter: Converter, reflection: Reflection): SdkProperty[] {
  const { renderType, textBlock } = converter;
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
        deprecated: deprecation(converter, property.comment),
        example: example ? codeOf(example.content) : undefined,
        inheritedFrom:
          property.flags.isInherited && property.inheritedFrom
            ? inheritedToken(converter, property.inheritedFrom)
            : undefined,
      };
    });
  return [...properties, ...indexRows];
}

/** A signature's parameters; TypeDoc's `__namedParameters` (a destructured one) is called `name`. */
const parametersOf = (converter: Converter, signature: Reflection | undefined, name = 'options') =>
  (signature?.parameters ?? []).map((parameter) => ({
    name: parameter.name === '__namedParameters' ? name : parameter.name,
    type: converter.renderType(parameter.type),
    optional: Boolean(parameter.flags.isOptional),
    description: converter.textBlock(parameter.comment?.summary),
  }));

const throwsOf = (converter: Converter, comment: Comment | undefined) =>
  blockTags(comment, '@throws').flatMap((block) => converter.textBlock(block.content) ?? []);

/** A class's public members: its constructor, its own properties and methods (not those inherited from `Error`). */
function classParts(
  converter: Converter,
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
        description: converter.textBlock(signature.comment?.summary),
        deprecated: deprecation(converter, signature.comment),
        parameters: parametersOf(converter, signature),
        returns: converter.renderType(signature.type),
        throws: throwsOf(converter, signature.comment),
        examples: blockTags(signature.comment, '@example').map((block) => ({ code: codeOf(block.content) })),
        operationId: plainTag(signature.comment, '@apiOperation'),
      };
    });
  return {
    constructorParameters: constructorSignature ? parametersOf(converter, constructorSignature) : undefined,
    constructorThrows: throwsOf(converter, constructorSignature?.comment),
    properties: propertiesOf(converter, { ...reflection, children: own }),
    methods,
    extends: (reflection.extendedTypes ?? []).map((type) => converter.renderType(type)),
  };
}

/** A function's parameters and result; a component's (a capitalised function's) props, from its props interface. */
function functionParts(
  converter: Converter,
  reflection: Reflection,
): Pick<SdkFunction, 'component' | 'parameters' | 'returns' | 'props'> {
  const signature = reflection.signatures?.[0];
  if (!signature) throw new SdkReferenceError(`${locate(reflection)}: ${reflection.name} has no signature`);
  const component = /^[A-Z]/.test(reflection.name);
  const first = signature.parameters?.[0]?.type;
  const propsTarget =
    component && isTypeNode(first) && first.type === 'reference' && typeof first.target === 'number'
      ? converter.byId.get(first.target)?.reflection
      : undefined;
  const props =
    component && first
      ? {
          type: converter.renderType(first),
          properties: propsTarget?.kind === Kind.Interface ? propertiesOf(converter, propsTarget) : [],
        }
      : undefined;
  return {
    component,
    parameters: parametersOf(converter, signature, 'props'),
    returns: converter.renderType(signature.type),
    props,
  };
}

/** An enum's members in source order, each with its literal value. */
function enumMembers(converter: Converter, reflection: Reflection): SdkEnum['members'] {
  return [...(reflection.children ?? [])].sort(bySourceLine).map((member): SdkEnum['members'][number] => {
    const type = member.type;
    if (!isTypeNode(type) || type.type !== 'literal') {
      throw new SdkReferenceError(`${locate(member)}: ${reflection.name}.${member.name} needs a literal value`);
    }
    return {
      name: member.name,
      value: String(type.value),
      description: converter.textBlock(member.comment?.summary),
      deprecated: deprecation(converter, member.comment),
    };
  });
}

/** One documented export as its page shows it. */
function symbolOf(
  converter: Converter,
  reflection: Reflection,
  uses: { usedBy: SdkUsage[]; extendedBy: SdkUsage[] },
): SdkSymbol {
  // A function's comment is on its signature.
  const comment =
    reflection.kind === Kind.Function
      ? (reflection.signatures?.[0]?.comment ?? reflection.comment)
      : reflection.comment;
  const base = {
    name: reflection.name,
    url: converter.urlOf(reflection),
    description: converter.textBlock(comment?.summary),
    deprecated: deprecation(converter, comment),
    examples: blockTags(comment, '@example').map((block) => ({ code: codeOf(block.content) })),
    apiSchema: plainTag(comment, '@apiSchema'),
    notInContract: notInContract(converter, comment),
    source: sourceOf(reflection),
    usedBy: uses.usedBy,
  };
  switch (reflection.kind) {
    case Kind.Enum:
      return { ...base, kind: 'enum', members: enumMembers(converter, reflection) };
    case Kind.Function:
      return { ...base, kind: 'function', ...functionParts(converter, reflection) };
    case Kind.Variable:
      return { ...base, kind: 'variable', type: converter.renderType(reflection.type) };
    case Kind.TypeAlias:
      return { ...base, kind: 'type', type: converter.renderType(reflection.type) };
    case Kind.Class:
      return { ...base, kind: 'class', ...classParts(converter, reflection) };
    default:
      return {
        ...base,
        kind: 'interface',
        properties: propertiesOf(converter, reflection),
        extends: (reflection.extendedTypes ?? []).map((type) => converter.renderType(type)),
        extendedBy: uses.extendedBy,
      } satisfies SdkInterface;
  }
}

/** Every export is documented: all the gaps at once, one line each. */
function documentationGaps(symbols: readonly SdkSymbol[]): string[] {
  return symbols.flatMap((symbol) => {
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
