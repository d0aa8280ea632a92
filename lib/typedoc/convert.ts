import { parseWith } from '../validation';
import { blockTag, codeOf, plainTag, textBlock as commentText } from './comments';
import { referencedIds as referencedIn, renderType as renderTypeWith } from './render-type';
import { isTypeNode, Kind, locate, projectSchema, SdkReferenceError, type Reflection } from './typedoc-json';

export { Kind, SdkReferenceError };
import {
  symbolUrl,
  type SdkOperation,
  type SdkReference,
  type SdkSymbol,
  type SdkUsage,
  type SymbolKind,
} from './model';
import { symbolOf, type Converter } from './symbol';

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
