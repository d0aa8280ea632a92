import { z } from 'zod';

const jsonSchema = z.union([z.record(z.string(), z.unknown()), z.boolean()]);

export const contractParameterSchema = z.object({
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
  /** A field of an OpenAPI 3.2 `in: querystring` parameter's schema: sent in the query string like the others. */
  querystring: z.string().optional(),
});

export const contractResponseSchema = z.object({
  status: z.string(),
  description: z.string(),
  contentType: z.string().optional(),
  schema: jsonSchema.optional(),
  /** The contract's example, as a value (for a stream: one item's). */
  example: z.unknown().optional(),
  /** OpenAPI 3.2 `itemSchema`: the body is a stream of items (server-sent events, JSON Lines, …); `schema` is an item's. */
  stream: z.boolean().optional(),
});

export const contractOperationSchema = z.object({
  operationId: z.string(),
  /** As the model keeps it (`get`, `query`, or an `additionalOperations` key such as `LINK`); see wireMethod. */
  method: z.string(),
  path: z.string(),
  tag: z.string(),
  summary: z.string(),
  deprecated: z.boolean(),
  /** The header that carries the API key, when the operation needs one. */
  apiKeyHeader: z.string().optional(),
  /** The kilowise-client method that calls the operation (`locations.add`). */
  sdkMethod: z.string().optional(),
  parameters: z.array(contractParameterSchema),
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
  responses: z.array(contractResponseSchema),
});

/**
 * What the playground and its sandbox know of the API: every operation with JSON Schemas for its
 * parameters, body and responses, the component schemas once under `defs`, and the server URL.
 * Built from the OpenAPI document at build time (`npm run spec:build`).
 */
export const operationContractSchema = z.object({
  title: z.string(),
  version: z.string(),
  serverUrl: z.string(),
  tags: z.array(z.object({ name: z.string(), operationIds: z.array(z.string()) })),
  operations: z.array(contractOperationSchema),
  /** Component schemas as JSON Schema; the others refer to them as `#/$defs/{Name}`. */
  defs: z.record(z.string(), jsonSchema),
});

export type OperationContract = z.infer<typeof operationContractSchema>;
export type ContractOperation = z.infer<typeof contractOperationSchema>;
export type ContractParameter = z.infer<typeof contractParameterSchema>;
export type ContractResponse = z.infer<typeof contractResponseSchema>;

/** The build writes the contract here; `getOperationContract` reads it. */
export const OPERATION_CONTRACT_PATH = '.generated/operation-contract.json';
