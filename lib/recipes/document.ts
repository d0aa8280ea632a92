import { z } from 'zod';

/**
 * The part of Arazzo 1.0 that recipes use, checked with zod after the Arazzo schema check: one OpenAPI source,
 * steps that call its operations by `operationId`, parameters, JSON request bodies, `simple` success criteria and
 * outputs. Unknown fields are refused, so a typo never passes silently.
 */
const parameterSchema = z.strictObject({
  name: z.string().min(1),
  in: z.enum(['path', 'query', 'header']),
  value: z.unknown(),
});

const criterionSchema = z.strictObject({
  condition: z.string().min(1),
  type: z.literal('simple').optional(),
});

/** A replacement in a body built from a value: a top-level field (`/chargingBehavior`) set to a value. */
const replacementSchema = z.strictObject({
  target: z.string().regex(/^\/[^/]+$/, 'must name one top-level field, such as /chargingBehavior'),
  value: z.unknown(),
});

/**
 * What happens after a step: `retry` the step (after `retryAfter` seconds, at most `retryLimit` times) or `end` the
 * workflow, when the action's criteria hold (always, without criteria). `goto` is not used by recipes.
 */
const actionSchema = z.strictObject({
  name: z.string().min(1),
  type: z.enum(['retry', 'end']),
  retryAfter: z.number().min(0).max(60).optional(),
  retryLimit: z.number().int().min(1).max(20).optional(),
  criteria: z.array(z.strictObject({ condition: z.string().min(1), type: z.literal('simple').optional() })).optional(),
});

const stepSchema = z.strictObject({
  stepId: z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - and _'),
  description: z.string().optional(),
  operationId: z.string().min(1),
  parameters: z.array(parameterSchema).default([]),
  requestBody: z
    .strictObject({
      contentType: z.string().optional(),
      payload: z.unknown(),
      replacements: z.array(replacementSchema).optional(),
    })
    .optional(),
  successCriteria: z.array(criterionSchema).min(1, 'a recipe step must say how it succeeds'),
  onSuccess: z.array(actionSchema.extend({ type: z.literal('end') })).optional(),
  onFailure: z.array(actionSchema).optional(),
  outputs: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/), z.string()).default({}),
});

/**
 * An input. An id (a user's, a device's, a location's) has no `default`, which a runner would send to the API: its
 * `examples` name the sandbox's sample data, which runs on the sandbox take when the reader gives no value.
 */
const inputPropertySchema = z.looseObject({
  type: z.enum(['string', 'integer', 'number', 'boolean']),
  description: z.string().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  examples: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  format: z.string().optional(),
});

export type RecipeInput = z.infer<typeof inputPropertySchema>;

const workflowSchema = z.strictObject({
  workflowId: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be kebab-case: it is the recipe's URL"),
  summary: z.string().min(1),
  description: z.string().min(1),
  inputs: z
    .strictObject({
      type: z.literal('object'),
      required: z.array(z.string()).default([]),
      properties: z.record(z.string(), inputPropertySchema),
    })
    .default({ type: 'object', required: [], properties: {} }),
  steps: z.array(stepSchema).min(1),
  outputs: z.record(z.string(), z.string()).default({}),
});

export const recipeDocumentSchema = z.strictObject({
  arazzo: z.string().regex(/^1\.0\.\d+$/, 'must be an Arazzo 1.0 version, such as 1.0.1'),
  info: z.strictObject({
    title: z.string().min(1),
    version: z.string().min(1),
    summary: z.string().min(1),
    description: z.string().optional(),
  }),
  sourceDescriptions: z
    .array(z.strictObject({ name: z.enum(['kilowise', 'sandbox']), url: z.string(), type: z.literal('openapi') }))
    .min(1)
    .max(2, 'a recipe calls the Kilowise contract and, if it needs them, the sandbox controls'),
  workflows: z.array(workflowSchema).length(1, 'a recipe file holds one workflow'),
});

export type RecipeDocument = z.infer<typeof recipeDocumentSchema>;
export type RecipeWorkflow = RecipeDocument['workflows'][number];
export type RecipeStep = RecipeWorkflow['steps'][number];
export type RecipeAction = NonNullable<RecipeStep['onFailure']>[number];

/** A recipe as the pages, the runner and the tests use it: its file, its title and summary, and its one workflow. */
export interface Recipe {
  file: string;
  title: string;
  summary: string;
  workflow: RecipeWorkflow;
  /** The sandbox controls the recipe calls (a second source, `sandbox`): it runs against the sandbox only. */
  controls?: import('./sources').RecipeControls;
}
