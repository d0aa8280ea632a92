import type { ApiModel } from '../openapi/model';
import { SdkReferenceError } from './convert';
import type { SdkReference } from './model';

/** The line that creates the client, above every kilowise-client sample on /api. */
const CLIENT_SETUP = [
  "import { KilowiseClient } from 'kilowise-client';",
  '',
  "const kilowise = new KilowiseClient({ apiKey: process.env.KILOWISE_API_KEY!, baseUrl: 'https://api.kilowise.io' });",
  '',
].join('\n');

/** The enums a sample names, so its import line is complete. */
function importsOf(example: string, enumNames: ReadonlySet<string>): string[] {
  return [...new Set([...example.matchAll(/\b([A-Z][A-Za-z]+)\.[A-Z_a-z]+/g)].map((match) => match[1] ?? ''))]
    .filter((name) => enumNames.has(name))
    .sort();
}

/**
 * Joins the two views of one contract. Every `@apiSchema` and `@apiOperation` in the SDK must name
 * something in the API document (a typo or a removed schema fails the build, naming file and line).
 * Each operation gets its kilowise-client sample and each schema the SDK symbols (of any package) that mirror it.
 * Operations without an SDK method are returned, for a warning.
 */
export function linkSdkToApi(
  model: ApiModel,
  sdk: SdkReference,
  otherPackages: readonly SdkReference[] = [],
): { model: ApiModel; uncovered: string[] } {
  const allSymbols = [sdk, ...otherPackages].flatMap((reference) => reference.symbols);
  const schemaNames = new Set(model.schemas.map((schema) => schema.name));
  const operations = model.tags.flatMap((tag) => tag.operations);
  const operationIds = new Set(operations.map((operation) => operation.operationId));
  const problems = [
    ...allSymbols
      .filter((symbol) => symbol.apiSchema && !schemaNames.has(symbol.apiSchema))
      .map(
        (symbol) =>
          `${symbol.source.file}:${symbol.source.line}: ${symbol.name} has @apiSchema ${symbol.apiSchema}, which the API document does not define`,
      ),
    ...sdk.operations
      .filter((operation) => !operationIds.has(operation.operationId))
      .map(
        (operation) =>
          `${operation.source.file}:${operation.source.line}: ${operation.method} has @apiOperation ${operation.operationId}, which the API document does not define`,
      ),
  ];
  if (problems.length > 0) throw new SdkReferenceError(problems.join('\n'));

  const enumNames = new Set(sdk.symbols.filter((symbol) => symbol.kind === 'enum').map((symbol) => symbol.name));
  const methodOf = new Map(sdk.operations.map((operation) => [operation.operationId, operation]));
  const mirrors = new Map<string, { name: string; url: string }[]>();
  for (const symbol of allSymbols) {
    if (!symbol.apiSchema) continue;
    mirrors.set(symbol.apiSchema, [...(mirrors.get(symbol.apiSchema) ?? []), { name: symbol.name, url: symbol.url }]);
  }

  const linked: ApiModel = {
    ...model,
    tags: model.tags.map((tag) => ({
      ...tag,
      operations: tag.operations.map((operation) => {
        const method = methodOf.get(operation.operationId);
        if (!method) return operation;
        const enums = importsOf(method.example, enumNames);
        const setup =
          enums.length > 0
            ? CLIENT_SETUP.replace('{ KilowiseClient }', `{ KilowiseClient, ${enums.join(', ')} }`)
            : CLIENT_SETUP;
        return {
          ...operation,
          samples: [
            ...operation.samples,
            { label: 'kilowise-client', language: 'ts', code: `${setup}${method.example}` },
          ],
        };
      }),
    })),
    schemas: model.schemas.map((schema) => ({ ...schema, sdkSymbols: mirrors.get(schema.name) })),
  };
  return {
    model: linked,
    uncovered: operations
      .filter((operation) => !methodOf.has(operation.operationId))
      .map((operation) => operation.operationId),
  };
}
