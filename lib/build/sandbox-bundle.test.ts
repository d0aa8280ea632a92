// The one-file sandbox as a partner gets it: bundled as the build step bundles it, copied alone into an empty folder
// outside the repository, started with `node`, and called over HTTP. Node runs it with a resolve hook that refuses
// every module but Node's own, and with code generation from strings off (no eval, no new Function), so a bundle
// that needs node_modules at run time, or zod's compiled parsers, fails here.
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { bundleSandbox, type SandboxBundle } from './sandbox-bundle';

/** Registered with --import: any module the bundle asks for but `node:…` stops it with the specifier named. */
const NODE_ONLY = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'export async function resolve(specifier, context, next) {' +
  '  if (context.parentURL === undefined || specifier.startsWith("node:")) return next(specifier, context);' +
  '  throw new Error("the bundle imports " + specifier + " from " + context.parentURL);' +
  '}'));`,
)}`;

let contract: OperationContract;
let bundle: SandboxBundle;
let dir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  contract = await snapshotContract();
  bundle = await bundleSandbox(contract);
  dir = mkdtempSync(path.join(os.tmpdir(), 'kilowise-sandbox-'));
  writeFileSync(path.join(dir, 'kilowise-sandbox.mjs'), bundle.text);
}, 60_000);

afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** `node` on a file of the folder, as a partner runs it but held to Node's own modules and to no eval. */
const runNode = (file: string, args: string[] = []): ChildProcessByStdio<null, Readable, Readable> =>
  spawn(process.execPath, ['--disallow-code-generation-from-strings', '--import', NODE_ONLY, file, ...args], {
    cwd: dir,
    // No module search path and no preloaded module of the test run's.
    env: { ...process.env, NODE_PATH: '', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Starts the sandbox; resolves with its base URL once it logs where it listens. */
function start(): Promise<{ base: string; output: () => string }> {
  const started = runNode('kilowise-sandbox.mjs', ['--port', '0']);
  child = started;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start in 10 s:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+):/.exec(output)?.[1];
      if (base) {
        clearTimeout(timer);
        resolve({ base, output: () => output });
      }
    };
    started.stdout.on('data', read);
    started.stderr.on('data', read);
    started.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (code ${code}) before it listened:\n${output}`));
    });
  });
}

describe('the one-file sandbox', () => {
  it('starts with a banner naming the contract, the command and the bundled licences', () => {
    const [shebang, title, run, licences] = bundle.text.split('\n');
    expect(shebang).toBe('#!/usr/bin/env node');
    expect(title).toContain(`${contract.title} ${contract.version}`);
    expect(run).toContain('node kilowise-sandbox.mjs --port 4010');
    expect(licences).toMatch(/^\/\/ Licences: .*zod \d+\.\d+\.\d+ \(MIT\)/);
    expect(bundle.text).toContain('Copyright (c)');
  });

  it('runs from an empty folder with Node alone, answers the version control and the API, and stops on SIGTERM', async () => {
    const { base, output } = await start();
    expect(output()).toContain(
      `[sandbox] ${contract.title} ${contract.version}, ${contract.operations.length} operations, from the contract built into this file`,
    );
    const version = await fetch(`${base}/__sandbox/version`, { headers: { 'x-api-key': 'k' } });
    expect(version.status).toBe(200);
    expect(await version.json()).toEqual({ title: contract.title, version: contract.version });
    const locations = await fetch(`${base}/v2/kilowise/users/user-4711/locations`, { headers: { 'x-api-key': 'k' } });
    expect(locations.status).toBe(200);
    expect(await locations.json()).toEqual([expect.objectContaining({ id: 'loc-8c1e52', spotPriceAreaId: 'SE3' })]);
    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('GET /v2/kilowise/users/user-4711/locations 200');
  }, 20_000);

  it('is held to what it holds: the same run of a file that imports a package fails, naming it', async () => {
    writeFileSync(path.join(dir, 'imports-a-package.mjs'), "import 'zod';\n");
    const run = runNode('imports-a-package.mjs');
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    expect(await new Promise((resolve) => run.once('exit', resolve))).toBe(1);
    expect(stderr).toContain('the bundle imports zod');
  });
});
