import { z } from 'zod';

/** One piece of a rendered type: text, and a link when it names a documented symbol. */
export const typeTokenSchema = z.object({ text: z.string(), href: z.string().optional() });
export type TypeToken = z.infer<typeof typeTokenSchema>;

const textBlockSchema = z.object({
  /** Sanitised HTML of the comment. */
  html: z.string(),
  /** The same as plain text (for the index line and search). */
  text: z.string(),
});
export type TextBlock = z.infer<typeof textBlockSchema>;

const sourceSchema = z.object({ file: z.string(), line: z.number().int() });

export const enumMemberSchema = z.object({
  name: z.string(),
  value: z.string(),
  description: textBlockSchema.optional(),
  deprecated: textBlockSchema.optional(),
});

export const propertySchema = z.object({
  name: z.string(),
  type: z.array(typeTokenSchema),
  optional: z.boolean(),
  readonly: z.boolean(),
  description: textBlockSchema.optional(),
  deprecated: textBlockSchema.optional(),
  example: z.string().optional(),
  /** The interface the property comes from, when inherited (linked when it has a page). */
  inheritedFrom: typeTokenSchema.optional(),
});

const usageSchema = z.object({
  /** `Vehicle.attributes` for a property, `kilowise.locations.add()` for a method. */
  label: z.string(),
  href: z.string(),
});

const symbolBaseSchema = z.object({
  name: z.string(),
  url: z.string().startsWith('/'),
  description: textBlockSchema.optional(),
  deprecated: textBlockSchema.optional(),
  /** `@example` blocks: the code, and its shiki HTML once the build step highlighted it. */
  examples: z.array(z.object({ code: z.string(), html: z.string().optional() })),
  /** The API component schema this symbol mirrors (`@apiSchema`). */
  apiSchema: z.string().optional(),
  /** What the API contract says where this type promises more than it does (`@notInContract`). */
  notInContract: textBlockSchema.optional(),
  source: sourceSchema,
  usedBy: z.array(usageSchema),
});

export const sdkEnumSchema = symbolBaseSchema.extend({ kind: z.literal('enum'), members: z.array(enumMemberSchema) });
export const sdkInterfaceSchema = symbolBaseSchema.extend({
  kind: z.literal('interface'),
  properties: z.array(propertySchema),
  extends: z.array(z.array(typeTokenSchema)),
  extendedBy: z.array(usageSchema),
});
const parameterSchema = z.object({
  /** `props` for a destructured parameter. */
  name: z.string(),
  type: z.array(typeTokenSchema),
  optional: z.boolean(),
  description: textBlockSchema.optional(),
});

/** A function; a React component when its name starts with a capital (its props are its first parameter). */
export const sdkFunctionSchema = symbolBaseSchema.extend({
  kind: z.literal('function'),
  component: z.boolean(),
  parameters: z.array(parameterSchema),
  returns: z.array(typeTokenSchema),
  /** A component's props type, and its properties when that type is an interface of the package. */
  props: z.object({ type: z.array(typeTokenSchema), properties: z.array(propertySchema) }).optional(),
});
/** An exported constant: its type (for an `as const` object, its members and their values). */
export const sdkVariableSchema = symbolBaseSchema.extend({
  kind: z.literal('variable'),
  type: z.array(typeTokenSchema),
});
/** An exported type alias. */
export const sdkTypeAliasSchema = symbolBaseSchema.extend({ kind: z.literal('type'), type: z.array(typeTokenSchema) });

/** A method of a class: its signature, what it does and throws, and the API operation it calls (`@apiOperation`). */
const methodSchema = z.object({
  name: z.string(),
  description: textBlockSchema.optional(),
  deprecated: textBlockSchema.optional(),
  parameters: z.array(parameterSchema),
  returns: z.array(typeTokenSchema),
  /** `@throws` blocks. */
  throws: z.array(textBlockSchema),
  examples: z.array(z.object({ code: z.string(), html: z.string().optional() })),
  operationId: z.string().optional(),
});

/** An exported class (the client, its areas, its errors): constructor, public properties and methods. */
export const sdkClassSchema = symbolBaseSchema.extend({
  kind: z.literal('class'),
  constructorParameters: z.array(parameterSchema).optional(),
  constructorThrows: z.array(textBlockSchema),
  properties: z.array(propertySchema),
  methods: z.array(methodSchema),
  extends: z.array(z.array(typeTokenSchema)),
});

export const sdkSymbolSchema = z.discriminatedUnion('kind', [
  sdkEnumSchema,
  sdkInterfaceSchema,
  sdkFunctionSchema,
  sdkVariableSchema,
  sdkTypeAliasSchema,
  sdkClassSchema,
]);

