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
import { loadRecipe, RECIPES_DIR, RECIPE_SUFFIX } from './load';

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

/**
 * The recipes in groups whose inputs agree, each with the inputs to give respect: an input with no default (an id)
 * takes its example, the sandbox's sample data. respect's `--input` holds for every workflow of a run, so two
 * recipes whose examples differ for one name (a car's and a heat pump's `deviceId`) run apart.
 */
async function groups(files: string[]): Promise<{ files: string[]; inputs: Record<string, string> }[]> {
  const contract = await snapshotContract();
  const found: { files: string[]; inputs: Record<string, string> }[] = [];
  for (const file of files) {
    const { workflow } = await loadRecipe(file, contract);
    const inputs = Object.fromEntries(
      Object.entries(workflow.inputs.properties).flatMap(([name, property]) =>
        property.default === undefined && property.examples?.[0] !== undefined
          ? [[name, String(property.examples[0])]]
          : [],
      ),
    );
    const group = found.find((candidate) =>
      Object.entries(inputs).every(
        ([name, value]) => candidate.inputs[name] === undefined || candidate.inputs[name] === value,
      ),
    );
    if (group) {
      group.files.push(file);
      Object.assign(group.inputs, inputs);
    } else found.push({ files: [file], inputs });
  }
  return found;
}

function respect(
  files: string[],
  inputs: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
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
        ...Object.entries(inputs).flatMap(([name, value]) => ['--input', `${name}=${value}`]),
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
    let passed = 0;
    for (const group of await groups(files)) {
      const { code, output } = await respect(group.files, group.inputs);
      const failures = output.split('\n').filter((line) => /✗|failed/i.test(line) && !/0 failed/.test(line));
      expect(code, `respect exited ${code}:\n${failures.join('\n') || output.slice(-3000)}`).toBe(0);
      // respect sums up each file on its own: one workflow each, every one passed.
      passed += (output.match(/Workflows: 1 passed, 1 total/g) ?? []).length;
    }
    expect(passed).toBe(files.length);
  }, 180_000);
});
