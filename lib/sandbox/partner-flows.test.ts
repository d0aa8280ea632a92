// A partner's scripts, written by a reader who had only the served docs and the sandbox, follow the guides in Python
// and assert what each page states (e2e/partner-flows/*.py; each assertion names its page). They run strict here:
// a statement of the docs that the sandbox contradicts fails the test.
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotContract } from '../contract/snapshot';
import { listenOnLoopback } from '../../scripts/testing/loopback';
import { ensurePython } from '../../scripts/testing/python';
import { createSandboxServer } from './server';

const FLOWS_DIR = 'e2e/partner-flows';
const FLOWS = readdirSync(FLOWS_DIR).filter((name) => name.endsWith('.py'));

let server: Server;
let base: string;
let python: string;

beforeAll(async () => {
  python = ensurePython();
  server = createSandboxServer(await snapshotContract(), { log: () => {} });
  base = await listenOnLoopback(server);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function run(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [path.join(FLOWS_DIR, file)], {
      env: { ...process.env, KILOWISE_SANDBOX_URL: base, KILOWISE_STRICT: '1', PYTHONUNBUFFERED: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe("a partner's flows, as the guides describe them, against the sandbox server", () => {
  it('are the three integrations: Smartcar charging, OCPP and Wallbox onboarding, prices in the area time', () => {
    expect(FLOWS).toEqual(['ocpp_wallbox_onboarding.py', 'smartcar_charging.py', 'todays_prices.py']);
  });

  it.each(FLOWS)(
    '%s passes, every statement of the docs it checks holding',
    async (file) => {
      const { code, output } = await run(file);
      const failure = output
        .split('\n')
        .filter((line) => /ASSERTION FAILED|Traceback|Error/.test(line))
        .join('\n');
      expect(code, `${file} exited ${code}:\n${failure || output.slice(-2000)}`).toBe(0);
      expect(output).toMatch(/ ok /);
    },
    120_000,
  );
});
