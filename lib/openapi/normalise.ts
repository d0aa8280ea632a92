import { slug } from 'github-slugger';
import { markdownToSafeHtml } from './markdown';
import { type ApiMedia, type ApiModel, type ApiOperation, type ApiParameter, type ApiSource } from './model';
import { curlSample, fetchSample, type SampleInput } from './samples';
import { createSchemaTreeBuilder, isObject, type Json } from './schema-tree';
import { deref, operationIdOf, walkOperations } from './walk';
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

/**
 * Turns a validated, bundled OpenAPI document into the model the reference renders: tags in the
 * document's order, each with its operations, parameters, bodies, responses and code samples, and every
 * component schema. Markdown descriptions become sanitised HTML here, at build time.
 */
export function normaliseSpec(bundled: OpenApiDocument, source: ApiSource): ApiModel {
  const document = bundled as unknown as Json;
  const trees = createSchemaTreeBuilder(document);
  const info = isObject(document.info) ? document.info : {};
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const serverUrl = text(isObject(servers[0]) ? servers[0].url : undefined) ?? '';
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

  const media = (content: unknown): ApiMedia[] =>
    Object.entries(isObject(content) ? content : {}).map(([contentType, value]) => {
      const entry = deref(document, value);
      return {
        contentType,
        schema: entry.schema === undefined ? undefined : trees.build(entry.schema),
        example: prettyExample(entry, document),
      };
    });

  const operations: ApiOperation[] = [];
  for (const raw of walkOperations(document)) {
    const { path, method, operation } = raw;
    const rawParameters = raw.parameters;
    const parameters: ApiParameter[] = rawParameters.map((parameter) => ({
      in: parameter.in as ApiParameter['in'],
      name: String(parameter.name),
      required: parameter.required === true,
      deprecated: parameter.deprecated === true,
      descriptionHtml: markdownToSafeHtml(text(parameter.description)),
      schema: trees.build(parameter.schema),
    }));
    // The samples send the required parameters, with the contract's example where it has one.
    const sampleParameters = rawParameters.flatMap((parameter) => {
      if (parameter.required !== true) return [];
      const schema = isObject(parameter.schema) ? parameter.schema : {};
      const example = parameter.example ?? schema.example ?? schema.default;
      return [{ in: String(parameter.in), name: String(parameter.name), value: example === undefined ? `<${String(parameter.name)}>` : String(example) }];
    });
    const body = raw.requestBody;
    const requestBody = body
      ? { required: body.required === true, descriptionHtml: markdownToSafeHtml(text(body.description)), media: media(body.content) }
      : undefined;
    const responses = raw.responses.map(([status, response]) => {
      return { status, descriptionHtml: markdownToSafeHtml(text(response.description)), media: media(response.content) };
    });
    const securityRequirements = Array.isArray(operation.security) ? operation.security : globalSecurity;
    const security = securityRequirements.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
    const apiKey = securitySchemes.find((scheme) => security.includes(scheme.name) && scheme.type === 'apiKey' && scheme.in === 'header');
    const firstBody = requestBody?.media[0];
    const sampleInput: SampleInput = {
      method,
      path,
      serverUrl,
      parameters: sampleParameters,
      apiKeyHeader: apiKey?.paramName,
      body: firstBody ? { contentType: firstBody.contentType, example: firstBody.example } : undefined,
      returnsBody: responses.some((response) => response.status.startsWith('2') && response.media.length > 0),
    };
    const tags = Array.isArray(operation.tags) ? operation.tags.map(String) : [];
    operations.push({
      operationId: operationIdOf(raw),
      method,
      path,
      summary: text(operation.summary) ?? `${method.toUpperCase()} ${path}`,
      descriptionHtml: markdownToSafeHtml(text(operation.description)),
      deprecated: operation.deprecated === true,
      tag: tags[0] ?? DEFAULT_TAG,
      security,
      parameters,
      requestBody,
      responses,
      samples: [
        { label: 'curl', language: 'bash', code: curlSample(sampleInput) },
        { label: 'JavaScript', language: 'js', code: fetchSample(sampleInput) },
      ],
    });
  }

  const declaredTags = (Array.isArray(document.tags) ? document.tags : []).filter(isObject);
  const tagNames = [...declaredTags.map((tag) => String(tag.name)), ...operations.map((operation) => operation.tag)];
  const tags = [...new Set(tagNames)]
    .map((name) => ({
      name,
      slug: tagSlug(name),
      descriptionHtml: markdownToSafeHtml(text(declaredTags.find((tag) => tag.name === name)?.description)),
      operations: operations.filter((operation) => operation.tag === name),
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
    schemas: schemaNames.map((name) => ({ name, node: trees.buildComponent(name) })),
  };
}