/** A client method that calls one API operation (`@apiOperation`). */
export const sdkOperationSchema = z.object({
  operationId: z.string(),
  /** `locations.list` */
  method: z.string(),
  example: z.string(),
  deprecated: z.boolean(),
  source: sourceSchema,
});

export const sdkReferenceSchema = z.object({
  packageName: z.string(),
  version: z.string(),
  symbols: z.array(sdkSymbolSchema),
  operations: z.array(sdkOperationSchema),
});

export type SdkEnum = z.infer<typeof sdkEnumSchema>;
export type SdkInterface = z.infer<typeof sdkInterfaceSchema>;
export type SdkFunction = z.infer<typeof sdkFunctionSchema>;
export type SdkVariable = z.infer<typeof sdkVariableSchema>;
export type SdkTypeAlias = z.infer<typeof sdkTypeAliasSchema>;
export type SdkClass = z.infer<typeof sdkClassSchema>;
export type SdkMethod = SdkClass['methods'][number];
export type SdkSymbol = z.infer<typeof sdkSymbolSchema>;
export type SdkProperty = z.infer<typeof propertySchema>;
export type SdkOperation = z.infer<typeof sdkOperationSchema>;
export type SdkReference = z.infer<typeof sdkReferenceSchema>;
export type SdkUsage = z.infer<typeof usageSchema>;

export type SymbolKind = SdkSymbol['kind'];

/** The kinds of symbol pages, in the order the index lists them, each with its folder in the URL (TypeDoc's own names). */
export const SYMBOL_KINDS = [
  'class',
  'function',
  'interface',
  'type',
  'enum',
  'variable',
] as const satisfies readonly SymbolKind[];
export const KIND_FOLDERS: Record<SymbolKind, string> = {
  class: 'classes',
  enum: 'enums',
  interface: 'interfaces',
  function: 'functions',
  variable: 'variables',
  type: 'types',
};

/** The kind whose folder is `folder`, as in the URL; undefined for any other segment. */
export function kindOfFolder(folder: string): SymbolKind | undefined {
  return SYMBOL_KINDS.find((kind) => KIND_FOLDERS[kind] === folder);
}

/** Where a package's TypeDoc pages live; partners bookmark them, so the path never changes silently. */
export function typedocBase(packageName: string): string {
  return `/sdk/packages/${packageName}/typedoc`;
}

/** The client's TypeDoc index. */
export const TYPEDOC_BASE = typedocBase('kilowise-client');

export function symbolUrl(packageName: string, kind: SymbolKind, name: string): string {
  return `${typedocBase(packageName)}/${KIND_FOLDERS[kind]}/${name}`;
}

/** The first sentence of a description: the one line the index and search give a symbol. */
export function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return match?.[1] ?? text;
}

/** The groups of the index and the sidebar, in order: a component is a function whose name starts with a capital. */
export const SYMBOL_GROUPS = [
  'Classes',
  'Components',
  'Functions',
  'Interfaces',
  'Type aliases',
  'Enumerations',
  'Variables',
] as const;
export type SymbolGroup = (typeof SYMBOL_GROUPS)[number];

export function symbolGroup(symbol: SdkSymbol): SymbolGroup {
  switch (symbol.kind) {
    case 'class':
      return 'Classes';
    case 'function':
      return symbol.component ? 'Components' : 'Functions';
    case 'interface':
      return 'Interfaces';
    case 'type':
      return 'Type aliases';
    case 'enum':
      return 'Enumerations';
    case 'variable':
      return 'Variables';
  }
}

/** The label of a symbol's kind on its page: `Component`, `Function`, `Interface`, … */
export function kindLabel(symbol: SdkSymbol): string {
  return {
    Classes: 'Class',
    Components: 'Component',
    Functions: 'Function',
    Interfaces: 'Interface',
    'Type aliases': 'Type alias',
    Enumerations: 'Enumeration',
    Variables: 'Constant',
  }[symbolGroup(symbol)];
}

/** The named rows of a symbol's page (members, properties, props or parameters), each with its anchor. */
export function symbolRows(symbol: SdkSymbol): { name: string; description?: TextBlock }[] {
  switch (symbol.kind) {
    case 'enum':
      return symbol.members;
    case 'interface':
      return symbol.properties.filter((property) => !property.name.startsWith('['));
    case 'function':
      return symbol.props && symbol.props.properties.length > 0 ? symbol.props.properties : symbol.parameters;
    case 'class':
      return [...symbol.properties, ...symbol.methods];
    default:
      return [];
  }
}
