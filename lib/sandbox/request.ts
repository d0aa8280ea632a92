import type { ContractOperation, ContractParameter } from '../contract/operation-contract';
import { parameterValue } from '../contract/request-draft';
import { WORLD_LIMITS } from './domain/model';
import type { SchemaProblem, SchemaValidator } from './validator';

/** A request as the sandbox reads it. */
export interface IncomingRequest {
  method: string;
  url: URL;
  headers: Headers;
  bodyText: string;
}

/** The parameters that name the partner's user: the sandbox keeps a record under each, so their length is bounded. */
const USER_ID_PARAMETERS = new Set(['userid', 'x-user-id']);

/** A request that passed the contract's checks: typed parameter values by name, and the parsed body. */
export interface CheckedRequest {
  params: Record<string, unknown>;
  body: unknown;
  /** The header the API key came in, when the operation needs one. */
  apiKey?: string;
}

/**
 * Why a request was refused, for the request log: the rule (a JSON Schema keyword such as `required` or `maximum`, or
 * one of the sandbox's own: `api-key`, `content-type`, `depth`, `json`), where in the request (`in` and the
 * parameter's `name`, or a JSON Pointer into the body) and, for a schema's rule, where it is in the contract.
 */
export interface RefusalReason {
  rule: string;
  in?: 'path' | 'query' | 'header' | 'cookie' | 'body';
  name?: string;
  pointer?: string;
  schemaPointer?: string;
}

/** An answer the checks give instead: 400 or 401 with the message of the contract's `Error` body, and why. */
export interface Refusal {
  status: 400 | 401;
  message: string;
  reason: RefusalReason;
}

/** The reason a schema's problem gives, at `place` of the request. */
function schemaReason(problem: SchemaProblem, place: Pick<RefusalReason, 'in' | 'name'>): RefusalReason {
  return {
    rule: problem.keyword ?? 'schema',
    ...place,
    ...(problem.pointer !== undefined && place.in === 'body' ? { pointer: problem.pointer } : {}),
    ...(problem.schemaPointer !== undefined ? { schemaPointer: problem.schemaPointer } : {}),
  };
}

/** The deepest nesting the sandbox reads in a body: deeper JSON is refused before it is parsed or validated. */
export const MAX_BODY_DEPTH = 64;

/** How deep a JSON text nests its arrays and objects, read without parsing (strings skipped), stopping past `limit`. */
export function jsonDepth(text: string, limit = MAX_BODY_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92)
        index += 1; // a backslash escapes the next character
      else if (char === 34) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 || char === 91) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 125 || char === 93) depth -= 1;
  }
  return deepest;
}

const label = (parameter: ContractParameter) => `Parameter "${parameter.name}" (${parameter.in})`;

function rawValue(
  parameter: ContractParameter,
  request: IncomingRequest,
  pathParams: Record<string, string>,
): string | undefined {
  if (parameter.in === 'path') return pathParams[parameter.name];
  if (parameter.in === 'header') return request.headers.get(parameter.name) ?? undefined;
  if (parameter.in === 'query') {
    const values = request.url.searchParams.getAll(parameter.name);
    return values.length === 0 ? undefined : values.join(',');
  }
  return undefined;
}

/** The API key from the operation's header (none when the operation needs none), or 401 when it is missing. */
function checkApiKey(operation: ContractOperation, request: IncomingRequest): { apiKey?: string } | Refusal {
  if (!operation.apiKeyHeader) return {};
  const apiKey = request.headers.get(operation.apiKeyHeader)?.trim();
  if (!apiKey)
    return {
      status: 401,
      message: `Missing API key: send your partner API key in the ${operation.apiKeyHeader} header`,
      reason: { rule: 'api-key', in: 'header', name: operation.apiKeyHeader },
    };
  return { apiKey };
}

/**
 * One parameter's typed value (none when it is absent and has no default: it is left out), or 400 naming it:
 * required, of the wrong type, against its schema, or a user id past the sandbox's limit.
 */
