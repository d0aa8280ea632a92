import { slug } from 'github-slugger';
import { markdownToSafeHtml } from './markdown';
import { HTTP_METHODS, type ApiMedia, type ApiModel, type ApiOperation, type ApiParameter, type ApiSource, type HttpMethod } from './model';
import { curlSample, fetchSample, type SampleInput } from './samples';
import { createSchemaTreeBuilder, isObject, resolvePointer, type Json } from './schema-tree';
import type { OpenApiDocument } from './validate';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Untagged operations land under this tag. */
export const DEFAULT_TAG = 'Other';

/** `#tag/{slug}`: the tag's name as GitHub would slug a heading. */
export function tagSlug(name: string): string {
  return slug(name);
}

function deref(document: Json, value: unknown): Json {
  let current = value;
  for (let depth = 0; depth < 20 && isObject(current) && typeof current.$ref === 'string'; depth += 1) {
    current = resolvePointer(document, current.$ref);
  }
  return isObject(current) ? current : {};
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
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(document, rawItem);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const operation = isObject(item[method]) ? (item[method] as Json) : undefined;
      if (!operation) continue;
      const byKey = new Map<string, Json>();
      for (const raw of [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
        const parameter = deref(document, raw);
        byKey.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
      }
      const rawParameters = [...byKey.values()];
      const parameters: ApiParameter[] = rawParameters.map((parameter) => ({
        in: parameter.in as ApiParameter['in'],
        name: String(parameter.name),
        required: parameter.required === true,
        deprecated: parameter.deprecated === true,
        descriptionHtml: markdownToSafeHtml(text(parameter.description)),
        schema: trees.build(parameter.schema),
      }));
      const sampleParameters = rawParameters.map((parameter, index) => {
        const schema = isObject(parameter.schema) ? parameter.schema : {};
        const example = parameter.example ?? schema.example ?? schema.default;
        return { ...parameters[index]!, example: example === undefined ? undefined : String(example) };
      });
      const body = operation.requestBody === undefined ? undefined : deref(document, operation.requestBody);
      const requestBody = body
        ? { required: body.required === true, descriptionHtml: markdownToSafeHtml(text(body.description)), media: media(body.content) }
        : undefined;
      const responses = Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([status, value]) => {
        const response = deref(document, value);
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
        operationId: text(operation.operationId) ?? `${method}${path.replace(/[^a-zA-Z0-9]+/g, '-')}`,
        method: method as HttpMethod,
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
