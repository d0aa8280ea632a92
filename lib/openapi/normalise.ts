import { slug } from 'github-slugger';
import { withDescription } from './markdown';
import { anchorFor } from './anchors';
import { SpecError } from './errors';
import {
  type ApiMedia,
  type ApiModel,
  type ApiOperation,
  type ApiParameter,
  type ApiSecurityScheme,
  type ApiSource,
  type ApiWebhook,
} from './model';
import { createSchemaTreeBuilder, isObject, pointerToken, type Json } from './schema-tree';
import {
  deref,
  itemExample,
  locate,
  mediaExample,
  querystringOf,
  operationIdOf,
  walkOperations,
  walkWebhooks,
  type RawOperation,
} from './walk';
import type { OpenApiDocument } from './validate';
import { wireMethod } from './methods';
import { fillTemplate } from './path-template';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Untagged operations land under this tag. */
export const DEFAULT_TAG = 'Other';

/** `#tag/{slug}`: the tag's name as GitHub would slug a heading. */
export function tagSlug(name: string): string {
  return slug(name);
}

/** The media type's example as pretty-printed JSON; for a 3.2 stream, one item's (the item schema's own example). */
function prettyExample(media: Json, document: Json): string | undefined {
  const example = mediaExample(document, media) ?? itemExample(document, media);
  return example === undefined ? undefined : JSON.stringify(example, null, 2);
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
  const written = fillTemplate(text(server.url) ?? '', (name) => {
    const variable = variables[name];
    return (isObject(variable) ? text(variable.default) : undefined) ?? `{${name}}`;
  });
  if (/^[a-z][a-z\d+.-]*:/i.test(written) || source.kind !== 'url' || !URL.canParse(source.location)) return written;
  return new URL(written || '/', source.location).href.replace(/\/$/, '');
}

/** A security scheme as the reference shows it, with what 3.2 adds (`deprecated`, `oauth2MetadataUrl`, the device flow). */
function securitySchemeOf(name: string, scheme: Json): ApiSecurityScheme {
  const flows = isObject(scheme.flows) ? scheme.flows : {};
  return {
    name,
    type: text(scheme.type) ?? 'unknown',
    in: text(scheme.in),
    paramName: text(scheme.name),
    scheme: text(scheme.scheme),
    ...withDescription(text(scheme.description)),
    deprecated: scheme.deprecated === true ? true : undefined,
    oauth2MetadataUrl: text(scheme.oauth2MetadataUrl),
    openIdConnectUrl: text(scheme.openIdConnectUrl),
    flows: isObject(scheme.flows)
      ? Object.entries(flows).flatMap(([flow, value]) =>
          isObject(value)
            ? [
                {
                  flow,
                  authorizationUrl: text(value.authorizationUrl),
                  deviceAuthorizationUrl: text(value.deviceAuthorizationUrl),
                  tokenUrl: text(value.tokenUrl),
                  refreshUrl: text(value.refreshUrl),
                  scopes: Object.entries(isObject(value.scopes) ? value.scopes : {}).map(([scope, description]) => ({
                    name: scope,
                    description: String(description),
                  })),
                },
              ]
            : [],
        )
      : undefined,
  };
}

