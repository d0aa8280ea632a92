// `npm run bench`: a benchmark that prints figures (not a test). Steps: 1. a clean production build, timed;
// 2. `next start` on a free port; 3. mobile page loads in headless Chromium; 4. the figures as a table;
// 5. load: 100 connections for 30 s on `next start` and on nginx serving the static export;
// 6. the site built with three generated OpenAPI documents (the API reference at scale).
// `--no-build` measures the existing build; `--load-only` runs step 5 alone (exporting first if out/ is
// missing), `--scale-only` step 6 alone, `--mcp-only` the MCP server's loads alone (on the existing build; the
// last of them on two instances with Redis, which `--mcp-redis-only` runs alone; `--mcp-attack-only [--port=N]` the
// fifth probe's attack alone), `--sandbox-only` the sandbox simulation's figures alone (no build).
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
import { generateDagSpec, generateWideSpec } from './bench/generate-spec';
import { measureShape, type Shape, type ShapeFigures } from './bench/scale';
import {
  generatedSiteIndex,
  measureOurs,
  measureQueries,
  measureMobileQueries,
  measureSearchDownload,
  measureSiteRelevance,
  readSiteIndex,
  RELEVANCE_QUERIES,
  type SiteIndex,
} from './bench/search';
import { measurePagefind, type PagefindFigures } from './bench/pagefind';
import { formatRelevance, RELEVANCE_BARS, RELEVANCE_BUDGETS } from '../lib/search/relevance';
import { startNextServer } from './bench/server';
import { LOAD_CONNECTIONS, LOAD_SECONDS, measureLoad, startStaticServer, type LoadFigures } from './bench/load';
import {
  AFTER_MARGIN_BYTES,
  measureMcp,
  measureMcpProbe,
  PROBE,
  type McpFigures,
  type ProbeFigures,
} from './bench/mcp';
import { measureMcpAttack, printMcpAttackFigures, type McpAttackFigures } from './bench/mcp-attack';
import { measureInsights } from './bench/insights';
import { measureMcpRedis, printMcpRedisFigures } from './bench/mcp-redis';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium';
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
const DOCS_PAGE = '/docs/locations';
const PACKAGE_PLAYGROUNDS = SDK_PACKAGES.map((name) => `/sdk/packages/${name}/playground`);
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
const GENERATED_PAGES = 1000;

/** Loads per page; the table shows the median, since single mobile loads vary by ±30%. */
const RUNS = 5;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The run with the median total blocking time, whole: its bytes and tasks come from the same load, so
 * no row mixes figures of different runs.
 */
function medianFigures(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.totalBlockingTimeMs - b.totalBlockingTimeMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('[bench] no runs');
  return middle;
}

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

/** The modes that run one part of the bench alone (see the head of this file); undefined when none is asked for. */
function aloneMode(): (() => Promise<void>) | undefined {
  if (process.argv.includes('--scale-only')) return measureShapes;
  if (process.argv.includes('--mcp-only')) return measureMcpOnly;
  if (process.argv.includes('--mcp-attack-only')) return measureMcpAttackOnly;
  // `--sessions=50` measures the original agents' load (scripts/bench/mcp.ts) on two instances, to compare.
  const sessions = Number(
    /^--sessions=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--sessions=')) ?? '')?.[1] ?? 0,
  );
  if (process.argv.includes('--mcp-redis-only'))
    return async () => printMcpRedisFigures(await measureMcpRedis(sessions > 0 ? sessions : undefined));
  if (process.argv.includes('--sandbox-only')) return async () => printSimulationFigures(await measureSimulation());
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

  await measureShapes();
}

