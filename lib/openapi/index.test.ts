import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiModel } from './model';
import { buildApiModel } from './pipeline';

// What the site's pages read at run time: the model and the document `spec:build` wrote to .generated/, under the
// working directory. Each test loads the module afresh (it keeps the model once read) in a folder of its own.
let model: ApiModel;
const folders: string[] = [];

function projectWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'kilowise-openapi-index-'));
  folders.push(root);
  mkdirSync(path.join(root, '.generated'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, '.generated', name), text);
  return root;
}

/** What `run` threw (undefined when it did not). */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function loadIn(root: string) {
  vi.spyOn(process, 'cwd').mockReturnValue(root);
  vi.resetModules();
  return import('./index');
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the API model and document the site was built with', () => {
  beforeAll(async () => {
    model = await buildApiModel({
      source: { kind: 'snapshot', location: path.join(import.meta.dirname, 'fixtures', 'v30-sessions.json') },
      fallbackToSnapshot: false,
    });
  });

  it('reads the model once, and finds an operation by id or by the endpoint a guide names', async () => {
    const root = projectWith({ 'api-model.json': JSON.stringify(model) });
    const api = await loadIn(root);
    const read = api.getApiModel();
    expect(read.tags.map((tag) => tag.name)).toEqual(model.tags.map((tag) => tag.name));
    expect(api.getOperationById('listSessions')).toMatchObject({ operationId: 'listSessions', method: 'get' });
    expect(api.getOperationById('deleteSessions')?.operationId).toBe('deleteSessions');
    expect(api.getOperationById('nothing')).toBeUndefined();
    const listed = api.getOperationById('listSessions');
    expect(listed && api.findOperation('GET', listed.path.replace(/\{[^}]+\}/g, 'dev-1'))).toBe(listed);
    expect(api.findOperation('PATCH', '/nowhere')).toBeUndefined();
    // Kept once read: the file going away changes nothing for this process.
    rmSync(path.join(root, '.generated', 'api-model.json'));
    expect(api.getApiModel()).toBe(read);
    expect(api.getOperationById('listSessions')).toBe(listed);
  });

  it('names the command to run when the model is missing, and the file when it is malformed', async () => {
    const missing = await loadIn(projectWith({}));
    expect(thrownBy(() => missing.getApiModel())).toMatchObject({
      message: '[openapi] .generated/api-model.json is missing: run `npm run spec:build` (part of `npm run build`)',
      cause: { code: 'ENOENT' },
    });
    const malformed = await loadIn(projectWith({ 'api-model.json': JSON.stringify({ tags: 'none' }) }));
    expect(() => malformed.getApiModel()).toThrow('.generated/api-model.json');
  });

  it('reads the built OpenAPI document as written, and names the command to run when it is missing', async () => {
    const text = '{"openapi":"3.1.0","info":{"title":"Kilowise","version":"2"},"paths":{}}';
    expect((await loadIn(projectWith({ 'openapi.json': text }))).readBuiltDocument()).toBe(text);
    const missing = await loadIn(projectWith({}));
    expect(thrownBy(() => missing.readBuiltDocument())).toMatchObject({
      message: '[openapi] .generated/openapi.json is missing: run `npm run spec:build` (part of `npm run build`)',
      cause: { code: 'ENOENT' },
    });
  });
});
