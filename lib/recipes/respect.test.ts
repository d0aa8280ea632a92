// The recipes hold to a runner no one here wrote: Redocly's `respect` (@redocly/cli, pinned) runs every recipe,
// unmodified, against the sandbox server, checking each step's success criteria and each answer against the
// contract (status, content type, schema). The API key is each recipe's own `apiKey` input.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotContract } from '../contract/snapshot';
import { createSandboxServer } from '../sandbox/server';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import { RECIPES_DIR, RECIPE_SUFFIX } from './load';

const CLI = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
let server: Server;
let base: string;

beforeAll(async () => {
  server = createSandboxServer(await snapshotContract(), { log: () => {} });
  base = await listenOnLoopback(server);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function respect(files: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        CLI,
        'respect',
        ...files,
        '--server',
        `kilowise=${base}`,
        '--server',
        `sandbox=${base}`,
        '--input',
        'apiKey=respect-ci',
      ],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe("Redocly's respect", () => {
  it('runs every recipe green against the sandbox server, unmodified', async () => {
    const files = readdirSync(RECIPES_DIR)
      .filter((name) => name.endsWith(RECIPE_SUFFIX))
      .map((name) => path.join(RECIPES_DIR, name));
    expect(files.length).toBeGreaterThan(0);
    const { code, output } = await respect(files);
    const failures = output.split('\n').filter((line) => /✗|failed/i.test(line) && !/0 failed/.test(line));
    expect(code, `respect exited ${code}:\n${failures.join('\n') || output.slice(-3000)}`).toBe(0);
    // respect sums up each file on its own: one workflow each, every one passed.
    expect(output.match(/Workflows: 1 passed, 1 total/g) ?? []).toHaveLength(files.length);
  }, 180_000);
});