/** The generated documents of step 5: the shapes that broke in-place expansion, at three sizes. */
function shapes(): Shape[] {
  return [
    {
      name: 'Shared-schema DAG, depth 40, anyOf',
      document: generateDagSpec(40, 400),
      anchors: ['operation/getTree399', 'schema/Node40', 'tag/trees-7'],
    },
    {
      name: '1,500 operations, 2,000 schemas',
      document: generateWideSpec(1500, 2000, 30),
      anchors: ['operation/operation1499', 'webhook/event15', 'schema/Model1999', 'tag/group-59'],
    },
    {
      name: '20 MB document',
      document: generateWideSpec(3000, 4000, 82),
      anchors: ['operation/operation2999', 'webhook/event9', 'schema/Model3999', 'operation/operation1501'],
    },
  ];
}

async function measureShapes(): Promise<void> {
  console.log('\n[bench] 5. the site built with generated documents (a clean build each)');
  const results: ShapeFigures[] = [];
  for (const shape of shapes()) {
    console.log(`[bench]    ${shape.name}`);
    results.push(await measureShape(shape, SCALE_PORT, SCALE_RUNS));
  }
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  console.log(
    '\n[bench] API reference at scale (each: a clean `npm run build`; /api on the mobile profile, median of the loads)\n',
  );
  console.log(
    '| Document | Size | Operations / webhooks / schemas | Spec step | Peak memory | Model + fragments | Largest fragment, gzip | Whole build | `/api` HTML, gzip | `/api` total blocking time | Cold loads that land |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    const api = medianFigures(result.runs);
    const written = result.spec.modelBytes + result.spec.fragmentBytes;
    const landed = result.landings.filter((landing) => landing.landed).length;
    console.log(
      `| ${result.name} | ${mb(result.documentBytes)} | ${result.spec.operations} / ${result.spec.webhooks} / ${result.spec.schemas} | ${result.spec.seconds.toFixed(1)} s | ${mb(result.spec.maxRssBytes)} | ${mb(written)} (${(written / result.documentBytes).toFixed(2)}×) | ${kb(result.spec.largestFragmentGzipBytes)} | ${result.buildSeconds.toFixed(0)} s | ${kb(api.htmlGzipBytes)} | ${api.totalBlockingTimeMs} ms | ${landed} of ${result.landings.length} |`,
    );
  }
  console.log('| Budget | | | ≤ 60 s | ≤ 1 GB | ≤ 3× | ≤ 100 KB | ≤ 180 s | ≤ 150 KB | ≤ 300 ms | all |');
  const missed = results.flatMap((result) =>
    result.landings
      .filter((landing) => !landing.landed)
      .map((landing) => `${result.name}: #${landing.anchor} at ${landing.topPx ?? 'missing'} px`),
  );
  if (missed.length > 0) console.log(`\nCold loads that did not land: ${missed.join('; ')}`);
}

function printPlaygroundFigures(results: PageFigures[], sandbox: Awaited<ReturnType<typeof measureSandbox>>): void {
  const docs = results.find((result) => result.path === DOCS_PAGE);
  const playground = results.find((result) => result.path === '/playground');
  if (!docs || !playground) throw new Error('[bench] the docs page or /playground was not measured');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log('\n[bench] API playground\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| \`/playground\` JS above \`${DOCS_PAGE}\`, gzip | ${kb(playground.jsGzipBytes - docs.jsGzipBytes)} | ≤ 120 KB |`,
  );
  console.log(
    `| \`/playground\` total blocking time, mobile | ${playground.totalBlockingTimeMs} ms (\`${DOCS_PAGE}\`: ${docs.totalBlockingTimeMs} ms) | ≤ 200 ms |`,
  );
  console.log(
    `| Sandbox answer (fetch to body), ${sandbox.samples} requests, mobile: median / 95th percentile | ${ms(sandbox.p50Ms)} / ${ms(sandbox.p95Ms)} | median ≤ 20 ms |`,
  );
}

