import { z } from 'zod';

/** How a oneOf/anyOf (or a base schema) tells its variants apart: a property and the value naming each variant. */
export interface SchemaDiscriminator {
  propertyName: string;
  /** Each value of the property and the component schema it selects. */
  mapping: { value: string; refName: string }[];
}

/**
 * One node of a schema tree as the reference renders it. A `$ref` to a component schema stays a `ref` node
 * (the schema is built once, in the model's `schemas`), so the model grows linearly with the document.
 */
export interface SchemaNode {
  /**
   * `object`, `array`, `map` (additionalProperties only), `primitive`, `any`, a composition, `ref` (to the
   * component schema `refName`), or `circular` (a reference back to an enclosing schema that is not a component,
   * at `pointer`).
   */
  kind: 'object' | 'array' | 'map' | 'primitive' | 'any' | 'oneOf' | 'anyOf' | 'allOf' | 'ref' | 'circular';
  /** The primitive type (`string`, `integer`, …, or `string or integer` for a type array) for `primitive`. */
  type?: string;
  format?: string;
  /** For `ref`: the component schema (`#/components/schemas/{refName}`) it stands for. */
  refName?: string;
  /** For `circular`: the JSON pointer of the schema it refers back to. */
  pointer?: string;
  /** The description's Markdown, as the document wrote it (for the Markdown twins). */
  description?: string;
  /** Sanitised HTML of the Markdown description. */
  descriptionHtml?: string;
  enum?: string[];
  /** The one value allowed (`const`), as JSON text unless it is a string. */
  const?: string;
  default?: string;
  /** `example` (OpenAPI 3.0) or `examples` (3.1), each as JSON text unless it is a string. */
  examples?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  /** 3.0 `nullable: true`, a 3.1 `null` in `type`, or a `null` variant of a oneOf/anyOf: all shown the same way. */
  nullable?: boolean;
  properties?: { name: string; required: boolean; node: SchemaNode }[];
  items?: SchemaNode;
  /** 3.1 `prefixItems`: the tuple's leading items, in order. */
  prefixItems?: SchemaNode[];
  /** For `map`: the values; for `object`: the type of fields beyond `properties` (`additionalProperties`). */
  values?: SchemaNode;
  variants?: SchemaNode[];
  discriminator?: SchemaDiscriminator;
  /** Keywords of the document this model does not show (`not`, `if`, …); the build warns with their pointers. */
  unsupported?: string[];
}

export const schemaNodeSchema: z.ZodType<SchemaNode> = z.lazy(() =>
  z.object({
    kind: z.enum(['object', 'array', 'map', 'primitive', 'any', 'oneOf', 'anyOf', 'allOf', 'ref', 'circular']),
    type: z.string().optional(),
    format: z.string().optional(),
    refName: z.string().optional(),
    pointer: z.string().optional(),
    description: z.string().optional(),
    descriptionHtml: z.string().optional(),
    enum: z.array(z.string()).optional(),
    const: z.string().optional(),
    default: z.string().optional(),
    examples: z.array(z.string()).optional(),
    pattern: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    readOnly: z.boolean().optional(),
    writeOnly: z.boolean().optional(),
    deprecated: z.boolean().optional(),
    nullable: z.boolean().optional(),
    properties: z.array(z.object({ name: z.string(), required: z.boolean(), node: schemaNodeSchema })).optional(),
    items: schemaNodeSchema.optional(),
    prefixItems: z.array(schemaNodeSchema).optional(),
    values: schemaNodeSchema.optional(),
    variants: z.array(schemaNodeSchema).optional(),
    discriminator: z
      .object({ propertyName: z.string(), mapping: z.array(z.object({ value: z.string(), refName: z.string() })) })
      .optional(),
    unsupported: z.array(z.string()).optional(),
  }),
);

export { HTTP_METHODS, isFixedMethod, wireMethod, type FixedMethod, type HttpMethod } from './methods';

