import { markdownToSafeHtml } from '../openapi/markdown';
import type { ApiModel } from '../openapi/model';
import { componentName, isObject, type Json } from '../openapi/schema-tree';
import { deref, itemExample, mediaExample, querystringOf, operationIdOf, walkOperations } from '../openapi/walk';
import { parseWith } from '../validation';
import {
  operationContractSchema,
  type OperationContract,
  type ContractOperation,
  type ContractParameter,
} from './operation-contract';
import { bodyEnumHints } from './enum-hints';
import { toJsonSchema } from './json-schema';
import type { SdkReference } from '../typedoc/model';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** How a parameter's text becomes a value: its schema's type (the first that is not `null`). */
function valueType(schema: Json): string {
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  return types.find((type) => type !== 'null') ?? 'string';
}

/**
 * The form fields of a parameter. A 3.2 `in: querystring` parameter describes the whole query string with one
 * schema: each of its properties becomes a query field, required as the schema says, starting from the
 * parameter's example where it has one.
 */
function parametersOf(document: Json, parameter: Json): ContractParameter[] {
  if (parameter.in !== 'querystring') return [parameterOf(parameter)];
  const { schema, example } = querystringOf(document, parameter);
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  return Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([name, property]) => {
    const propertySchema = deref(document, property);
    const field = parameterOf({
      name,
      in: 'query',
      required: required.includes(name),
      description: propertySchema.description,
      schema: propertySchema,
      example: example[name],
    });
    return { ...field, querystring: String(parameter.name) };
  });
}

function parameterOf(parameter: Json): ContractParameter {
  const schema = isObject(parameter.schema) ? parameter.schema : {};
  const type = valueType(schema);
  const items = isObject(schema.items) ? schema.items : {};
  const values = Array.isArray(schema.enum)
    ? schema.enum
    : type === 'array' && Array.isArray(items.enum)
      ? items.enum
      : undefined;
  const example = parameter.example ?? schema.example ?? schema.default;
  return {
    name: String(parameter.name),
    in: parameter.in as ContractParameter['in'],
    required: parameter.required === true,
    descriptionHtml: markdownToSafeHtml(text(parameter.description)),
    schema: toJsonSchema(schema),
    example:
      example === undefined ? undefined : Array.isArray(example) ? example.map(String).join(',') : String(example),
    enum: values?.filter((value) => value !== null).map(String),
    type,
  };
}

/**
 * The contract the API playground and its sandbox run on, from the bundled OpenAPI document and the
 * normalised model (which already knows each operation's tag, summary and API-key header), plus the
 * kilowise-client method of each operation and the SDK enums its body fields take. Checked with zod before it is written.
 */
export function buildOperationContract(
  bundled: Json,
  model: Pick<ApiModel, 'title' | 'version' | 'serverUrl' | 'tags' | 'securitySchemes'>,
  sdk: SdkReference,
): OperationContract {
  const sdkMethods = new Map(sdk.operations.map((operation) => [operation.operationId, operation.method]));
  const byId = new Map(
    model.tags.flatMap((tag) => tag.operations).map((operation) => [operation.operationId, operation]),
  );
  const operations: ContractOperation[] = walkOperations(bundled).map((raw) => {
    const operationId = operationIdOf(raw);
    const normalised = byId.get(operationId);
    if (!normalised) throw new Error(`[contract] operation ${operationId} is not in the API model`);
    const apiKey = model.securitySchemes.find(
      (scheme) => normalised.security.includes(scheme.name) && scheme.type === 'apiKey' && scheme.in === 'header',
    );
    const requestBody = raw.requestBody?.value;
    const bodyMedia = Object.entries(isObject(requestBody?.content) ? requestBody.content : {});
    const [bodyType, bodyEntry] = bodyMedia.find(([type]) => type.includes('json')) ?? bodyMedia[0] ?? [];
    const body = bodyEntry === undefined ? undefined : deref(bundled, bodyEntry);
    const bodyExample = body ? mediaExample(bundled, body) : undefined;
    const bodySchemaName =
      isObject(body?.schema) && typeof body.schema.$ref === 'string' ? componentName(body.schema.$ref) : undefined;
    return {
      operationId,
      method: raw.method,
      path: raw.path,
      tag: normalised.tag,
      summary: normalised.summary,
      deprecated: normalised.deprecated,
      apiKeyHeader: apiKey?.paramName,
      sdkMethod: sdkMethods.get(operationId),
      parameters: raw.parameters
        .map((parameter) => parameter.value)
        .filter((parameter) => parameter.in !== 'cookie')
        .flatMap((parameter) => parametersOf(bundled, parameter)),
      requestBody:
        body && bodyType
          ? {
              required: requestBody?.required === true,
              contentType: bodyType,
              schema: body.schema === undefined ? undefined : toJsonSchema(body.schema),
              example: bodyExample === undefined ? undefined : JSON.stringify(bodyExample, null, 2),
              enums: bodySchemaName ? bodyEnumHints(bodySchemaName, sdk) : undefined,
            }
          : undefined,
      responses: raw.responses.map(([status, { value: response }]) => {
        const [contentType, entry] = Object.entries(isObject(response.content) ? response.content : {})[0] ?? [];
        const media = entry === undefined ? undefined : deref(bundled, entry);
        // A 3.2 stream: the item's schema and example stand for the body's.
        const stream = media?.itemSchema !== undefined;
        const schema = stream ? media?.itemSchema : media?.schema;
        return {
          status,
          description: text(response.description) ?? '',
          contentType,
          schema: schema === undefined ? undefined : toJsonSchema(schema),
          example: media ? (mediaExample(bundled, media) ?? itemExample(bundled, media)) : undefined,
          stream: stream || undefined,
        };
      }),
    };
  });

  const components = isObject(bundled.components) ? bundled.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const contract: OperationContract = {
    title: model.title,
    version: model.version,
    serverUrl: model.serverUrl,
    tags: model.tags.map((tag) => ({
      name: tag.name,
      operationIds: tag.operations.map((operation) => operation.operationId),
    })),
    operations,
    defs: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, toJsonSchema(schema)])),
  };
  return parseWith(operationContractSchema, contract, '[contract] operation contract');
}