function printSampleFigures(
  languages: Awaited<ReturnType<typeof measureLanguageSwitch>>,
  server: Awaited<ReturnType<typeof measureSandboxServer>>,
): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log('\n[bench] Request samples and the sandbox server\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| Picking a sample language on \`/api\`, click to shown, mobile: the first pick (the generator loaded when the page was idle) | ${ms(languages.firstMs)} | ≤ 100 ms |`,
  );
  console.log(
    `| The next ${languages.switches - 1} picks: median / slowest (${languages.slowest}) | ${ms(languages.p50Ms)} / ${ms(languages.maxMs)} | ≤ 100 ms |`,
  );
  console.log(
    `| Sandbox server (\`npm run sandbox\`) answer over loopback, ${server.requests} requests: median / 95th percentile | ${ms(server.p50Ms)} / ${ms(server.p95Ms)} | median ≤ 5 ms |`,
  );
}

function printRecipeFigures(results: PageFigures[], run: Awaited<ReturnType<typeof measureRecipeRun>>): void {
  const docs = results.find((result) => result.path === DOCS_PAGE);
  const recipe = results.find((result) => result.path === RECIPE_PAGE);
  if (!docs || !recipe) throw new Error(`[bench] the docs page or ${RECIPE_PAGE} was not measured`);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log('\n[bench] Recipes\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| \`${RECIPE_PAGE}\` JS above \`${DOCS_PAGE}\`, gzip | ${kb(recipe.jsGzipBytes - docs.jsGzipBytes)} | ≤ 60 KB |`,
  );
  console.log(
    `| Recipe page total blocking time, mobile | ${recipe.totalBlockingTimeMs} ms (\`${DOCS_PAGE}\`: ${docs.totalBlockingTimeMs} ms) | ≤ 200 ms |`,
  );
  console.log(
    `| \`Run recipe\`, ${run.steps} steps, click to the last step's result, mobile: the first run (loads the sandbox and its contract) | ${ms(run.firstMs)} | ≤ 500 ms |`,
  );
  console.log(
    `| The next runs (after \`Reset sandbox\`): median / slowest | ${ms(run.laterP50Ms)} / ${ms(run.laterMaxMs)} | ≤ 500 ms |`,
  );
}

function printProbeFigures(probe: ProbeFigures): void {
  const budget = probe.addresses === 'one';
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const signed = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
  console.log(
    `\n[bench] MCP under the probe's load, ${probe.addresses === 'one' ? "from one address, as the probe sent it (the budget's load)" : 'each session from an address of its own (a flood from many machines; no budget)'}: ${PROBE.workers} workers for ${PROBE.seconds} s, ${probe.sessions} new sessions (none ended), ${probe.calls} calls, ${probe.refused} refused (the per-client limit, or the sandbox's)\n`,
  );
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| Resident memory at the peak | ${mb(probe.rssPeakBytes)} (${signed(probe.rssPeakBytes - probe.rssBeforeBytes)} on ${mb(probe.rssBeforeBytes)}) | ${budget ? `< ${mb(PROBE.peakBudgetBytes)}` : ''} |`,
  );
  console.log(
    `| ${PROBE.afterMs / 1000} s after the load | ${mb(probe.rssAfterBytes)} (${signed(probe.rssAfterBytes - probe.rssBeforeBytes)}) | ${budget ? `within ${mb(AFTER_MARGIN_BYTES)} of the start` : ''} |`,
  );
}

function printMcpFigures(mcp: McpFigures): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;
  const agents = mcp.load === 'agents';
  console.log(
    `\n[bench] MCP server (\`/mcp\` on \`next start\`), ${agents ? "agents' pace (each session pauses 250 ms after an answer; the budgets' load)" : 'saturation (no pauses: 50 calls always in flight; no budget)'}: ${mcp.sessions} sessions at once, ${mcp.calls} calls with the SDK's client\n`,
  );
  console.log('| Tool | Calls | Median | 95th percentile | Budget (p95) |');
  console.log('|---|---|---|---|---|');
  for (const entry of mcp.byTool) {
    const budget = !agents
      ? ''
      : entry.tool === 'sandbox_request'
        ? '≤ 30 ms'
        : ['search_docs', 'read_page', 'get_operation'].includes(entry.tool)
          ? '≤ 50 ms'
          : '';
    console.log(`| \`${entry.tool}\` | ${entry.calls} | ${ms(entry.p50Ms)} | ${ms(entry.p95Ms)} | ${budget} |`);
  }
  const after =
    mcp.settledMs === undefined
      ? `still ${mb(mcp.rssAfterBytes)} (${signedMb(mcp.rssAfterBytes - mcp.rssBeforeBytes)}) when the bench stopped watching`
      : `${mb(mcp.rssAfterBytes)} (${signedMb(mcp.rssAfterBytes - mcp.rssBeforeBytes)}) ${(mcp.settledMs / 1000).toFixed(1)} s after the load`;
  console.log(
    `\nServer memory (resident, the server's processes): ${mb(mcp.rssBeforeBytes)} before, ${mb(mcp.rssPeakBytes)} at the peak (${signedMb(mcp.rssPeakBytes - mcp.rssBeforeBytes)}${agents ? '; budget +150 MB' : ''}), ${after}${agents ? `; budget: back within ${mb(AFTER_MARGIN_BYTES)}` : ''}`,
  );
}