const parameterSchema = z.object({
  /** 3.2 `querystring`: one schema for the whole query string (its fields are the schema's properties). */
  in: z.enum(['path', 'query', 'querystring', 'header', 'cookie']),
  name: z.string(),
  required: z.boolean(),
  deprecated: z.boolean(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  schema: schemaNodeSchema,
});

const mediaSchema = z.object({
  contentType: z.string(),
  schema: schemaNodeSchema.optional(),
  /**
   * 3.2 `itemSchema`: the body is a stream (server-sent events, JSON Lines, NDJSON, JSON text sequences, multipart),
   * each item of which this schema describes.
   */
  itemSchema: schemaNodeSchema.optional(),
  /** The example as pretty-printed JSON (for a stream: one item's). */
  example: z.string().optional(),
});

const responseSchema = z.object({
  status: z.string(),
  /** 3.2: a short summary of the response, shown before the description. */
  summary: z.string().optional(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  media: z.array(mediaSchema),
});

const codeSampleSchema = z.object({
  label: z.string(),
  language: z.string(),
  code: z.string(),
});

/** What the request samples send (lib/samples writes them in every language, at build time and in the browser). */
const sampleRequestSchema = z.object({
  method: z.string(),
  serverUrl: z.string(),
  path: z.string(),
  pathParams: z.record(z.string(), z.string()),
  query: z.array(z.tuple([z.string(), z.string()])),
  headers: z.array(z.tuple([z.string(), z.string()])),
  apiKeyHeader: z.string().optional(),
  body: z.object({ contentType: z.string(), text: z.string() }).optional(),
});

const operationSchema = z.object({
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  deprecated: z.boolean(),
  /** The navigation tag the operation is listed under. */
  tag: z.string(),
  /** 3.2: its tags of another `kind` than `nav` (`badge`, `audience`), shown as badges on its card. */
  badges: z.array(z.string()).optional(),
  /** Names of the security schemes that apply; empty for a public operation. */
  security: z.array(z.string()),
  parameters: z.array(parameterSchema),
  requestBody: z
    .object({
      required: z.boolean(),
      description: z.string().optional(),
      descriptionHtml: z.string().optional(),
      media: z.array(mediaSchema),
    })
    .optional(),
  responses: z.array(responseSchema),
  sampleRequest: sampleRequestSchema,
  /** Samples the SDK writes itself: the kilowise-client call of its @example, type-checked with the package. */
  samples: z.array(codeSampleSchema),
  /** The recipes (content/recipes) that call this operation, joined by the build: their ids and titles. */
  recipes: z.array(z.object({ workflowId: z.string(), title: z.string() })).optional(),
});

/**
 * A webhook (OpenAPI 3.1 `webhooks`): a request Kilowise sends to the partner. `name` is its key in the
 * document; its anchor is `webhook/{name}` (`webhook/{name}/{method}` for a second method of the same name).
 */
const webhookSchema = operationSchema
  .omit({ path: true, tag: true, badges: true, samples: true, sampleRequest: true, recipes: true })
  .extend({
    name: z.string(),
    anchor: z.string(),
  });

const tagSchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** 3.2 `summary`: the label the navigation and the heading show; the name otherwise. */
  label: z.string().optional(),
  /** 3.2 `parent`: the name of the tag it nests under. Tags come parent first, each child after its parent. */
  parent: z.string().optional(),
  /** 3.2 `kind`, as written (`nav` for tags that make the navigation). */
  kind: z.string().optional(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  operations: z.array(operationSchema),
});

const securitySchemeSchema = z.object({
  name: z.string(),
  type: z.string(),
  /** For API keys: where the key goes and under what name. */
  in: z.string().optional(),
  paramName: z.string().optional(),
  /** For `http`: the scheme (`bearer`, `basic`). */
  scheme: z.string().optional(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  deprecated: z.boolean().optional(),
  /** 3.2: where the OAuth 2.0 server's metadata (RFC 8414) is. */
  oauth2MetadataUrl: z.string().optional(),
  /** OAuth 2.0 flows (3.2 adds `deviceAuthorization`), each with its URLs and scopes. */
  flows: z
    .array(
      z.object({
        flow: z.string(),
        authorizationUrl: z.string().optional(),
        deviceAuthorizationUrl: z.string().optional(),
        tokenUrl: z.string().optional(),
        refreshUrl: z.string().optional(),
        scopes: z.array(z.object({ name: z.string(), description: z.string() })),
      }),
    )
    .optional(),
  /** For `openIdConnect`. */
  openIdConnectUrl: z.string().optional(),
});

export const apiModelSchema = z.object({
  title: z.string(),
  version: z.string(),
  openapi: z.string(),
  description: z.string().optional(),
  descriptionHtml: z.string().optional(),
  /** Where the document came from: the URL, or the pinned snapshot (and why, when it is a fallback). */
  source: z.object({
    kind: z.enum(['url', 'snapshot']),
    location: z.string(),
    fallbackReason: z.string().optional(),
  }),
  serverUrl: z.string(),
  /** 3.2: the first server's `name`. */
  serverName: z.string().optional(),
  securitySchemes: z.array(securitySchemeSchema),
  tags: z.array(tagSchema),
  webhooks: z.array(webhookSchema),
  schemas: z.array(
    z.object({
      name: z.string(),
      node: schemaNodeSchema,
      /** The kilowise-client enums and interfaces that mirror this schema (their `@apiSchema`). */
      sdkSymbols: z.array(z.object({ name: z.string(), url: z.string() })).optional(),
    }),
  ),
  /**
   * `inline`: every operation's detail is in the page. `on-demand` (large specs): the page holds a
   * slot per group of cards, and each group loads from its file under `fragmentRoot` as it nears view.
   */
  detailMode: z.enum(['inline', 'on-demand']).optional(),
  /** Where this rendering's fragments are served (`/generated/api/{build}`; see lib/openapi/fragments.ts). */
  fragmentRoot: z.string().optional(),
  /** The whole reference as static HTML (navigation and main column), rendered at build time. */
  referenceHtml: z.string().optional(),
  /**
   * Preview builds: what changed from the baseline document (`KILOWISE_API_BASELINE`, or the pinned snapshot)
   * to the one built, for `/api/changes` and the "Changed in this preview" badges.
   */
  changes: z
    .object({
      baseline: z.string(),
      list: z.array(
        z.object({
          kind: z.enum(['added', 'removed', 'changed']),
          operationId: z.string().optional(),
          where: z.string(),
          detail: z.string(),
          breaking: z.string().optional(),
        }),
      ),
    })
    .optional(),
  /** Renamed anchors → their new anchor, from the anchor manifest; resolved in the browser. */
  anchorAliases: z.record(z.string(), z.string()).optional(),
});

export type ApiModel = z.infer<typeof apiModelSchema>;
export type ApiTag = z.infer<typeof tagSchema>;
export type ApiOperation = z.infer<typeof operationSchema>;
export type ApiWebhook = z.infer<typeof webhookSchema>;
export type ApiParameter = z.infer<typeof parameterSchema>;
export type ApiMedia = z.infer<typeof mediaSchema>;
export type ApiResponse = z.infer<typeof responseSchema>;
export type ApiSource = ApiModel['source'];
export type ApiSecurityScheme = z.infer<typeof securitySchemeSchema>;
