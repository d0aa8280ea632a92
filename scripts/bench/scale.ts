import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { SPEC_STATS_PATH, type SpecStepStats } from '../../lib/openapi/load';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium';
import { measurePage, type PageFigures } from './measure-page';
import { startNextServer } from './server';

const DIST_DIR = '.next-scale';

/** The switches for a document that is not the Kilowise contract: no anchor manifest, SDK joins or guide API checks. */
export const FOREIGN_DOCUMENT_ENV = {
  KILOWISE_ANCHOR_MANIFEST: 'off',
  KILOWISE_SDK_LINKS: 'off',
  KILOWISE_GUIDE_API_LINKS: 'off',
} as const;

/** Runs a command without blocking this process, which serves the spec the build fetches. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`[bench] ${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Serves `body` as the remote OpenAPI document on loopback; returns its URL and the function that stops it. */
export async function serveDocument(
  body: string,
  contentType = 'application/json',
): Promise<{ url: string; stop: () => void }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const file = contentType.includes('yaml') ? 'openapi.yaml' : 'openapi.json';
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${file}`, stop: () => server.close() };
}

/**
 * `npm run build` into `distDir` from a document that is not the Kilowise contract, served on loopback as the remote
 * spec with the contract's checks off; afterwards the contract's model is rebuilt, for `npm run dev` and the link
 * check of the next build (the e2e builds of a large and of an OpenAPI 3.2 document).
 */
export async function buildForeignSite(body: string, distDir: string, contentType = 'application/json'): Promise<void> {
  const served = await serveDocument(body, contentType);
  try {
    await run('npm', ['run', 'build'], {
      ...process.env,
      ...FOREIGN_DOCUMENT_ENV,
      KILOWISE_OPENAPI_URL: served.url,
      KILOWISE_DIST_DIR: distDir,
    });
  } finally {
    served.stop();
  }
  await run('npm', ['run', 'spec:build'], process.env);
}

/** A generated document to build the site with, and anchors deep in it whose cold loads must land. */
export interface Shape {
  name: string;
  document: unknown;
  anchors: string[];
}

export interface AnchorLanding {
  anchor: string;
  /** Where the target's top ended up, from the top of the viewport. */
  topPx: number | undefined;
  landed: boolean;
}

export interface ShapeFigures {
  name: string;
  documentBytes: number;
  spec: SpecStepStats;
  buildSeconds: number;
  runs: PageFigures[];
  landings: AnchorLanding[];
}

/** How far below the sticky navbar (or the top, when a jump to an anchor has hidden it) a landed target's top may sit. */
const LANDED_BAND_PX = 120;

/** A cold load of `/api#{anchor}` on a desktop screen: where the target is once the page is idle. */
async function coldLoad(browser: Browser, origin: string, anchor: string): Promise<AnchorLanding> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/api#${anchor}`, { waitUntil: 'networkidle' });
    const target = page.locator(`[id="${anchor}"]`);
    await target.waitFor({ state: 'attached', timeout: 15_000 }).catch(() => undefined);
    await page.waitForTimeout(1500);
    const navbarBottom = Math.max(
      0,
      await page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => nav.getBoundingClientRect().bottom),
    );
    const topPx = (await target.count()) > 0 ? ((await target.boundingBox())?.y ?? undefined) : undefined;
    return {
      anchor,
      topPx,
      landed: topPx !== undefined && topPx >= navbarBottom - 1 && topPx < navbarBottom + LANDED_BAND_PX,
    };
  } finally {
    await context.close();
  }
}

/**
 * Builds the whole site with a generated document (served on loopback as the remote spec, with the
 * contract's checks off), serves it, loads /api `runs` times with the mobile profile, and cold-loads each of
 * the shape's anchors. The real build in .next is left alone; the contract's model is rebuilt afterwards.
 */
export async function measureShape(shape: Shape, port: number, runs: number): Promise<ShapeFigures> {
  const body = JSON.stringify(shape.document);
  const served = await serveDocument(body);
  const env = {
    ...process.env,
    ...FOREIGN_DOCUMENT_ENV,
    KILOWISE_OPENAPI_URL: served.url,
    KILOWISE_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
  };
  // A clean build: no .next-scale and no contentlayer cache from the build before.
  rmSync(DIST_DIR, { recursive: true, force: true });
  rmSync('.contentlayer', { recursive: true, force: true });
  let stopSite: (() => void) | undefined;
  try {
    const started = performance.now();
    await run('npm', ['run', 'build'], env);
    const buildSeconds = (performance.now() - started) / 1000;
    const spec = JSON.parse(readFileSync(SPEC_STATS_PATH, 'utf8')) as SpecStepStats;
    stopSite = await startNextServer(port, env);
    const origin = `http://127.0.0.1:${port}`;
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    const figures: PageFigures[] = [];
    const landings: AnchorLanding[] = [];
    try {
      for (let round = 0; round < runs; round += 1) figures.push(await measurePage(browser, origin, '/api'));
      for (const anchor of shape.anchors) landings.push(await coldLoad(browser, origin, anchor));
    } finally {
      await browser.close();
    }
    return { name: shape.name, documentBytes: Buffer.byteLength(body), spec, buildSeconds, runs: figures, landings };
  } finally {
    stopSite?.();
    served.stop();
    // Put the real model and fragments back for `npm start` and `npm run dev`.
    await run('npm', ['run', 'spec:build'], { ...process.env });
  }
}