function printPackagePlaygroundFigures(
  results: PageFigures[],
  previews: { pkg: string; edits: number; p50Ms: number; p95Ms: number }[],
): void {
  const docs = results.find((result) => result.path === DOCS_PAGE);
  if (!docs) throw new Error('[bench] the docs page was not measured');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log('\n[bench] Package playgrounds (page and preview frame)\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  for (const path of PACKAGE_PLAYGROUNDS) {
    const page = results.find((result) => result.path === path);
    if (!page) throw new Error(`[bench] ${path} was not measured`);
    console.log(
      `| \`${path}\` JS above \`${DOCS_PAGE}\`, gzip | ${kb(page.jsGzipBytes - docs.jsGzipBytes)} | ≤ 200 KB |`,
    );
    console.log(`| \`${path}\` total blocking time, mobile | ${page.totalBlockingTimeMs} ms | ≤ 250 ms |`);
  }
  for (const preview of previews) {
    console.log(
      `| Preview update after an edit, \`${preview.pkg}\`, ${preview.edits} edits, mobile: median / 95th percentile | ${ms(preview.p50Ms)} / ${ms(preview.p95Ms)} | median ≤ 50 ms |`,
    );
  }
}

function printAxeFigures(axe: AxeFigures): void {
  console.log('\n[bench] accessibility (desktop, no CPU slowdown)\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(`| \`/api\` elements with every deferred detail in | ${axe.elements} | |`);
  console.log(
    `| axe-core over that page (WCAG 2.1 A/AA and best practices) | ${axe.seconds.toFixed(1)} s, ${axe.serious} serious or critical findings | < 20 s, none |`,
  );
}

/** Our figures beside Pagefind's on the same queries, by the kind of query (#50: ahead by 25 points of hit@1). */
function printPagefindFigures(site: SiteIndex, pagefindRun: PagefindFigures): void {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const words = RELEVANCE_QUERIES.filter((entry) => ['question', 'error', 'task'].includes(entry.kind));
  const keywords = RELEVANCE_QUERIES.filter((entry) => !['question', 'error', 'task'].includes(entry.kind));
  console.log(
    `\n[bench] search beside Pagefind 1.5 (${pagefindRun.pages} pages of out/, their <main>; the same ${RELEVANCE_QUERIES.length} queries)\n`,
  );
  console.log(
    "| Queries | Ours: hit@1 / hit@3 / MRR | Pagefind, sections | Pagefind, pages (an answer's page counts) |",
  );
  console.log('|---|---|---|---|');
  for (const [name, set] of [
    ['Keywords: identifiers, enum values, units, typos', keywords],
    ['Questions, tasks and pasted errors', words],
    ['Whole set', RELEVANCE_QUERIES],
  ] as const) {
    const ours = measureOurs(site, set);
    const cell = (figures: { hitAt1: number; hitAt3: number; mrr: number }) =>
      `${percent(figures.hitAt1)} / ${percent(figures.hitAt3)} / ${figures.mrr.toFixed(3)}`;
    console.log(
      `| ${name} (${set.length}) | ${cell(ours)} | ${cell(pagefindRun.bySection(set))} | ${cell(pagefindRun.byPage(set))} |`,
    );
  }
}

function printSearchFigures(
  download: { codeGzipBytes: number; indexGzipBytes: number; passagesGzipBytes: number; indexUrl: string },
  mobile: Awaited<ReturnType<typeof measureMobileQueries>>,
  pagefindRun: PagefindFigures,
): void {
  const site = readSiteIndex(download.indexUrl);
  const siteQueries = measureQueries(site);
  const generated = measureQueries(generatedSiteIndex(site.index, GENERATED_PAGES));
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  // The browser runs flexsearch's compact build; Node resolves the package's full build, so these query
  // times are Node's, with the same index and options.
  console.log(
    '\n[bench] search (queries timed in Node with the full flexsearch build, 20 rounds of the bench queries)\n',
  );
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| First results: the engine's code and the first stage of the index (${siteQueries.records} records), gzip | ${kb(download.codeGzipBytes + download.indexGzipBytes)} (code ${kb(download.codeGzipBytes)}, index ${kb(download.indexGzipBytes)}) | ≤ 60 KB |`,
  );
  console.log(
    `| The second stage, after the first results (text and passages), gzip | ${kb(download.passagesGzipBytes)} | |`,
  );
  console.log(
    `| Query, site: median / 95th percentile | ${ms(siteQueries.p50Ms)} / ${ms(siteQueries.p95Ms)} | p95 ≤ 5 ms |`,
  );
  console.log(
    `| Query in Chromium, mobile profile (${mobile.cpuSlowdown}x CPU slowdown, the search dialog, ${mobile.queries} queries): median / 95th percentile | ${ms(mobile.p50Ms)} / ${ms(mobile.p95Ms)} | p95 ≤ 10 ms |`,
  );
  console.log(`| Reading the index into the engine, site | ${ms(siteQueries.loadMs)} | |`);
  console.log(
    `| Index of a generated ${GENERATED_PAGES}-page site (${generated.records} records), gzip: the first stage (both stages) | ${kb(generated.firstStageGzipBytes)} (${kb(generated.indexGzipBytes)}) | first stage ≤ 1 MB |`,
  );
  console.log(
    `| Query, ${GENERATED_PAGES} pages: median / 95th percentile | ${ms(generated.p50Ms)} / ${ms(generated.p95Ms)} | p95 ≤ 10 ms |`,
  );
  const relevance = measureSiteRelevance(site);
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const row = (name: string, figures: { queries: number; hitAt1: number; hitAt3: number; mrr: number }, budget = '') =>
    console.log(
      `| ${name} (${figures.queries}) | ${percent(figures.hitAt1)} | ${percent(figures.hitAt3)} | ${figures.mrr.toFixed(3)} | ${budget} |`,
    );
  console.log('\n[bench] search relevance (lib/search/fixtures/: the first set, and the partner-written one)\n');
  console.log('| Queries | hit@1 | hit@3 | MRR@10 | Budget |');
  console.log('|---|---|---|---|---|');
  row('First set, written with the ranking', relevance.first, `hit@1 ≥ ${percent(RELEVANCE_BARS.hitAt1)}`);
  row('Partner-written, tuned on', relevance.tuning);
  row('Partner-written, held out', relevance.heldOut, `hit@1 ≥ ${percent(RELEVANCE_BUDGETS.heldOutHitAt1)}`);
  row('Whole set', relevance.whole, `hit@3 ≥ ${percent(RELEVANCE_BUDGETS.wholeHitAt3)}`);
  printPagefindFigures(site, pagefindRun);
  console.log(`\nQueries of the tuned-on sets whose answer is not first (the held-out part's are not printed):`);
  for (const line of [...formatRelevance(relevance.first).slice(1), ...formatRelevance(relevance.tuning).slice(1)])
    console.log(line);
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
