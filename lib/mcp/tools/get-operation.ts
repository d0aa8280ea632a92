import { z } from 'zod';
import { descriptionMarkdown } from '../../markdown/description';
import { httpSample, SAMPLE_LANGUAGES, type HttpLanguageId } from '../../samples';
import { siteConfig } from '../../site';
import type { DocsData } from '../data';
import { cut, LIMITS, ToolError, unknown } from '../limits';
import { expandSchema } from '../schema';
import type { DocsTool } from './tool';
import { wireMethod } from '../../openapi/methods';
import { matchEndpoint } from '../../openapi/endpoints';

const HTTP_LANGUAGES = SAMPLE_LANGUAGES.map((language) => language.id).filter(
  (id): id is HttpLanguageId => id !== 'kilowise-client',
);

const inputSchema = {
  operationId: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.nameChars)
    .optional()
    .describe('The operation\'s id, e.g. "getLocations" or "updateEvPreferences".'),
  method: z.string().trim().min(1).max(10).optional().describe('Instead of operationId: the HTTP method, with path.'),
  path: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.pathChars)
    .optional()
    .describe(
      'Instead of operationId: the path as the contract writes it, "/v2/kilowise/users/{userId}/locations", or a concrete one.',
    ),
  depth: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.depth)
    .default(2)
    .describe(`How many levels of named schemas to expand in the bodies (0 to ${LIMITS.depth}).`),
  language: z
    .enum(HTTP_LANGUAGES as [HttpLanguageId, ...HttpLanguageId[]])
    .optional()
    .describe('A request sample in this language besides the kilowise-client call.'),
};

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'].join('\n');

/** The operation an id, or a method and a path (template or concrete), names. */
function findOperation(data: DocsData, input: { operationId?: string; method?: string; path?: string }) {
  const operations = data.contract.operations;
  if (input.operationId) {
    return (
      operations.find((operation) => operation.operationId === input.operationId) ??
      raise(
        unknown(
          'operation',
          input.operationId,
          operations.map((operation) => operation.operationId),
        ),
      )
    );
  }
  if (!input.method || !input.path) throw new ToolError('Give an operationId, or a method and a path.');
  const method = input.method.toUpperCase();
  const path = input.path.split('?')[0] ?? '';
  // A trailing slash names the same operation, as the sandbox routes it.
  const found = matchEndpoint(operations, method, path.length > 1 ? path.replace(/\/$/, '') : path);
  return (
    found ??
    raise(
      unknown(
        'operation',
        `${input.method.toUpperCase()} ${path}`,
        operations.map((operation) => `${wireMethod(operation.method)} ${operation.path}`),
      ),
    )
  );
}

function raise(error: Error): never {
  throw error;
}

export const getOperation: DocsTool<typeof inputSchema> = {
  name: 'get_operation',
  title: 'Get an API operation',
  description:
    'Returns one operation of the Kilowise partner API: method and path, what it does, its parameters, its request body and responses as JSON Schema (named schemas expanded to `depth`), its errors, the kilowise-client call and, with `language`, a request sample. Then try it with sandbox_request.',
  inputSchema,
  run(data, input) {
    const operation = findOperation(data, input);
    const model = data.model.tags
      .flatMap((tag) => tag.operations)
      .find((candidate) => candidate.operationId === operation.operationId);
    const expand = (schema: Parameters<typeof expandSchema>[0]) =>
      expandSchema(schema, data.contract.defs, input.depth);
    const lines = [
      `# ${operation.summary} (${operation.operationId})`,
      '',
      `\`${wireMethod(operation.method)} ${operation.path}\`${operation.deprecated ? ' (deprecated)' : ''}`,
      '',
    ];
    if (model?.description) lines.push(descriptionMarkdown(model.description, siteConfig.url), '');
    lines.push(`Reference: ${siteConfig.url}/api#operation/${operation.operationId}`, '');
    if (operation.apiKeyHeader)
      lines.push(`Authentication: the partner API key in the \`${operation.apiKeyHeader}\` header.`, '');
    if (operation.parameters.length > 0) {
      lines.push('## Parameters', '', '| Name | In | Required | Schema |', '|---|---|---|---|');
      for (const parameter of operation.parameters)
        lines.push(
          `| \`${parameter.name}\` | ${parameter.in} | ${parameter.required ? 'yes' : 'no'} | \`${JSON.stringify(parameter.schema)}\` |`,
        );
      lines.push('');
    }
    if (operation.requestBody) {
      lines.push(
        `## Request body (${operation.requestBody.contentType}${operation.requestBody.required ? ', required' : ''})`,
        '',
        json(expand(operation.requestBody.schema)),
        '',
      );
      if (operation.requestBody.example)
        lines.push('Example:', '', '```json', operation.requestBody.example, '```', '');
    }
    const success = operation.responses.filter(
      (response) => response.status.startsWith('2') || response.status.startsWith('3'),
    );
    const errors = operation.responses.filter((response) => !success.includes(response));
    lines.push('## Responses', '');
    for (const response of success) {
      lines.push(`### ${response.status}: ${response.description}`, '');
      if (response.schema !== undefined) lines.push(json(expand(response.schema)), '');
    }
    if (errors.length > 0) {
      lines.push('## Errors', '', 'Every error body is `{ "message": string }`.', '');
      for (const response of errors) lines.push(`- **${response.status}**: ${response.description}`);
      lines.push('');
    }
    const client = model?.samples.find((sample) => sample.label === 'kilowise-client');
    if (client) lines.push('## kilowise-client', '', '```ts', client.code, '```', '');
    if (input.language && model) {
      const sample = httpSample(input.language, model.sampleRequest);
      const label = SAMPLE_LANGUAGES.find((language) => language.id === input.language);
      if (typeof sample === 'string')
        lines.push(`## ${label?.label ?? input.language}`, '', `\`\`\`${label?.highlight ?? ''}`, sample, '```', '');
    }
    return cut(lines.join('\n'), `Ask again with a smaller depth, or read ${siteConfig.url}/api.md.`);
  },
};
