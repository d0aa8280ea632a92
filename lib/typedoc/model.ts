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
export const sdkSymbolSchema = z.discriminatedUnion('kind', [sdkEnumSchema, sdkInterfaceSchema]);

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
export type SdkSymbol = z.infer<typeof sdkSymbolSchema>;
export type SdkProperty = z.infer<typeof propertySchema>;
export type SdkOperation = z.infer<typeof sdkOperationSchema>;
export type SdkReference = z.infer<typeof sdkReferenceSchema>;
export type SdkUsage = z.infer<typeof usageSchema>;

/** Where the TypeDoc pages of the client live; partners bookmark them, so the path never changes silently. */
export const TYPEDOC_BASE = '/sdk/packages/kilowise-client/typedoc';

export function symbolUrl(kind: SdkSymbol['kind'], name: string): string {
  return `${TYPEDOC_BASE}/${kind === 'enum' ? 'enums' : 'interfaces'}/${name}`;
}

/** The first sentence of a description: the one line the index and search give a symbol. */
export function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/.exec(text);
  return match?.[1] ?? text;
}
