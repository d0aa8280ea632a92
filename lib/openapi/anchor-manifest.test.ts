import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  assertAnchorContract,
  modelAnchors,
  publishAnchors,
  readAnchorManifest,
  readAnchorManifestIfPresent,
  updateAnchorManifest,
} from './anchor-manifest';
import { buildApiModel } from './pipeline';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const model = (name: string) =>
  buildApiModel({ source: { kind: 'snapshot', location: fixture(name) }, fallbackToSnapshot: false });
const manifestFile = fixture('anchors-v30-sessions.json');

describe('anchor contract', () => {
  it('passes when every published anchor is still there', async () => {
    const manifest = await readAnchorManifest(manifestFile);
    const current = await model('v30-sessions.json');
    expect(modelAnchors(current)).toEqual(manifest.anchors);
    const warn = vi.fn();
    expect(() => assertAnchorContract(manifest, current, manifestFile, warn)).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fails the build when a renamed operation would drop a published anchor', async () => {
    const manifest = await readAnchorManifest(manifestFile);
    const renamed = await model('v30-sessions-renamed.json');
    expect(() => assertAnchorContract(manifest, renamed, manifestFile, vi.fn())).toThrow(
      `[openapi] ${manifestFile}: published anchors would disappear: #operation/listSessions; add an alias for each to the anchor it moved to`,
    );
  });

  it('passes with an alias to the new anchor, once the new anchor is published', async () => {
    const manifest = await readAnchorManifest(manifestFile);
    const renamed = await model('v30-sessions-renamed.json');
    const aliased = { ...manifest, aliases: { 'operation/listSessions': 'operation/listChargingSessions' } };
    // The new anchor is not published yet: from the snapshot that fails, naming the command.
    expect(() => assertAnchorContract(aliased, renamed, manifestFile, vi.fn())).toThrow(/npm run spec:anchors/);
    const published = publishAnchors(aliased, renamed);
    expect(published.anchors).toContain('operation/listChargingSessions');
    expect(published.anchors).toContain('operation/listSessions');
    expect(() => assertAnchorContract(published, renamed, manifestFile, vi.fn())).not.toThrow();
  });

  it('rejects an alias that points nowhere', async () => {
    const manifest = await readAnchorManifest(manifestFile);
    const current = await model('v30-sessions.json');
    const broken = { ...manifest, aliases: { 'operation/old': 'operation/gone' } };
    expect(() => assertAnchorContract(broken, current, manifestFile, vi.fn())).toThrow(
      /aliases point to anchors that do not exist: operation\/old → operation\/gone/,
    );
  });

  it('only warns about new anchors from a remote spec', async () => {
    const manifest = await readAnchorManifest(manifestFile);
    const renamed = await model('v30-sessions-renamed.json');
    const remote = { ...renamed, source: { kind: 'url' as const, location: 'https://specs.example.test/v3/api-docs' } };
    const warn = vi.fn();
    const aliased = { ...manifest, aliases: { 'operation/listSessions': 'operation/listChargingSessions' } };
    assertAnchorContract(aliased, remote, manifestFile, warn);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      `1 anchors are not in the manifest yet (#operation/listChargingSessions); run \`npm run spec:anchors\` and commit ${manifestFile}`,
    );
    // The same document as the pinned snapshot fails instead of warning.
    expect(() => assertAnchorContract(aliased, renamed, manifestFile, warn)).toThrow(
      /1 anchors are not in the manifest yet/,
    );
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('names the manifest file when it is missing or malformed', async () => {
    await expect(readAnchorManifest(fixture('no-such-manifest.json'))).rejects.toThrow(
      /no-such-manifest\.json: the anchor manifest is missing/,
    );
    await expect(readAnchorManifest(fixture('v30-sessions.json'))).rejects.toThrow(
      /v30-sessions\.json: field "anchors"/,
    );
  });
});

describe('a manifest that cannot be read is never replaced', () => {
  const withFile = async (content: string | undefined, run: (file: string) => Promise<void>) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'anchors-'));
    const file = path.join(dir, 'anchors.json');
    if (content !== undefined) await writeFile(file, content);
    try {
      await run(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('stops on bad JSON, naming the file, and leaves the file as it was', async () => {
    const corrupt = '{ "anchors": ["operation/listSessions", ';
    await withFile(corrupt, async (file) => {
      const current = await model('v30-sessions.json');
      await expect(updateAnchorManifest(current, file)).rejects.toThrow(
        new RegExp(
          `^\\[openapi\\] ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: the anchor manifest is not valid JSON`,
        ),
      );
      expect(await readFile(file, 'utf8')).toBe(corrupt);
    });
  });

  it('stops on a schema error, naming the field, and leaves the file as it was', async () => {
    const wrong = JSON.stringify({ anchors: ['operation/listSessions'], aliases: {}, extra: true });
    await withFile(wrong, async (file) => {
      await expect(updateAnchorManifest(await model('v30-sessions.json'), file)).rejects.toThrow(`${file}: value`);
      expect(await readFile(file, 'utf8')).toBe(wrong);
    });
  });

  it('starts a manifest only where there is no file', async () => {
    await withFile(undefined, async (file) => {
      const current = await model('v30-sessions.json');
      expect(await readAnchorManifestIfPresent(file)).toBeUndefined();
      const { unpublished } = await updateAnchorManifest(current, file);
      expect(unpublished).toEqual(modelAnchors(current));
      expect((await readAnchorManifest(file)).anchors).toEqual(modelAnchors(current));
    });
  });
});