function checkParameter(
  parameter: ContractParameter,
  text: string | undefined,
  validator: SchemaValidator,
): { value?: unknown } | Refusal {
  const place = { in: parameter.in, name: parameter.name } as const;
  if (text === undefined || text === '') {
    if (parameter.required)
      return { status: 400, message: `${label(parameter)} is required`, reason: { rule: 'required', ...place } };
    // An absent parameter takes the contract's default, as the API applies it.
    const fallback = typeof parameter.schema === 'object' ? parameter.schema.default : undefined;
    return fallback === undefined ? {} : { value: fallback };
  }
  const coerced = parameterValue(parameter, text);
  if ('problem' in coerced)
    return {
      status: 400,
      message: `${label(parameter)} ${coerced.problem}, got "${text}"`,
      reason: { rule: 'type', ...place },
    };
  const problem = validator.check(parameter.schema, coerced.value);
  if (problem)
    return {
      status: 400,
      message: `${label(parameter)} ${problem.message}, got "${text}"`,
      reason: schemaReason(problem, place),
    };
  if (USER_ID_PARAMETERS.has(parameter.name.toLowerCase()) && text.length > WORLD_LIMITS.userIdLength)
    return {
      status: 400,
      message: `${label(parameter)} is longer than the sandbox's limit of ${WORLD_LIMITS.userIdLength} characters for a user id`,
      reason: { rule: 'sandbox-limit', ...place },
    };
  return { value: coerced.value };
}

/** The operation's parameters as typed values by name, or the first parameter's refusal. */
function checkParameters(
  operation: ContractOperation,
  request: IncomingRequest,
  pathParams: Record<string, string>,
  validator: SchemaValidator,
): { params: Record<string, unknown> } | Refusal {
  const params: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    const checked = checkParameter(parameter, rawValue(parameter, request, pathParams), validator);
    if ('status' in checked) return checked;
    if ('value' in checked) params[parameter.name] = checked.value;
  }
  return { params };
}

/**
 * The body as JSON, or 400: one sent as a form or as text (curl's -d without -H sends a form) is refused as a server
 * that reads only JSON refuses it (the contract documents no 415); a body with no Content-Type is read as JSON.
 */
function parseJsonBody(
  request: IncomingRequest,
  spec: NonNullable<ContractOperation['requestBody']>,
): { body: unknown } | Refusal {
  const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType && mediaType !== 'application/json' && !mediaType.endsWith('+json'))
    return {
      status: 400,
      message: `Header "Content-Type" is ${mediaType.slice(0, 100)}, but the body is ${spec.contentType}: send Content-Type: ${spec.contentType}`,
      reason: { rule: 'content-type', in: 'header', name: 'content-type' },
    };
  if (jsonDepth(request.bodyText) > MAX_BODY_DEPTH)
    return {
      status: 400,
      message: `Request body nests deeper than ${MAX_BODY_DEPTH} levels, the sandbox's limit`,
      reason: { rule: 'depth', in: 'body' },
    };
  try {
    return { body: JSON.parse(request.bodyText) as unknown };
  } catch (error) {
    return {
      status: 400,
      message: `Request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      reason: { rule: 'json', in: 'body' },
    };
  }
}

/** The body (undefined when the operation takes none, or an optional one is empty), or 400 naming what is wrong. */
function checkBody(
  operation: ContractOperation,
  request: IncomingRequest,
  validator: SchemaValidator,
): { body: unknown } | Refusal {
  const spec = operation.requestBody;
  if (!spec) return { body: undefined };
  if (request.bodyText.trim() === '') {
    return spec.required
      ? { status: 400, message: 'Request body is required', reason: { rule: 'required', in: 'body' } }
      : { body: undefined };
  }
  const parsed = parseJsonBody(request, spec);
  if ('status' in parsed) return parsed;
  const problem = spec.schema === undefined ? undefined : validator.check(spec.schema, parsed.body);
  if (problem) {
    return {
      status: 400,
      message:
        (problem.field
          ? `Request body: field "${problem.field}" ${problem.message}`
          : `Request body ${problem.message}`) + (problem.got === undefined ? '' : `, got ${problem.got}`),
      reason: schemaReason(problem, { in: 'body' }),
    };
  }
  return parsed;
}

/**
 * Checks a request against its operation before anything else runs, in the order a server does:
 * the API key (401), then each parameter and the body (400). Messages name the field at fault.
 */
export function checkRequest(
  operation: ContractOperation,
  request: IncomingRequest,
  pathParams: Record<string, string>,
  validator: SchemaValidator,
): CheckedRequest | Refusal {
  const key = checkApiKey(operation, request);
  if ('status' in key) return key;
  const parameters = checkParameters(operation, request, pathParams, validator);
  if ('status' in parameters) return parameters;
  const checked = checkBody(operation, request, validator);
  if ('status' in checked) return checked;
  return { params: parameters.params, body: checked.body, apiKey: key.apiKey };
}