/** What a sample sends for a 3.2 `in: querystring` parameter: its example's fields, else its schema's required ones. */
function querystringFields(document: Json, parameter: Json): { in: string; name: string; value: string }[] {
  const { schema, example } = querystringOf(document, parameter);
  const fields = Object.entries(example).map(([name, value]) => ({
    in: 'query',
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
  if (fields.length > 0) return fields;
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  return required.map((name) => ({ in: 'query', name, value: `<${name}>` }));
}

/**
 * The document's tags as a tree (OpenAPI 3.2 `parent`), checked: a parent that is not declared, or a cycle of
 * parents, is a SpecError naming the tags. Tags of a `kind` other than `nav` do not make the navigation.
 */
function tagHierarchy(declaredTags: Json[], source: string) {
  const byName = new Map(declaredTags.map((tag) => [String(tag.name), tag]));
  const parentOf = (name: string) => text(byName.get(name)?.parent);
  for (const [name] of byName) {
    const parent = parentOf(name);
    if (parent !== undefined && !byName.has(parent))
      throw new SpecError(source, `tag "${name}" has the parent "${parent}", which is not a declared tag`);
    const seen = [name];
    for (let up = parent; up !== undefined; up = parentOf(up)) {
      if (seen.includes(up))
        throw new SpecError(
          source,
          `tags form a cycle of parents: ${[...seen.slice(seen.indexOf(up)), up].map((tag) => `"${tag}"`).join(' → ')}`,
        );
      seen.push(up);
    }
  }
  const children = (name: string) => [...byName.keys()].filter((child) => parentOf(child) === name);
  /** Whether operations are listed under this tag: it is undeclared, or of kind `nav` or of no kind. */
  const isNav = (name: string) => {
    const kind = text(byName.get(name)?.kind);
    return kind === undefined || kind === 'nav';
  };
  return {
    declared: (name: string) => byName.get(name),
    children,
    isNav,
    /** The navigation tags in the document's order, each child right after its parent, and `used` ones not declared after them. */
    ordered(used: string[]): string[] {
      const navTags = [...byName.keys()].filter(isNav);
      const out: string[] = [];
      const visit = (name: string) => {
        out.push(name);
        for (const child of children(name)) if (isNav(child)) visit(child);
      };
      for (const name of navTags) if (parentOf(name) === undefined || !isNav(parentOf(name) ?? '')) visit(name);
      return [...out, ...used.filter((name) => !byName.has(name))];
    },
  };
}

/** What the parts of the model are built from: the document, its schema trees, its server and its security. */
interface Normaliser {
  document: Json;
  trees: ReturnType<typeof createSchemaTreeBuilder>;
  serverUrl: string;
  securitySchemes: ApiSecurityScheme[];
  globalSecurity: unknown[];
}

type TagTree = ReturnType<typeof tagHierarchy>;

/**
 * Turns a validated, bundled OpenAPI document into the model the reference renders: tags in the
 * document's order, each with its operations, parameters, bodies, responses and code samples; the webhooks;
 * and every component schema, built once (operations refer to them). Markdown descriptions become sanitised
 * HTML here, at build time.
 */
export function normaliseSpec(bundled: OpenApiDocument, source: ApiSource, options: NormaliseOptions = {}): ApiModel {
  const document = bundled as unknown as Json;
  const info = isObject(document.info) ? document.info : {};
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const normaliser: Normaliser = {
    document,
    trees: createSchemaTreeBuilder(document, { warn: options.warn }),
    serverUrl: serverUrlOf(Array.isArray(document.servers) ? document.servers : [], source),
    securitySchemes: Object.entries(schemes).map(([name, value]) => securitySchemeOf(name, deref(document, value))),
    globalSecurity: Array.isArray(document.security) ? document.security : [],
  };
  const declaredTags = (Array.isArray(document.tags) ? document.tags : []).filter(isObject);
  const tagTree = tagHierarchy(declaredTags, source.location);
  const operations = walkOperations(document).map((raw) => operationOf(normaliser, raw, tagTree));
  const schemaNames = Object.keys(isObject(components.schemas) ? components.schemas : {});
  return {
    title: text(info.title) ?? 'API',
    version: text(info.version) ?? '',
    openapi: text(document.openapi) ?? '',
    ...withDescription(text(info.description)),
    source,
    serverUrl: normaliser.serverUrl,
    serverName:
      Array.isArray(document.servers) && isObject(document.servers[0]) ? text(document.servers[0].name) : undefined,
    securitySchemes: normaliser.securitySchemes,
    tags: tagsOf(operations, tagTree),
    webhooks: webhooksOf(normaliser),
    schemas: schemaNames.map((name) => ({ name, node: normaliser.trees.buildComponent(name) })),
  };
}

/** A body's or a response's media types, each with its schema trees and its example. */
function mediaOf({ document, trees }: Normaliser, content: unknown, pointer: string): ApiMedia[] {
  return Object.entries(isObject(content) ? content : {}).map(([contentType, value]) => {
    const entry = locate(document, value, `${pointer}/content/${pointerToken(contentType)}`);
    return {
      contentType,
      schema: entry.value.schema === undefined ? undefined : trees.build(entry.value.schema, `${entry.pointer}/schema`),
      itemSchema:
        entry.value.itemSchema === undefined
          ? undefined
          : trees.build(entry.value.itemSchema, `${entry.pointer}/itemSchema`),
      example: prettyExample(entry.value, document),
    };
  });
}

/** What operations and webhooks share: parameters, body, responses, security. */
function describe(normaliser: Normaliser, raw: RawOperation) {
  const { document, trees } = normaliser;
  const { operation } = raw;
  const parameters: ApiParameter[] = raw.parameters.map(({ value: parameter, pointer }) => {
    // A parameter described by `content` (always so for 3.2's `querystring`) has its schema in its media type.
    const [contentType, entry] = Object.entries(isObject(parameter.content) ? parameter.content : {})[0] ?? [];
    const schemaAt =
      parameter.schema === undefined && entry !== undefined
        ? locate(document, entry, `${pointer}/content/${pointerToken(contentType ?? '')}`)
        : undefined;
    return {
      in: parameter.in as ApiParameter['in'],
      name: String(parameter.name),
      required: parameter.required === true,
      deprecated: parameter.deprecated === true,
      ...withDescription(text(parameter.description)),
      schema: schemaAt
        ? trees.build(schemaAt.value.schema, `${schemaAt.pointer}/schema`)
        : trees.build(parameter.schema, `${pointer}/schema`),
    };
  });
  const body = raw.requestBody;
  const requestBody = body
    ? {
        required: body.value.required === true,
        ...withDescription(text(body.value.description)),
        media: mediaOf(normaliser, body.value.content, body.pointer),
      }
    : undefined;
  const responses = raw.responses.map(([status, response]) => {
    return {
      status,
      summary: text(response.value.summary),
      ...withDescription(text(response.value.description)),
      media: mediaOf(normaliser, response.value.content, response.pointer),
    };
  });
  const securityRequirements = Array.isArray(operation.security) ? operation.security : normaliser.globalSecurity;
  const security = securityRequirements.flatMap((requirement) =>
    isObject(requirement) ? Object.keys(requirement) : [],
  );
  return {
    operationId: operationIdOf(raw),
    method: raw.method,
    summary: text(operation.summary) ?? `${wireMethod(raw.method)} ${raw.path}`,
    ...withDescription(text(operation.description)),
    deprecated: operation.deprecated === true,
    security,
    parameters,
    requestBody,
    responses,
  };
}

/** What an operation's samples send: its required parameters, with the contract's example where it has one. */
function sampleRequestOf(
  normaliser: Normaliser,
  raw: RawOperation,
  described: ReturnType<typeof describe>,
): ApiOperation['sampleRequest'] {
  const sampleParameters = raw.parameters.flatMap(({ value: parameter }) => {
    if (parameter.in === 'querystring') return querystringFields(normaliser.document, parameter);
    if (parameter.required !== true) return [];
    const schema = isObject(parameter.schema) ? parameter.schema : {};
    const example =
      parameter.example ??
      schema.example ??
      (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ??
      schema.default;
    return [
      {
        in: String(parameter.in),
        name: String(parameter.name),
        value: example === undefined ? `<${String(parameter.name)}>` : String(example),
      },
    ];
  });
  const apiKey = normaliser.securitySchemes.find(
    (scheme) => described.security.includes(scheme.name) && scheme.type === 'apiKey' && scheme.in === 'header',
  );
  const firstBody = described.requestBody?.media[0];
  const sent = (where: string) =>
    sampleParameters
      .filter((parameter) => parameter.in === where)
      .map((parameter): [string, string] => [parameter.name, parameter.value]);
  return {
    method: raw.method,
    serverUrl: normaliser.serverUrl,
    path: raw.path,
    pathParams: Object.fromEntries(sent('path')),
    query: sent('query'),
    headers: sent('header'),
    apiKeyHeader: apiKey?.paramName,
    body: firstBody?.example ? { contentType: firstBody.contentType, text: firstBody.example } : undefined,
  };
}

/** One operation of the model: described, under its first navigation tag, its other tags as badges. */
function operationOf(normaliser: Normaliser, raw: RawOperation, tagTree: TagTree): ApiOperation {
  const described = describe(normaliser, raw);
  const tags = Array.isArray(raw.operation.tags) ? raw.operation.tags.map(String) : [];
  const navTags = tags.filter((name) => tagTree.isNav(name));
  const badges = tags
    .filter((name) => !tagTree.isNav(name))
    .map((name) => text(tagTree.declared(name)?.summary) ?? name);
  return {
    ...described,
    path: raw.path,
    tag: navTags[0] ?? DEFAULT_TAG,
    badges: badges.length > 0 ? badges : undefined,
    sampleRequest: sampleRequestOf(normaliser, raw, described),
    samples: [],
  };
}

function webhooksOf(normaliser: Normaliser): ApiWebhook[] {
  const webhookNames = new Set<string>();
  return walkWebhooks(normaliser.document).map((raw) => {
    // A second method under the same name gets its own anchor; the name's anchor stays on the first.
    const anchor = webhookNames.has(raw.path) ? anchorFor.webhook(raw.path, raw.method) : anchorFor.webhook(raw.path);
    webhookNames.add(raw.path);
    const described = describe(normaliser, raw);
    return {
      ...described,
      name: raw.path,
      anchor,
      operationId: typeof raw.operation.operationId === 'string' ? raw.operation.operationId : anchor,
    };
  });
}

/** The tags of the navigation in the document's order, each with its operations. */
function tagsOf(operations: readonly ApiOperation[], tagTree: TagTree): ApiModel['tags'] {
  const byTag = new Map<string, ApiOperation[]>();
  for (const operation of operations) {
    const list = byTag.get(operation.tag) ?? [];
    list.push(operation);
    byTag.set(operation.tag, list);
  }
  // A parent tag stays, even with no operation of its own, while a tag under it has some.
  const hasOperations = (name: string): boolean =>
    (byTag.get(name)?.length ?? 0) > 0 || tagTree.children(name).some(hasOperations);
  return tagTree
    .ordered([...new Set(operations.map((operation) => operation.tag))])
    .filter(hasOperations)
    .map((name) => {
      const declared = tagTree.declared(name);
      return {
        name,
        slug: tagSlug(name),
        label: text(declared?.summary),
        parent: text(declared?.parent),
        kind: text(declared?.kind),
        ...withDescription(text(declared?.description)),
        operations: byTag.get(name) ?? [],
      };
    });
}
