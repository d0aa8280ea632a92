import { slug } from 'github-slugger';
import { markdownToSafeHtml } from './markdown';
import { anchorFor } from './anchors';
import { type ApiMedia, type ApiModel, type ApiOperation, type ApiParameter, type ApiSource, type ApiWebhook } from './model';
import type { SampleRequest } from '../samples/http';
import { createSchemaTreeBuilder, isObject, pointerToken, type Json } from './schema-tree';
import { deref, locate, operationIdOf, walkOperations, walkWebhooks, type RawOperation } from './walk';
import type { OpenApiDocument } from './validate';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Untagged operations land under this tag. */
export const DEFAULT_TAG = 'Other';

/** `#tag/{slug}`: the tag's name as GitHub would slug a heading. */
export function tagSlug(name: string): string {
  return slug(name);
}

function prettyExample(media: Json, document: Json): string | undefined {
  if (media.example !== undefined) return JSON.stringify(media.example, null, 2);
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    const example = deref(document, first);
    if (example.value !== undefined) return JSON.stringify(example.value, null, 2);
  }
  return undefined;
}

/** What the normaliser could not show, each with the JSON pointer of the part of the document at fault. */
export interface NormaliseOptions {
  warn?: (pointer: string, message: string) => void;
}

/**
 * The base URL of the document's first server, its variables at their defaults. A relative URL (or none: OpenAPI's
 * default server is `/`) is relative to where the document is served, so a fetched document's resolves against its
 * URL; a snapshot's stays as written (empty when there is none).
 */
export function serverUrlOf(servers: readonly unknown[], source: ApiSource): string {
  const server = isObject(servers[0]) ? servers[0] : {};
  const variables = isObject(server.variables) ? server.variables : {};
  const written = (text(server.url) ?? '').replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) ? (text(variable.default) ?? whole) : whole;
  });
  if (/^[a-z][a-z\d+.-]*:/i.test(written) || source.kind !== 'url' || !URL.canParse(source.location)) return written;
  return new URL(written || '/', source.location).href.replace(/\/$/, '');
}

/**
 * Turns a validated, bundled OpenAPI document into the model the reference renders: tags in the
 * document's order, each with its operations, parameters, bodies, responses and code samples; the webhooks;
 * and every component schema, built once (operations refer to them). Markdown descriptions become sanitised
 * HTML here, at build time.
 */
