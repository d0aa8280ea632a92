import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { HTTP_METHODS } from '../../lib/openapi/model';

type Json = Record<string, unknown>;

/**
 * A large spec for scale tests: the Kilowise contract plus copies of its operations under extra tags
 * ("Fleet group N", paths under /v9/fleet-N), until it has `operations` operations. Every anchor of the
 * real contract stays, so the anchor contract holds.
 */
export function generateLargeSpec(operations: number, basePath = 'content/openapi/kilowise-openapi.yaml'): Json {
  const base = parse(readFileSync(basePath, 'utf8')) as Json & { paths: Record<string, Json>; tags: Json[] };
  const paths: Record<string, Json> = { ...base.paths };
  const tags = [...base.tags];
  let count = Object.values(base.paths).reduce(
    (sum, item) => sum + HTTP_METHODS.filter((method) => item[method]).length,
    0,
  );
  for (let group = 1; count < operations; group += 1) {
    const tag = `Fleet group ${group}`;
    tags.push({ name: tag, description: `Copies of the partner API for fleet ${group}, to test a large reference.` });
    for (const [path, item] of Object.entries(base.paths)) {
      if (count >= operations) break;
      const copy: Json = { ...item };
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Json | undefined;
        if (!operation) continue;
        if (count >= operations) {
          delete copy[method];
          continue;
        }
        copy[method] = { ...operation, tags: [tag], operationId: `${String(operation.operationId)}Fleet${group}` };
        count += 1;
      }
      paths[path.replace(/^\/v\d+/, `/v9/fleet-${group}`)] = copy;
    }
  }
  return { ...base, tags, paths };
}

/**
 * A deep shared-schema DAG, the shape that makes in-place expansion exponential: `Node{i}` refers to `Node{i+1}`
 * twice (a field, and an anyOf with a null) down to `depth`, and `operations` operations return its levels.
 */
