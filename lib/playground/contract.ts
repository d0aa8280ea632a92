import { z } from 'zod';
import { HTTP_METHODS } from '../openapi/model';

const jsonSchema = z.union([z.record(z.string(), z.unknown()), z.boolean()]);

export const playgroundParameterSchema = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean(),
  /** Sanitised HTML of the description. */
  descriptionHtml: z.string().optional(),
  schema: jsonSchema,
  /** The value the form starts with: the contract's example or default. */
  example: z.string().optional(),
  /** The allowed values, for a select. */
  enum: z.array(z.string()).optional(),
  /** `string`, `integer`, `number`, `boolean` or `array`: how the field's text becomes a value. */
  type: z.string(),
});

export const playgroundResponseSchema = z.object({
  status: z.string(),
  description: z.string(),
  contentType: z.string().optional(),
  schema: jsonSchema.optional(),
  /** The contract's example, as a value. */
  example: z.unknown().optional(),
});

export const playgroundOperationSchema = z.object({
  operationId: z.string(),
  method: z.enum(HTTP_METHODS),
  path: z.string(),
  tag: z.string(),
  summary: z.string(),
  deprecated: z.boolean(),
  /** The header that carries the API key, when the operation needs one. */
  apiKeyHeader: z.string().optional(),
  /** The kilowise-client method that calls the operation (`locations.add`). */
  sdkMethod: z.string().optional(),
  parameters: z.array(playgroundParameterSchema),
  requestBody: z
    .object({
      required: z.boolean(),
      contentType: z.string(),
      schema: jsonSchema.optional(),
      /** The contract's example, pretty-printed: the body editor starts with it. */
      example: z.string().optional(),
      /** Fields that hold a kilowise-client enum, by path (see `bodyEnumHints`). */
      enums: z.record(z.string(), z.object({ name: z.string(), members: z.record(z.string(), z.string()) })).optional(),
    })
    .optional(),
  responses: z.array(playgroundResponseSchema),
});

/**
 * What the playground and its sandbox know of the API: every operation with JSON Schemas for its
 * parameters, body and responses, the component schemas once under `defs`, and the server URL.
 * Built from the OpenAPI document at build time (`npm run spec:build`).
 */
export const playgroundContractSchema = z.object({
  title: z.string(),
  version: z.string(),
  serverUrl: z.string(),
  tags: z.array(z.object({ name: z.string(), operationIds: z.array(z.string()) })),
  operations: z.array(playgroundOperationSchema),
  /** Component schemas as JSON Schema; the others refer to them as `#/$defs/{Name}`. */
  defs: z.record(z.string(), jsonSchema),
});

export type PlaygroundContract = z.infer<typeof playgroundContractSchema>;
export type PlaygroundOperation = z.infer<typeof playgroundOperationSchema>;
export type PlaygroundParameter = z.infer<typeof playgroundParameterSchema>;
export type PlaygroundResponse = z.infer<typeof playgroundResponseSchema>;

/** The build writes the contract here; `getPlaygroundContract` reads it. */
export const PLAYGROUND_CONTRACT_PATH = '.generated/playground-contract.json';
