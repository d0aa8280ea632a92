import { httpSample } from '../samples/http';
import type { ApiMedia, ApiModel, ApiOperation, ApiSecurityScheme, ApiWebhook, SchemaNode } from '../openapi/model';
import { resolveRef, schemaIndex, type SchemaIndex } from '../openapi/schema-index';
import { descriptionMarkdown } from './description';
import { tagAncestors, tagLabel } from '../openapi/tags';
import { wireMethod } from '../openapi/methods';

const MAX_DEPTH = 4;

function typeOf(node: SchemaNode): string {
  const nullable = node.nullable ? ' | null' : '';
  switch (node.kind) {
    case 'ref':
      return `${node.refName ?? 'object'}${nullable}`;
    case 'primitive':
      return `${node.type ?? 'any'}${node.format ? ` (${node.format})` : ''}${nullable}`;
    case 'array':
      return `array of ${node.items ? typeOf(node.items) : 'any'}${nullable}`;
    case 'map':
      return `map of ${node.values ? typeOf(node.values) : 'any'}${nullable}`;
    case 'object':
      return `object${nullable}`;
    case 'circular':
      return `object (recursive, ${node.pointer ?? ''})`;
    case 'oneOf':
    case 'anyOf':
    case 'allOf':
      return `${node.kind} of ${(node.variants ?? []).map((variant) => variant.refName ?? typeOf(variant)).join(', ')}`;
    default:
      return 'any';
  }
}

function facts(node: SchemaNode): string {
  const parts = [
    node.enum ? `one of ${node.enum.map((value) => `\`${value}\``).join(', ')}` : '',
    node.minimum !== undefined ? `minimum ${node.minimum}` : '',
    node.maximum !== undefined ? `maximum ${node.maximum}` : '',
    node.pattern ? `pattern \`${node.pattern}\`` : '',
    node.default !== undefined ? `default \`${node.default}\`` : '',
    node.const !== undefined ? `always \`${node.const}\`` : '',
    node.examples ? `example ${node.examples.map((value) => `\`${value}\``).join(', ')}` : '',
    node.readOnly ? 'read-only' : '',
    node.deprecated ? 'deprecated' : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
}

/**
 * A schema as a nested list of its fields: name, type, required, description and constraints. A named schema
 * is listed once, under Schemas; elsewhere its name stands for it, except at the top of a body (`expand`).
 */
function schemaLines(
  node: SchemaNode,
  siteUrl: string,
  depth = 0,
  index: SchemaIndex = new Map(),
  expand = false,
): string[] {
  const indent = '  '.repeat(depth);
  const outer = node.kind === 'ref' && expand ? (resolveRef(node, index) ?? node) : node;
  const inner = outer.kind === 'array' ? outer.items : outer.kind === 'map' ? outer.values : outer;
  if (!inner || depth >= MAX_DEPTH || inner.kind === 'ref') return [];
  if (inner.kind === 'oneOf' || inner.kind === 'anyOf' || inner.kind === 'allOf') {
    return (inner.variants ?? []).flatMap((variant, position) => [
      `${indent}- Variant ${position + 1}: ${typeOf(variant)}`,
      ...schemaLines(variant, siteUrl, depth + 1, index),
    ]);
  }
  return (inner.properties ?? []).flatMap((property) => {
    const description = descriptionMarkdown(property.node.description, siteUrl).replace(/\n+/g, ' ');
    const line = `${indent}- \`${property.name}\` (${typeOf(property.node)}${property.required ? ', required' : ''})${description ? `: ${description}` : ''}${facts(property.node)}`;
    return [line, ...schemaLines(property.node, siteUrl, depth + 1, index)];
  });
}

/** `: Meter`, or for a 3.2 stream `: a stream of Reading`; empty without a schema. */
function mediaType(media: ApiMedia): string {
  if (media.itemSchema) return `: a stream of ${typeOf(media.itemSchema)}`;
  return media.schema ? `: ${typeOf(media.schema)}` : '';
}

/** A security scheme in one paragraph: its kind, description, and its OAuth 2.0 flows with their URLs and scopes. */
function schemeMarkdown(scheme: ApiSecurityScheme, siteUrl: string): string {
  const kind =
    scheme.type === 'apiKey'
      ? `API key${scheme.paramName ? ` \`${scheme.paramName}\`` : ''}${scheme.in ? ` in the ${scheme.in}` : ''}`
      : scheme.type === 'oauth2'
        ? 'OAuth 2.0'
        : scheme.type;
  const parts = [
    `Authentication \`${scheme.name}\`: ${kind}${scheme.deprecated ? ' (**deprecated**)' : ''}.`,
    descriptionMarkdown(scheme.description, siteUrl),
  ];
  if (scheme.oauth2MetadataUrl) parts.push(`Server metadata: ${scheme.oauth2MetadataUrl}.`);
  for (const flow of scheme.flows ?? []) {
    const urls = [
      flow.deviceAuthorizationUrl ? `device authorization ${flow.deviceAuthorizationUrl}` : '',
      flow.authorizationUrl ? `authorization ${flow.authorizationUrl}` : '',
      flow.tokenUrl ? `token ${flow.tokenUrl}` : '',
    ].filter(Boolean);
    parts.push(
      `Flow \`${flow.flow}\`${urls.length > 0 ? `: ${urls.join(', ')}` : ''}${flow.scopes.length > 0 ? `; scopes ${flow.scopes.map((scope) => `\`${scope.name}\``).join(', ')}` : ''}.`,
    );
  }
  return parts.filter(Boolean).join(' ');
}

