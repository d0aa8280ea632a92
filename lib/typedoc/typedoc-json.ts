// The parts of TypeDoc's JSON output (schema 2.0) the converter reads, checked with zod at the boundary.
import { z } from 'zod';

/** TypeDoc's reflection kinds (typedoc/models/kind), the ones this reader uses. */
export const Kind = {
  Variable: 32,
  Function: 64,
  Enum: 8,
  EnumMember: 16,
  Class: 128,
  Constructor: 512,
  Interface: 256,
  Property: 1024,
  Method: 2048,
  TypeAlias: 2097152,
} as const;

// The parts of TypeDoc's JSON output (schema 2.0) this reader relies on; the rest passes through.
export const commentPartSchema = z.object({
  kind: z.enum(['text', 'code', 'inline-tag', 'relative-link']),
  text: z.string(),
  tag: z.string().optional(),
  target: z.unknown().optional(),
});
export type CommentPart = z.infer<typeof commentPartSchema>;
export const commentSchema = z.object({
  summary: z.array(commentPartSchema),
  blockTags: z.array(z.object({ tag: z.string(), content: z.array(commentPartSchema) })).optional(),
  modifierTags: z.array(z.string()).optional(),
});
export type Comment = z.infer<typeof commentSchema>;

export interface Reflection {
  id: number;
  name: string;
  kind: number;
  flags: {
    isOptional?: boolean;
    isReadonly?: boolean;
    isInherited?: boolean;
    isConst?: boolean;
    isStatic?: boolean;
    isProtected?: boolean;
  };
  comment?: Comment;
  children?: Reflection[];
  signatures?: Reflection[];
  indexSignatures?: Reflection[];
  parameters?: Reflection[];
  type?: unknown;
  extendedTypes?: unknown[];
  inheritedFrom?: { name: string; target?: unknown };
  sources?: { fileName: string; line: number }[];
}

export const reflectionSchema: z.ZodType<Reflection> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.number().int(),
    flags: z.object({
      isOptional: z.boolean().optional(),
      isReadonly: z.boolean().optional(),
      isInherited: z.boolean().optional(),
      isConst: z.boolean().optional(),
      isStatic: z.boolean().optional(),
      isProtected: z.boolean().optional(),
    }),
    comment: commentSchema.optional(),
    children: z.array(reflectionSchema).optional(),
    signatures: z.array(reflectionSchema).optional(),
    indexSignatures: z.array(reflectionSchema).optional(),
    parameters: z.array(reflectionSchema).optional(),
    type: z.unknown().optional(),
    extendedTypes: z.array(z.unknown()).optional(),
    inheritedFrom: z.object({ name: z.string(), target: z.unknown().optional() }).optional(),
    sources: z.array(z.object({ fileName: z.string(), line: z.number().int() })).optional(),
  }),
);

export const projectSchema = z.object({
  schemaVersion: z.string().startsWith('2.'),
  name: z.string(),
  children: z.array(reflectionSchema),
});

/** A mistake in the package's documentation comments, named by file and line. */
export class SdkReferenceError extends Error {
  override name = 'SdkReferenceError';
}

export type TypeNode = { type: string; [key: string]: unknown };
export const isTypeNode = (value: unknown): value is TypeNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

export function locate(reflection: Reflection | undefined): string {
  const source = reflection?.sources?.[0];
  return source ? `${source.fileName}:${source.line}` : (reflection?.name ?? 'unknown symbol');
}
