// `npm run bench`: a benchmark that prints figures (not a test). Steps: 1. a clean production build, timed;
// 2. `next start` on a free port; 3. mobile page loads in headless Chromium; 4. the figures as a table;
// 5. load: 100 connections for 30 s on `next start` and on nginx serving the static export;
// 6. the site built with three generated OpenAPI documents (the API reference at scale).
// `--no-build` measures the existing build; `--load-only` runs step 5 alone (exporting first if out/ is
// missing), `--scale-only` step 6 alone, `--mcp-only` the MCP server's loads alone (on the existing build; the
// last of them on two instances with Redis, which `--mcp-redis-only` runs alone; `--mcp-attack-only [--port=N]` the
// fifth probe's attack alone), `--sandbox-only [--port=N]` the sandbox simulation's figures alone (no build; the
// flood's sandbox server on port N), `--widgets-only` the feedback widgets' cost alone (on the existing build).
import { execSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { measureApiAxe, type AxeFigures } from './bench/accessibility';
import { measurePage, type PageFigures } from './bench/measure-page';
import { measurePreviewUpdates } from './bench/package-playground';
import { measureRecipeRun, RECIPE_PAGE } from './bench/recipes';
import { measureSandbox } from './bench/sandbox';
import { measureSimulation, printSimulationFigures } from './bench/simulation';
import { measureLanguageSwitch, measureSandboxServer } from './bench/samples';
import { measureMobileQueries, measureSearchDownload, RELEVANCE_QUERIES } from './bench/search';
import { measurePagefind, type PagefindFigures } from './bench/pagefind';
import { startNextServer } from './bench/server';
import { LOAD_CONNECTIONS, LOAD_SECONDS, measureLoad, startStaticServer, type LoadFigures } from './bench/load';
import { measureMcp, measureMcpProbe, type McpFigures, type ProbeFigures } from './bench/mcp';
import { measureMcpAttack, printMcpAttackFigures, type McpAttackFigures } from './bench/mcp-attack';
import { measureInsights } from './bench/insights';
import { measureMcpRedis, printMcpRedisFigures } from './bench/mcp-redis';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium';
import { printMcpFigures, printProbeFigures } from './bench/mcp-figures';
import {
  DOCS_PAGE,
  kb,
  medianFigures,
  PACKAGE_PLAYGROUNDS,
  printAxeFigures,
  printPackagePlaygroundFigures,
  printPlaygroundFigures,
  printRecipeFigures,
  printSampleFigures,
  printWidgetFigures,
} from './bench/page-figures';
import { widgetGzipBytes } from './bench/widget-size';
import { measureWidgetLoads, type WidgetLoadFigures } from './bench/widget-load';
import { measureShapes } from './bench/scale-shapes';
import { printSearchFigures } from './bench/search-figures';
import { SDK_PACKAGES } from '../lib/sdk/packages';

const PORT = 3390;
const SCALE_PORT = 3391;
const STATIC_PORT = 3392;
const PROXY_PORT = 3393;
/** The pages the load test hits: a guide, and the largest page. */
const LOAD_PAGES = ['/docs/smart-charging', '/api'];
/** Loads of /api per generated document. */
const SCALE_RUNS = 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = [
  '/',
  DOCS_PAGE,
  '/docs/smart-charging',
  '/sdk/packages/kilowise-client',
  '/sdk/packages/kilowise-client/typedoc/interfaces/VehiclePreferences',
  '/api',
  '/playground',
  RECIPE_PAGE,
  ...PACKAGE_PLAYGROUNDS,
];
/** The API the contract names: the sandbox answers it in the playground. */
const SERVER_URL = 'https://api.kilowise.io';

/** Loads per page; the table shows the median, since single mobile loads vary by ±30%. */
const RUNS = 5;

function cleanBuild(): number {
  rmSync('.next', { recursive: true, force: true });
  rmSync('.contentlayer', { recursive: true, force: true });
  const started = performance.now();
  execSync('npm run build', {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  return (performance.now() - started) / 1000;
}

/** `npm run build:static` on top of the build, timed. */
function staticExport(): number {
  const started = performance.now();
  execSync('npm run build:static', { stdio: ['ignore', 'ignore', 'inherit'] });
  return (performance.now() - started) / 1000;
}

/** Step 5: each load page on `next start` (already running at ORIGIN) and on nginx with out/. */
async function measureLoads(nextGroup: number): Promise<LoadFigures[]> {
  const figures: LoadFigures[] = [];
  for (const path of LOAD_PAGES) figures.push(await measureLoad('next start', ORIGIN, path, nextGroup));
  const stopProxy = await startStaticServer(PROXY_PORT, PORT);
  try {
    for (const path of LOAD_PAGES)
      figures.push(
        await measureLoad(
          'next start behind nginx-proxy.conf',
          `http://127.0.0.1:${PROXY_PORT}`,
          path,
          stopProxy.pid,
          'nginx',
        ),
      );
  } finally {
    stopProxy();
  }
  const stopStatic = await startStaticServer(STATIC_PORT);
  try {
    for (const path of LOAD_PAGES)
      figures.push(await measureLoad('nginx, out/', `http://127.0.0.1:${STATIC_PORT}`, path, stopStatic.pid, 'nginx'));
  } finally {
    stopStatic();
  }
  return figures;
}

function printLoadFigures(figures: readonly LoadFigures[], staticSeconds: number | undefined): void {
  console.log(
    `\n[bench] load (wrk, 2 threads on the same 2 cores as the server, ${LOAD_CONNECTIONS} connections × ${LOAD_SECONDS} s, gzip accepted)\n`,
  );
  if (staticSeconds !== undefined)
    console.log(
      `\`npm run build:static\` on top of the build, precompression and the link check included: ${staticSeconds.toFixed(1)} s (budget ≤ 20 s)\n`,
    );
  console.log('| Server | Page | Requests/s | p50 | p99 | Errors | Over 2 s | Server memory after |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const f of figures) {
    console.log(
      `| ${f.server} | \`${f.path}\` | ${Math.round(f.requestsPerSecond).toLocaleString('en')} | ${f.p50Ms} ms | ${f.p99Ms} ms | ${f.errors} | ${f.overTwoSeconds} | ${(f.rssBytes / 1024 / 1024).toFixed(0)} MB |`,
    );
  }
  console.log(
    "\nBudgets: nginx with out/: 0 errors, 0 requests over 2 s, p99 ≤ 50 ms; next start (alone, or behind deploy/nginx-proxy.conf): 0 errors, 0 requests over 2 s. Memory behind the proxy is nginx's.",
  );
}

/**
 * The environment of the bench's `next start`: its MCP loads play many agents, each on an address of its own that
 * it names in X-Forwarded-For, as clients behind a proxy on loopback would be; the server trusts that proxy, as
 * a deployment behind deploy/nginx-proxy.conf does (KILOWISE_TRUSTED_PROXIES, lib/security/client-address.ts).
 */
const SERVER_ENV = { ...process.env, KILOWISE_TRUSTED_PROXIES: 'loopback' };

/** `--mcp-only`: the MCP loads on `next start` over the existing build, as step 3 runs them. */
async function measureMcpOnly(): Promise<void> {
  const stopServer = await startNextServer(PORT, SERVER_ENV);
  try {
    for (const load of ['agents', 'saturation'] as const)
      printMcpFigures(await measureMcp(ORIGIN, stopServer.pid, load));
    for (const addresses of ['one', 'many'] as const)
      printProbeFigures(await measureMcpProbe(ORIGIN, stopServer.pid, addresses));
    printMcpAttackFigures(await measureMcpAttack(ORIGIN));
  } finally {
    stopServer();
  }
  printMcpRedisFigures(await measureMcpRedis());
}

/** `--mcp-attack-only`: the fifth probe's attack alone, on `next start` over the existing build (`--port=N`). */
async function measureMcpAttackOnly(): Promise<void> {
  const port = Number(/^--port=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--port=')) ?? '')?.[1] ?? PORT);
  const stopServer = await startNextServer(port, SERVER_ENV);
  try {
    printMcpAttackFigures(await measureMcpAttack(`http://127.0.0.1:${port}`));
  } finally {
    stopServer();
  }
}

/** `--widgets-only`: the feedback widgets' figures alone, on `next start` over the existing build. */
async function measureWidgetsOnly(): Promise<void> {
  const stopServer = await startNextServer(PORT, SERVER_ENV);
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    await measurePage(browser, ORIGIN, DOCS_PAGE);
    printWidgetFigures(await measureWidgetLoads(browser, ORIGIN, DOCS_PAGE), await widgetGzipBytes());
  } finally {
    await browser.close();
    stopServer();
  }
}

/** The modes that run one part of the bench alone (see the head of this file); undefined when none is asked for. */
function aloneMode(): (() => Promise<void>) | undefined {
  if (process.argv.includes('--scale-only')) return () => measureShapes(SCALE_PORT, SCALE_RUNS);
  if (process.argv.includes('--mcp-only')) return measureMcpOnly;
  if (process.argv.includes('--mcp-attack-only')) return measureMcpAttackOnly;
  if (process.argv.includes('--widgets-only')) return measureWidgetsOnly;
  // `--sessions=50` measures the original agents' load (scripts/bench/mcp.ts) on two instances, to compare.
  const sessions = Number(
    /^--sessions=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--sessions=')) ?? '')?.[1] ?? 0,
  );
  if (process.argv.includes('--mcp-redis-only'))
    return async () => printMcpRedisFigures(await measureMcpRedis(sessions > 0 ? sessions : undefined));
  const port = Number(/^--port=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--port=')) ?? '')?.[1] ?? 0);
  if (process.argv.includes('--sandbox-only'))
    return async () => printSimulationFigures(await measureSimulation({ floodPort: port }));
  return undefined;
}

/** What step 3 measures in Chromium and against the running server; `--search-only` measures search's alone. */
interface ServerFigures {
  results: PageFigures[];
  download: Awaited<ReturnType<typeof measureSearchDownload>>;
  mobileQueries: Awaited<ReturnType<typeof measureMobileQueries>>;
  pagefindRun: PagefindFigures;
  sandbox?: Awaited<ReturnType<typeof measureSandbox>>;
  axe?: AxeFigures;
  languages?: Awaited<ReturnType<typeof measureLanguageSwitch>>;
  recipeRun?: Awaited<ReturnType<typeof measureRecipeRun>>;
  mcp: McpFigures[];
  probes: ProbeFigures[];
  attack?: McpAttackFigures;
  previews: { pkg: string; edits: number; p50Ms: number; p95Ms: number }[];
  /** The guide's loads with the feedback widgets on and off, in pairs. */
  widget?: WidgetLoadFigures;
}

/** Step 3: the pages' mobile loads, search, the playgrounds, the recipes, the MCP server and the accessibility check. */
async function measureOnServer(serverGroup: number, searchOnly: boolean): Promise<ServerFigures> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const results: PageFigures[] = [];
  let download: Awaited<ReturnType<typeof measureSearchDownload>>;
  let mobileQueries: Awaited<ReturnType<typeof measureMobileQueries>>;
  let pagefindRun: PagefindFigures;
  let sandbox: Awaited<ReturnType<typeof measureSandbox>> | undefined;
  let axe: AxeFigures | undefined;
  let languages: Awaited<ReturnType<typeof measureLanguageSwitch>> | undefined;
  let recipeRun: Awaited<ReturnType<typeof measureRecipeRun>> | undefined;
  const mcp: McpFigures[] = [];
  const probes: ProbeFigures[] = [];
  let attack: McpAttackFigures | undefined;
  const previews: { pkg: string; edits: number; p50Ms: number; p95Ms: number }[] = [];
  let widget: ServerFigures['widget'];
  try {
    // One unmeasured load warms the server's caches.
    await measurePage(browser, ORIGIN, PAGES[0] ?? '/');
    download = await measureSearchDownload(browser, ORIGIN);
    mobileQueries = await measureMobileQueries(browser, ORIGIN);
    pagefindRun = await measurePagefind(
      browser,
      RELEVANCE_QUERIES.map((entry) => entry.query),
    );
    // Round by round, every page once per round: when the machine's speed drifts during the bench,
    // every page sees the same drift, so the rows stay comparable.
    const runs = new Map<string, PageFigures[]>(PAGES.map((path) => [path, []]));
    for (let run = 0; run < (searchOnly ? 0 : RUNS); run += 1) {
      for (const path of PAGES) runs.get(path)?.push(await measurePage(browser, ORIGIN, path));
    }
    if (!searchOnly) for (const path of PAGES) results.push(medianFigures(runs.get(path) ?? []));
    // The guide with the feedback widgets on and off, in pairs (#52: no change to its blocking time).
    if (!searchOnly) widget = await measureWidgetLoads(browser, ORIGIN, DOCS_PAGE);
    if (!searchOnly) sandbox = await measureSandbox(browser, ORIGIN, SERVER_URL);
    if (!searchOnly) languages = await measureLanguageSwitch(browser, ORIGIN);
    if (!searchOnly) recipeRun = await measureRecipeRun(browser, ORIGIN);
    // The agents' load first, on a server that has not yet held the saturation's heap.
    if (!searchOnly)
      for (const load of ['agents', 'saturation'] as const) mcp.push(await measureMcp(ORIGIN, serverGroup, load));
    if (!searchOnly)
      for (const addresses of ['one', 'many'] as const)
        probes.push(await measureMcpProbe(ORIGIN, serverGroup, addresses));
    if (!searchOnly) attack = await measureMcpAttack(ORIGIN);
    if (!searchOnly) axe = await measureApiAxe(browser, ORIGIN);
    // kilowise-client runs on Run, not on each edit; the other three redraw as the reader types.
    if (!searchOnly)
      for (const pkg of SDK_PACKAGES.filter((name) => name !== 'kilowise-client'))
        previews.push({ pkg, ...(await measurePreviewUpdates(browser, ORIGIN, pkg)) });
  } finally {
    await browser.close();
  }
  return {
    results,
    download,
    mobileQueries,
    pagefindRun,
    sandbox,
    axe,
    languages,
    recipeRun,
    mcp,
    probes,
    attack,
    previews,
    widget,
  };
}

/** Step 4: the figures as tables, with what is measured only now (the samples' server, the simulation, the loads). */
async function printFigures(
  figures: ServerFigures,
  run: {
    buildSeconds: number | undefined;
    staticSeconds: number | undefined;
    serverGroup: number;
    searchOnly: boolean;
  },
): Promise<void> {
  const { results, sandbox, languages, recipeRun, mcp, probes, attack, previews, axe } = figures;
  console.log('\n[bench] 4. figures\n');
  if (run.buildSeconds !== undefined)
    console.log(
      `Clean \`npm run build\` (every step, the link check included): ${run.buildSeconds.toFixed(1)} s (budget ≤ 45 s)\n`,
    );
  console.log('| Page | JS (gzip) | HTML (gzip) | Long tasks | Total blocking time | Longest task |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| \`${r.path}\` | ${kb(r.jsGzipBytes)} | ${kb(r.htmlGzipBytes)} | ${r.longTasks} | ${r.totalBlockingTimeMs} ms | ${r.longestTaskMs} ms |`,
    );
  }
  if (sandbox) printPlaygroundFigures(results, sandbox);
  if (languages) printSampleFigures(languages, await measureSandboxServer());
  if (!run.searchOnly) printSimulationFigures(await measureSimulation());
  if (recipeRun) printRecipeFigures(results, recipeRun);
  for (const entry of mcp) printMcpFigures(entry);
  for (const probe of probes) printProbeFigures(probe);
  if (attack) printMcpAttackFigures(attack);
  if (previews.length > 0) printPackagePlaygroundFigures(results, previews);
  if (axe) printAxeFigures(axe);
  if (figures.widget) printWidgetFigures(figures.widget, await widgetGzipBytes());
  printSearchFigures(figures.download, figures.mobileQueries, figures.pagefindRun);
  if (!run.searchOnly) printLoadFigures(await measureLoads(run.serverGroup), run.staticSeconds);
}

async function main(): Promise<void> {
  const searchOnly = process.argv.includes('--search-only');
  const loadOnly = process.argv.includes('--load-only');
  const alone = aloneMode();
  if (alone) return alone();
  const skipBuild = searchOnly || loadOnly || process.argv.includes('--no-build');
  console.log(
    skipBuild ? '[bench] 1. using the existing build' : '[bench] 1. clean production build, then its static export',
  );
  const buildSeconds = skipBuild ? undefined : cleanBuild();
  const staticSeconds = !skipBuild || (loadOnly && !existsSync('out/index.html')) ? staticExport() : undefined;
  if (loadOnly) {
    const stopNext = await startNextServer(PORT);
    try {
      printLoadFigures(await measureLoads(stopNext.pid), staticSeconds);
    } finally {
      stopNext();
    }
    return;
  }

  console.log('[bench] 2. next start');
  const stopServer = await startNextServer(PORT, SERVER_ENV);
  try {
    console.log(
      `[bench] 3. mobile loads in Chromium (4x CPU slowdown), ${RUNS} rounds over every page, the median load of each`,
    );
    const figures = await measureOnServer(stopServer.pid, searchOnly);
    await printFigures(figures, { buildSeconds, staticSeconds, serverGroup: stopServer.pid, searchOnly });
  } finally {
    stopServer();
  }
  if (searchOnly) return;
  // /mcp on two instances with Redis: instances of their own, once the single server has stopped.
  printMcpRedisFigures(await measureMcpRedis());
  // Reader insights, in this process, once the servers have stopped (also alone: npm run bench:insights).
  await measureInsights();

  await measureShapes(SCALE_PORT, SCALE_RUNS);
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
