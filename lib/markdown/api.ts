import { httpSample } from '../samples/http';
import type { ApiModel, ApiOperation, ApiWebhook, SchemaNode } from '../openapi/model';
import { resolveRef, schemaIndex, type SchemaIndex } from '../openapi/schema-index';
import { htmlToMarkdown } from './html';

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
function schemaLines(node: SchemaNode, siteUrl: string, depth = 0, index: SchemaIndex = new Map(), expand = false): string[] {
  const indent = '  '.repeat(depth);
  const outer = node.kind === 'ref' && expand ? (resolveRef(node, index) ?? node) : node;
  const inner = outer.kind === 'array' ? outer.items : outer.kind === 'map' ? outer.values : outer;
  if (!inner || depth >= MAX_DEPTH || inner.kind === 'ref') return [];
  if (inner.kind === 'oneOf' || inner.kind === 'anyOf' || inner.kind === 'allOf') {
    return (inner.variants ?? []).flatMap((variant, position) => [`${indent}- Variant ${position + 1}: ${typeOf(variant)}`, ...schemaLines(variant, siteUrl, depth + 1, index)]);
  }
  return (inner.properties ?? []).flatMap((property) => {
    const description = htmlToMarkdown(property.node.descriptionHtml, siteUrl).replace(/\n+/g, ' ');
    const line = `${indent}- \`${property.name}\` (${typeOf(property.node)}${property.required ? ', required' : ''})${description ? `: ${description}` : ''}${facts(property.node)}`;
    return [line, ...schemaLines(property.node, siteUrl, depth + 1, index)];
  });
}

function operationMarkdown(operation: ApiOperation | ApiWebhook, siteUrl: string, index: SchemaIndex): string {
  const webhook = 'anchor' in operation;
  const where = webhook ? `Webhook \`${operation.name}\`, sent as \`${operation.method.toUpperCase()}\`` : `\`${operation.method.toUpperCase()} ${operation.path}\` · operationId \`${operation.operationId}\``;
  const lines = [`### ${operation.summary}`, '', `${where}${operation.deprecated ? ' · **deprecated**' : ''}`, ''];
  lines.push(`Reference: ${siteUrl}/api#${webhook ? operation.anchor : `operation/${operation.operationId}`}`, '');
  const description = htmlToMarkdown(operation.descriptionHtml, siteUrl);
  if (description) lines.push(description, '');
  if (operation.parameters.length > 0) {
    lines.push('#### Parameters', '', '| Name | In | Type | Required | Description |', '|---|---|---|---|---|');
    for (const parameter of operation.parameters) {
      const description = htmlToMarkdown(parameter.descriptionHtml, siteUrl).replace(/\n+/g, ' ').replace(/\|/g, '\\|');
      lines.push(`| \`${parameter.name}\` | ${parameter.in} | ${typeOf(parameter.schema)} | ${parameter.required ? 'yes' : 'no'} | ${description}${facts(parameter.schema).replace(/\|/g, '\\|')} |`);
    }
    lines.push('');
  }
  if (operation.requestBody) {
    lines.push(`#### ${webhook ? 'Payload' : 'Request body'}${operation.requestBody.required ? ' (required)' : ''}`, '');
    const description = htmlToMarkdown(operation.requestBody.descriptionHtml, siteUrl);
    if (description) lines.push(description, '');
    for (const media of operation.requestBody.media) {
      lines.push(`\`${media.contentType}\`${media.schema ? `: ${typeOf(media.schema)}` : ''}`, '');
      if (media.schema) lines.push(...schemaLines(media.schema, siteUrl, 0, index, true), '');
    }
  }
  lines.push('#### Responses', '');
  for (const response of operation.responses) {
    const media = response.media[0];
    const description = htmlToMarkdown(response.descriptionHtml, siteUrl).replace(/\n+/g, ' ');
    lines.push(`- **${response.status}**${description ? `: ${description}` : ''}${media?.schema ? ` (${media.contentType}, ${typeOf(media.schema)})` : ''}`);
  }
  lines.push('');
  const success = operation.responses.find((response) => response.status.startsWith('2') && response.media[0]?.schema);
  if (success?.media[0]?.schema) lines.push(`Response body (${success.status}):`, '', ...schemaLines(success.media[0].schema, siteUrl, 0, index, true), '');
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
  const lines = [`# ${model.title} ${model.version}`, '', `> The Kilowise partner REST API: every operation, with its parameters, bodies, responses and a sample. Server: ${model.serverUrl}`, ''];
  lines.push(`The contract itself, for client generators: [openapi.json](${siteUrl}/openapi.json) · [openapi.yaml](${siteUrl}/openapi.yaml)`, '');
  const description = htmlToMarkdown(model.descriptionHtml, siteUrl);
  if (description) lines.push(description, '');
  for (const scheme of model.securitySchemes) {
    lines.push(`Authentication: ${scheme.type}${scheme.paramName ? ` \`${scheme.paramName}\`` : ''}${scheme.in ? ` in the ${scheme.in}` : ''}. ${htmlToMarkdown(scheme.descriptionHtml, siteUrl)}`.trim(), '');
  }
  for (const tag of model.tags) {
    lines.push(`## ${tag.name}`, '');
    const tagDescription = htmlToMarkdown(tag.descriptionHtml, siteUrl);
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
    const schemaDescription = htmlToMarkdown(schema.node.descriptionHtml, siteUrl);
    if (schemaDescription) lines.push(schemaDescription, '');
    lines.push(`Type: ${typeOf(schema.node)}${facts(schema.node)}`, '');
    const fields = schemaLines(schema.node, siteUrl, 0, index);
    if (fields.length > 0) lines.push(...fields, '');
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
