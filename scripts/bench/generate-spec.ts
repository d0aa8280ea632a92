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
  let count = Object.values(base.paths).reduce((sum, item) => sum + HTTP_METHODS.filter((method) => item[method]).length, 0);
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