function operationMarkdown(operation: ApiOperation | ApiWebhook, siteUrl: string, index: SchemaIndex): string {
  const webhook = 'anchor' in operation;
  const where = webhook
    ? `Webhook \`${operation.name}\`, sent as \`${wireMethod(operation.method)}\``
    : `\`${wireMethod(operation.method)} ${operation.path}\` · operationId \`${operation.operationId}\``;
  const lines = [`### ${operation.summary}`, '', `${where}${operation.deprecated ? ' · **deprecated**' : ''}`, ''];
  lines.push(`Reference: ${siteUrl}/api#${webhook ? operation.anchor : `operation/${operation.operationId}`}`, '');
  const description = descriptionMarkdown(operation.description, siteUrl);
  if (description) lines.push(description, '');
  if (operation.parameters.length > 0) {
    lines.push('#### Parameters', '', '| Name | In | Type | Required | Description |', '|---|---|---|---|---|');
    for (const parameter of operation.parameters) {
      const description = descriptionMarkdown(parameter.description, siteUrl)
        .replace(/\n+/g, ' ')
        .replace(/\|/g, '\\|');
      lines.push(
        `| \`${parameter.name}\` | ${parameter.in} | ${typeOf(parameter.schema)} | ${parameter.required ? 'yes' : 'no'} | ${description}${facts(parameter.schema).replace(/\|/g, '\\|')} |`,
      );
    }
    lines.push('');
  }
  if (operation.requestBody) {
    lines.push(
      `#### ${webhook ? 'Payload' : 'Request body'}${operation.requestBody.required ? ' (required)' : ''}`,
      '',
    );
    const description = descriptionMarkdown(operation.requestBody.description, siteUrl);
    if (description) lines.push(description, '');
    for (const media of operation.requestBody.media) {
      lines.push(`\`${media.contentType}\`${mediaType(media)}`, '');
      const schema = media.itemSchema ?? media.schema;
      if (schema) lines.push(...schemaLines(schema, siteUrl, 0, index, true), '');
    }
  }
  lines.push('#### Responses', '');
  for (const response of operation.responses) {
    const description = descriptionMarkdown(response.description, siteUrl).replace(/\n+/g, ' ');
    const text = [response.summary ? `${response.summary}.` : '', description].filter(Boolean).join(' ');
    const media = response.media
      .filter((entry) => entry.schema ?? entry.itemSchema)
      .map((entry) => `${entry.contentType}${mediaType(entry).replace(/^: /, ', ')}`);
    lines.push(`- **${response.status}**${text ? `: ${text}` : ''}${media.length > 0 ? ` (${media.join('; ')})` : ''}`);
  }
  lines.push('');
  const success = operation.responses.find(
    (response) => response.status.startsWith('2') && (response.media[0]?.schema ?? response.media[0]?.itemSchema),
  );
  const successSchema = success?.media[0]?.itemSchema ?? success?.media[0]?.schema;
  if (success && successSchema) {
    const what = success.media[0]?.itemSchema
      ? `Each item of the response stream (${success.status})`
      : `Response body (${success.status})`;
    lines.push(`${what}:`, '', ...schemaLines(successSchema, siteUrl, 0, index, true), '');
  }
  if ('sampleRequest' in operation) {
    // curl and Python here; /api and the playground have every language, from the same generator.
    const samples = [httpSample('curl', operation.sampleRequest), httpSample('python', operation.sampleRequest)];
    const [curl, python] = samples.map((sample) => (typeof sample === 'string' ? sample : undefined));
    if (curl || python) lines.push('#### Samples', '');
    if (curl) lines.push('```bash', curl, '```', '');
    if (python) lines.push('```python', python, '```', '');
  }
  return lines.join('\n');
}

/** The whole API reference as Markdown: one section per operation, grouped by tag, then the schemas. */
export function apiToMarkdown(model: ApiModel, siteUrl: string): string {
  const index = schemaIndex(model);
  const lines = [
    `# ${model.title} ${model.version}`,
    '',
    `> The Kilowise partner REST API: every operation, with its parameters, bodies, responses and a sample. Server: ${model.serverUrl}${model.serverName ? ` (${model.serverName})` : ''}`,
    '',
  ];
  lines.push(
    `The contract itself, for client generators: [openapi.json](${siteUrl}/openapi.json) · [openapi.yaml](${siteUrl}/openapi.yaml)`,
    '',
  );
  const description = descriptionMarkdown(model.description, siteUrl);
  if (description) lines.push(description, '');
  for (const scheme of model.securitySchemes) lines.push(schemeMarkdown(scheme, siteUrl), '');
  for (const tag of model.tags) {
    // A tag nested under another (3.2 `parent`) names its parents: `## Meters › Meter readings`.
    lines.push(`## ${[...tagAncestors(model, tag), tag].map(tagLabel).join(' › ')}`, '');
    const tagDescription = descriptionMarkdown(tag.description, siteUrl);
    if (tagDescription) lines.push(tagDescription, '');
    for (const operation of tag.operations) lines.push(operationMarkdown(operation, siteUrl, index));
  }
  if (model.webhooks.length > 0) {
    lines.push('## Webhooks', '', 'Requests this API sends to an endpoint of yours when something happens.', '');
    for (const webhook of model.webhooks) lines.push(operationMarkdown(webhook, siteUrl, index));
  }
  lines.push('## Schemas', '');
  for (const schema of model.schemas) {
    lines.push(`### ${schema.name}`, '');
    const schemaDescription = descriptionMarkdown(schema.node.description, siteUrl);
    if (schemaDescription) lines.push(schemaDescription, '');
    lines.push(`Type: ${typeOf(schema.node)}${facts(schema.node)}`, '');
    const fields = schemaLines(schema.node, siteUrl, 0, index);
    if (fields.length > 0) lines.push(...fields, '');
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