export function generateDagSpec(depth: number, operations = 8): Json {
  const schemas: Record<string, Json> = {};
  for (let level = 0; level <= depth; level += 1) {
    const next = level < depth ? { $ref: `#/components/schemas/Node${level + 1}` } : { type: 'string' };
    schemas[`Node${level}`] = {
      type: 'object',
      description: `Level ${level} of the shared tree: a device group, its schedule and the tariff it follows, with the next level below it.`,
      required: ['id', 'primary'],
      properties: {
        id: {
          type: 'string',
          format: 'uuid',
          description: `Identifier of this level (${level}), stable across sessions.`,
        },
        label: {
          type: ['string', 'null'],
          description: 'What the partner calls this group in their own app.',
          examples: ['Garage', 'Heat pump'],
        },
        updatedAt: { type: 'string', format: 'date-time', readOnly: true, description: 'When the group last changed.' },
        priority: {
          type: 'integer',
          minimum: 0,
          maximum: 10,
          default: 5,
          description: 'Higher runs first when the grid is constrained.',
        },
        primary: next,
        fallback: {
          anyOf: [next, { type: 'integer', description: 'The id of a level kept elsewhere.' }, { type: 'null' }],
          description: 'The level to use when the primary one is unavailable.',
        },
      },
    };
  }
  const paths: Record<string, Json> = {};
  for (let index = 0; index < operations; index += 1) {
    const level = index % 4;
    paths[`/trees/${index}`] = {
      get: {
        operationId: `getTree${index}`,
        summary: `Get tree ${index}`,
        description: `Returns the shared tree from level ${level}, with every level below it. Partners call it when they sync a site's device groups, usually once a night and after every change the user makes.`,
        tags: [`Trees ${Math.floor(index / 50)}`],
        parameters: [
          {
            name: 'siteId',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            description: 'The site whose tree to return.',
          },
          {
            name: 'depth',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: 64 },
            description: 'How many levels to return; all when absent.',
          },
        ],
        responses: {
          '200': {
            description: 'The tree.',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/Node${level}` } } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `Shared DAG of depth ${depth}`, version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: { schemas },
  };
}

/** A small deterministic generator, so every run builds the same document. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS = [
  'charging',
  'session',
  'vehicle',
  'charger',
  'tariff',
  'price',
  'location',
  'schedule',
  'heating',
  'comfort',
  'energy',
  'meter',
  'device',
  'partner',
  'battery',
  'window',
];

/**
 * A large API shaped like the public documents that broke in-place expansion: `operations` operations over 60
 * tags, `schemas` component schemas that refer to each other (each to a few later ones, with arrays, allOf and
 * anyOf), error responses shared by every operation, and a description of `descriptionWords` words on each
 * schema, field, operation and parameter.
 */
export function generateWideSpec(operations: number, schemas: number, descriptionWords = 30): Json {
  const random = seeded(operations * 7 + schemas);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sentence = (words: number) => {
    const text = Array.from({ length: words }, () => pick(WORDS)).join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const writer: WideWriter = {
    pick,
    describe: () => sentence(descriptionWords),
    ref: (index) => ({ $ref: `#/components/schemas/Model${index % schemas}` }),
  };
  // In this order: each part draws from the one seeded sequence, so the same sizes give the same document.
  const components = wideSchemas(schemas, writer);
  const paths = widePaths(operations, writer);
  const webhooks = wideWebhooks(writer);
  return {
    openapi: '3.1.0',
    info: { title: `Generated API, ${operations} operations and ${schemas} schemas`, version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    webhooks,
    components: { schemas: components },
  };
}

/** What the parts of a wide document are written with: the seeded choice, a description, a ref to a model. */
interface WideWriter {
  pick: <T>(list: readonly T[]) => T;
  describe: () => string;
  ref: (index: number) => Json;
}

/** The shared Error and `schemas` models, each referring to a few later ones; every tenth extends the one before. */
function wideSchemas(schemas: number, { describe, ref }: WideWriter): Record<string, Json> {
  const components: Record<string, Json> = {
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string', enum: ['NOT_FOUND', 'INVALID', 'CONFLICT'] }, message: { type: 'string' } },
    },
  };
  for (let index = 0; index < schemas; index += 1) {
    const properties: Record<string, Json> = {
      id: { type: 'string', format: 'uuid', description: describe() },
      name: { type: ['string', 'null'], description: describe(), examples: ['Home', 'Office'] },
      createdAt: { type: 'string', format: 'date-time', readOnly: true },
      status: { type: 'string', enum: ['ACTIVE', 'PAUSED', 'REMOVED'], description: describe() },
      amount: { type: 'number', minimum: 0, maximum: 1_000_000 },
    };
    for (let link = 1; link <= 3 && index + link < schemas; link += 1)
      properties[`related${link}`] = link === 2 ? { type: 'array', items: ref(index + link) } : ref(index + link);
    if (index + 4 < schemas)
      properties.choice = { anyOf: [ref(index + 4), ref(index + 5), { type: 'null' }], description: describe() };
    const own = { type: 'object', description: describe(), required: ['id', 'status'], properties };
    components[`Model${index}`] =
      index % 10 === 9
        ? {
            allOf: [ref(index - 1), { type: 'object', required: ['name'], properties: { extra: { type: 'boolean' } } }],
            description: describe(),
          }
        : own;
  }
  return components;
}

/** `operations` operations over 60 tags, four methods a path, with the error responses every one shares. */
function widePaths(operations: number, { pick, describe, ref }: WideWriter): Record<string, Json> {
  const paths: Record<string, Json> = {};
  const errors = Object.fromEntries(
    ['400', '404', '409'].map((status) => [
      status,
      {
        description: 'The request failed.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  for (let index = 0; index < operations; index += 1) {
    const group = index % 60;
    const path = `/v1/group-${group}/items-${Math.floor(index / 4)}/{itemId}`;
    const method = (['get', 'put', 'post', 'delete'] as const)[index % 4] ?? 'get';
    const item = (paths[path] ??= {});
    item[method] = {
      operationId: `operation${index}`,
      summary: `${pick(['List', 'Get', 'Update', 'Create', 'Delete'])} ${pick(WORDS)} ${index}`,
      description: describe(),
      tags: [`Group ${group}`],
      parameters: [
        { name: 'itemId', in: 'path', required: true, schema: { type: 'string' }, description: describe() },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      ],
      ...(method === 'post' || method === 'put'
        ? { requestBody: { required: true, content: { 'application/json': { schema: ref(index * 7) } } } }
        : {}),
      responses: {
        '200': { description: describe(), content: { 'application/json': { schema: ref(index * 13) } } },
        ...errors,
      },
    };
  }
  return paths;
}

/** Sixteen webhooks (OpenAPI 3.1), each posting one of the models. */
function wideWebhooks({ describe, ref }: WideWriter): Record<string, Json> {
  return Object.fromEntries(
    Array.from({ length: 16 }, (_, index) => [
      `event${index}`,
      {
        post: {
          summary: `Event ${index} happened`,
          description: describe(),
          requestBody: { content: { 'application/json': { schema: ref(index * 31) } } },
          responses: { '200': { description: 'Received.' } },
        },
      },
    ]),
  );
}
