// One documented export of an SDK package as its TypeDoc page shows it (lib/typedoc/convert.ts converts the whole
// project): its description, deprecation, examples and source, and what its kind has (an interface's properties, a
// class's members, a function's parameters or props, an enum's members).
import { blockTag, blockTags, codeOf, plainTag, textBlock as commentText } from './comments';
import { isTypeNode, Kind, locate, SdkReferenceError, type Comment, type Reflection } from './typedoc-json';
import type {
  SdkClass,
  SdkEnum,
  SdkFunction,
  SdkInterface,
  SdkMethod,
  SdkProperty,
  SdkSymbol,
  SdkUsage,
  TypeToken,
} from './model';

/** What every part of the conversion reads: the project's reflections by id, and its pages, text and types. */
export interface Converter {
  packageName: string;
  byId: ReadonlyMap<number, { reflection: Reflection; parent?: Reflection }>;
  /** The project's exports that get a page, in the JSON's order. */
  documented: Reflection[];
  urlOf: (reflection: Reflection) => string;
  textBlock: (parts: Parameters<typeof commentText>[0]) => ReturnType<typeof commentText>;
  renderType: (node: unknown) => TypeToken[];
  referencedIds: (node: unknown) => Set<number>;
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
export function symbolOf(
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
