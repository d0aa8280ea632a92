import { execSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium';
import { generateLargeSpec } from './generate-spec';
import { measurePage, type PageFigures } from './measure-page';
import { startNextServer } from './server';

const DIST_DIR = '.next-scale';

/** Runs a command without blocking this process, which serves the spec the build fetches. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`[bench] ${command} ${args.join(' ')} exited with ${code}`))));
  });
}

export interface ScaleFigures {
  operations: number;
  buildSeconds: number;
  runs: PageFigures[];
}

/**
 * Builds the site with a generated spec of `operations` operations (served on loopback as the remote
 * spec), serves it, and loads /api `runs` times. The real build in .next is left alone; the generated
 * model is rebuilt from the snapshot afterwards.
 */
export async function measureScale(operations: number, port: number, runs: number): Promise<ScaleFigures> {
  const body = JSON.stringify(generateLargeSpec(operations));
  const specServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => specServer.listen(0, '127.0.0.1', resolve));
  const specUrl = `http://127.0.0.1:${(specServer.address() as AddressInfo).port}/v3/api-docs`;
  const env = { ...process.env, KILOWISE_OPENAPI_URL: specUrl, KILOWISE_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: '1' };
  // A clean build: no .next-scale and no contentlayer cache from the build before.
  rmSync(DIST_DIR, { recursive: true, force: true });
  rmSync('.contentlayer', { recursive: true, force: true });
  let stopSite: (() => void) | undefined;
  try {
    const started = performance.now();
    await run('npm', ['run', 'build'], env);
    const buildSeconds = (performance.now() - started) / 1000;
    stopSite = await startNextServer(port, env);
    const origin = `http://127.0.0.1:${port}`;
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    const figures: PageFigures[] = [];
    try {
      for (let run = 0; run < runs; run += 1) figures.push(await measurePage(browser, origin, '/api'));
    } finally {
      await browser.close();
    }
    return { operations, buildSeconds, runs: figures };
  } finally {
    stopSite?.();
    specServer.close();
    // Put the real model and fragments back for `npm start` and `npm run dev`.
    execSync('npm run spec:build', { stdio: 'ignore' });
  }
}