export function normaliseSpec(bundled: OpenApiDocument, source: ApiSource, options: NormaliseOptions = {}): ApiModel {
  const document = bundled as unknown as Json;
  const trees = createSchemaTreeBuilder(document, { warn: options.warn });
  const info = isObject(document.info) ? document.info : {};
  const serverUrl = serverUrlOf(Array.isArray(document.servers) ? document.servers : [], source);
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const securitySchemes = Object.entries(schemes).map(([name, value]) => {
    const scheme = deref(document, value);
    return {
      name,
      type: text(scheme.type) ?? 'unknown',
      in: text(scheme.in),
      paramName: text(scheme.name),
      descriptionHtml: markdownToSafeHtml(text(scheme.description)),
    };
  });
  const globalSecurity = Array.isArray(document.security) ? document.security : [];

  const media = (content: unknown, pointer: string): ApiMedia[] =>
    Object.entries(isObject(content) ? content : {}).map(([contentType, value]) => {
      const entry = locate(document, value, `${pointer}/content/${pointerToken(contentType)}`);
      return {
        contentType,
        schema: entry.value.schema === undefined ? undefined : trees.build(entry.value.schema, `${entry.pointer}/schema`),
        example: prettyExample(entry.value, document),
      };
    });

  /** What operations and webhooks share: parameters, body, responses, security. */
  const describe = (raw: RawOperation) => {
    const { operation } = raw;
    const parameters: ApiParameter[] = raw.parameters.map(({ value: parameter, pointer }) => ({
      in: parameter.in as ApiParameter['in'],
      name: String(parameter.name),
      required: parameter.required === true,
      deprecated: parameter.deprecated === true,
      descriptionHtml: markdownToSafeHtml(text(parameter.description)),
      schema: trees.build(parameter.schema, `${pointer}/schema`),
    }));
    const body = raw.requestBody;
    const requestBody = body
      ? { required: body.value.required === true, descriptionHtml: markdownToSafeHtml(text(body.value.description)), media: media(body.value.content, body.pointer) }
      : undefined;
    const responses = raw.responses.map(([status, response]) => {
      return { status, descriptionHtml: markdownToSafeHtml(text(response.value.description)), media: media(response.value.content, response.pointer) };
    });
    const securityRequirements = Array.isArray(operation.security) ? operation.security : globalSecurity;
    const security = securityRequirements.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
    return {
      operationId: operationIdOf(raw),
      method: raw.method,
      summary: text(operation.summary) ?? `${raw.method.toUpperCase()} ${raw.path}`,
      descriptionHtml: markdownToSafeHtml(text(operation.description)),
      deprecated: operation.deprecated === true,
      security,
      parameters,
      requestBody,
      responses,
    };
  };

  const operations: ApiOperation[] = [];
  for (const raw of walkOperations(document)) {
    const { path, method, operation } = raw;
    const described = describe(raw);
    // The samples send the required parameters, with the contract's example where it has one.
    const sampleParameters = raw.parameters.flatMap(({ value: parameter }) => {
      if (parameter.required !== true) return [];
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      const example = parameter.example ?? schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ?? schema.default;
      return [{ in: String(parameter.in), name: String(parameter.name), value: example === undefined ? `<${String(parameter.name)}>` : String(example) }];
    });
    const apiKey = securitySchemes.find((scheme) => described.security.includes(scheme.name) && scheme.type === 'apiKey' && scheme.in === 'header');
    const firstBody = described.requestBody?.media[0];
    const sent = (where: string) => sampleParameters.filter((parameter) => parameter.in === where).map((parameter): [string, string] => [parameter.name, parameter.value]);
    const sampleRequest: SampleRequest = {
      method,
      serverUrl,
      path,
      pathParams: Object.fromEntries(sent('path')),
      query: sent('query'),
      headers: sent('header'),
      apiKeyHeader: apiKey?.paramName,
      body: firstBody?.example ? { contentType: firstBody.contentType, text: firstBody.example } : undefined,
    };
    const tags = Array.isArray(operation.tags) ? operation.tags.map(String) : [];
    operations.push({
      ...described,
      path,
      tag: tags[0] ?? DEFAULT_TAG,
      sampleRequest,
      samples: [],
    });
  }

  const webhookNames = new Set<string>();
  const webhooks: ApiWebhook[] = walkWebhooks(document).map((raw) => {
    // A second method under the same name gets its own anchor; the name's anchor stays on the first.
    const anchor = webhookNames.has(raw.path) ? anchorFor.webhook(raw.path, raw.method) : anchorFor.webhook(raw.path);
    webhookNames.add(raw.path);
    const described = describe(raw);
    return { ...described, name: raw.path, anchor, operationId: typeof raw.operation.operationId === 'string' ? raw.operation.operationId : anchor };
  });

  const declaredTags = (Array.isArray(document.tags) ? document.tags : []).filter(isObject);
  const tagNames = [...declaredTags.map((tag) => String(tag.name)), ...operations.map((operation) => operation.tag)];
  const byTag = new Map<string, ApiOperation[]>();
  for (const operation of operations) {
    const list = byTag.get(operation.tag) ?? [];
    list.push(operation);
    byTag.set(operation.tag, list);
  }
  const tags = [...new Set(tagNames)]
    .map((name) => ({
      name,
      slug: tagSlug(name),
      descriptionHtml: markdownToSafeHtml(text(declaredTags.find((tag) => tag.name === name)?.description)),
      operations: byTag.get(name) ?? [],
    }))
    .filter((tag) => tag.operations.length > 0);

  const schemaNames = Object.keys(isObject(components.schemas) ? components.schemas : {});
  return {
    title: text(info.title) ?? 'API',
    version: text(info.version) ?? '',
    openapi: text(document.openapi) ?? '',
    descriptionHtml: markdownToSafeHtml(text(info.description)),
    source,
    serverUrl,
    securitySchemes,
    tags,
    webhooks,
    schemas: schemaNames.map((name) => ({ name, node: trees.buildComponent(name) })),
  };
}
