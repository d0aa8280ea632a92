// Search figures for `npm run bench`: the index size, the code search loads on demand, query times in
// Node for the real site and for a generated site of 1,000 pages.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CPU_SLOWDOWN, gzippedSize, openMobilePage } from './measure-page';
import type { Browser } from '@playwright/test';
import { SEARCH_MEASURE } from '../../components/search/timed-search';
import { SearchEngine, serializeIndex, serializePassages } from '../../lib/search/engine';
import {
  measureRelevance,
  withErrorReference,
  type RelevanceFigures,
  type RelevanceQuery,
} from '../../lib/search/relevance';
import { PARTNER_DEV_SET } from '../../lib/search/fixtures/partner-dev';
import { PARTNER_HELD_OUT_SET, PARTNER_TUNING_SET } from '../../lib/search/fixtures/partner-queries';
import { RELEVANCE_SET } from '../../lib/search/fixtures/relevance-set';
import {
  storedRecord,
  type SearchRecord,
  type SerializedIndex,
  type SerializedPassages,
} from '../../lib/search/records';
import { serializedIndexSchema, serializedPassagesSchema } from '../../lib/search/schema';
import { guideRecords } from '../../lib/search/sources';
import { quantile } from './quantile';

/** Both stages of an index, as the build writes them. */
export interface SiteIndex {
  index: SerializedIndex;
  passages: SerializedPassages;
}

/**
 * What a reader types: the relevance set's queries as partners type them, and, as the dialog searches on
 * every key, each prefix while typing.
 */
const QUERIES = [
  ...[...RELEVANCE_SET, ...PARTNER_TUNING_SET, ...PARTNER_HELD_OUT_SET, ...PARTNER_DEV_SET].map((entry) => entry.query),
  'spot price',
  'spot price area',
  'no spot price area',
  'register-charger',
  'registerCharger',
  'SMART_CHARGE_AT_LOCATION',
  'weekDaySpecificReadyTimes',
  'ChargingSessionStatus',
  '/v2/kilowise/devices',
  'smartcar',
  'enode',
  'wallbox credentials',
  'heating preferences',
  'ready time',
  'api key',
  'x-user-id',
  'tariff',
  'location not found',
  'charging schedule',
  'demand response',
  'spot prise',
  'chargng sesion',
  'wallbx',
  ...['s', 'sp', 'spo', 'spot', 'spot p', 'spot pr', 'spot pri', 'spot pric'],
  ...['r', 're', 'reg', 'regi', 'regis', 'register', 'register-', 'register-ch'],
];

export interface QueryFigures {
  records: number;
  /** The first stage, which the first results wait for. */
  firstStageGzipBytes: number;
  /** Both stages. */
  indexGzipBytes: number;
  loadMs: number;
  p50Ms: number;
  p95Ms: number;
}

/**
 * Reads both stages into an engine, then runs every query 20 times (after a warm-up) and times each, passages
 * included (the engine quotes every result it returns).
 */
export function measureQueries({ index, passages }: SiteIndex): QueryFigures {
  const json = JSON.stringify(index);
  const passagesJson = JSON.stringify(passages);
  const started = performance.now();
  const engine = new SearchEngine(
    serializedIndexSchema.parse(JSON.parse(json)),
    serializedPassagesSchema.parse(JSON.parse(passagesJson)),
  );
  const loadMs = performance.now() - started;
  for (const query of QUERIES) engine.search(query);
  const times: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const query of QUERIES) {
      const start = performance.now();
      engine.search(query);
      times.push(performance.now() - start);
    }
  }
  return {
    records: engine.size,
    firstStageGzipBytes: gzipSync(json, { level: 6 }).length,
    indexGzipBytes: gzipSync(json, { level: 6 }).length + gzipSync(passagesJson, { level: 6 }).length,
    loadMs,
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
  };
}

/** Every query of the relevance set: the first set and the partner-written one, both parts. */
export const RELEVANCE_QUERIES = [...RELEVANCE_SET, ...PARTNER_TUNING_SET, ...PARTNER_HELD_OUT_SET, ...PARTNER_DEV_SET];

/** Our figures on any part of the set. */
export function measureOurs({ index, passages }: SiteIndex, set: readonly RelevanceQuery[]): RelevanceFigures {
  return measureRelevance(new SearchEngine(index, passages), set);
}

/**
 * The parts of the relevance set as they are measured: each pasted error also answered by the errors reference's
 * section that quotes it (withErrorReference), for our engine and for Pagefind alike.
 */
export function relevanceSets({ index, passages }: SiteIndex) {
  const keyed = (set: readonly RelevanceQuery[]) => withErrorReference(set, index, passages);
  const [first, tuning, heldOut, dev] = [RELEVANCE_SET, PARTNER_TUNING_SET, PARTNER_HELD_OUT_SET, PARTNER_DEV_SET].map(
    keyed,
  ) as [RelevanceQuery[], RelevanceQuery[], RelevanceQuery[], RelevanceQuery[]];
  return { first, tuning, heldOut, dev, whole: [...first, ...tuning, ...heldOut, ...dev] };
}

/**
 * hit@1, hit@3 and MRR of each part of the relevance set on an index, and the held-out part as its readers keyed it;
 * the held-out and development parts' misses are not kept.
 */
export function measureSiteRelevance(site: SiteIndex): {
  first: RelevanceFigures;
  tuning: RelevanceFigures;
  heldOut: Omit<RelevanceFigures, 'misses'>;
  heldOutAsKeyed: Omit<RelevanceFigures, 'misses'>;
  dev: Omit<RelevanceFigures, 'misses'>;
  whole: Omit<RelevanceFigures, 'misses'>;
} {
  const engine = new SearchEngine(site.index, site.passages);
  const sets = relevanceSets(site);
  // The misses are dropped: nobody reads the held-out or development parts' to tune on.
  const figures = (set: Parameters<typeof measureRelevance>[1]) => {
    const { queries, hitAt1, hitAt3, mrr } = measureRelevance(engine, set);
    return { queries, hitAt1, hitAt3, mrr };
  };
  return {
    first: measureRelevance(engine, sets.first),
    tuning: measureRelevance(engine, sets.tuning),
    heldOut: figures(sets.heldOut),
    heldOutAsKeyed: figures(PARTNER_HELD_OUT_SET),
    dev: figures(sets.dev),
    whole: figures(sets.whole),
  };
}

/**
 * The index a served build uses, both stages, read from public/ by the URL its pages name (the bench's own build, or
 * whichever build serves the pages: several builds write beside each other, and .generated names only the last).
 */
export function readSiteIndex(indexUrl: string): SiteIndex {
  const read = (url: string) => JSON.parse(readFileSync(path.join('public', url), 'utf8')) as unknown;
  return {
    index: serializedIndexSchema.parse(read(indexUrl)),
    passages: serializedPassagesSchema.parse(read(indexUrl.replace(/index\.json$/, 'passages.json'))),
  };
}

/** A deterministic pseudo-random source, so every bench run indexes the same generated site. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/** The sections of the real guides: heading and Markdown, from contentlayer's output. */
function realSections(): { heading: string; markdown: string }[] {
  const bodies = ['DocsPage', 'SdkPage'].flatMap((type) => {
    const records = JSON.parse(readFileSync(path.join('.contentlayer', 'generated', type, '_index.json'), 'utf8')) as {
      body: { raw: string };
    }[];
    return records.map((record) => record.body.raw);
  });
  return bodies.flatMap((body) =>
    body
      .split(/^## /m)
      .slice(1)
      .map((chunk) => {
        const [heading = '', ...rest] = chunk.split('\n');
        return { heading: heading.trim(), markdown: rest.join('\n') };
      })
      .filter((section) => section.markdown.trim().length > 200),
  );
}

/**
 * A generated site of `pages` guide pages of six sections each, drawn from the real guides (so words
 * occur as often as in real prose), each page under its own title, plus the real site's API, schema
 * and type records.
 */
export function generatedSiteIndex(site: SerializedIndex, pages: number): SiteIndex {
  const next = random(42);
  const sections = realSections();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const records: SearchRecord[] = [];
  for (let page = 0; page < pages; page += 1) {
    const chosen = Array.from({ length: 6 }, () => pick(sections));
    const title = `${chosen[0]?.heading ?? 'Page'} ${page}`;
    const body = chosen
      .map((section, index) => `## ${section.heading} ${page}.${index}\n${section.markdown}`)
      .join('\n');
    records.push(
      ...guideRecords({ kind: 'guide', url: `/docs/generated/page-${page}`, title, body, trail: ['Docs', title] }),
    );
  }
  const real = site.records
    .map(storedRecord)
    .filter(({ kind }) => kind !== 'guide' && kind !== 'sdk')
    .map(({ kind, title, breadcrumb, url, names, members }): SearchRecord => ({
      kind,
      title,
      breadcrumb,
      url,
      names,
      members,
      keywords: [...names, ...members].join(' '),
      content: '',
    }));
  return { index: serializeIndex([...records, ...real]), passages: serializePassages([...records, ...real]) };
}

/**
 * The JavaScript and the index a first search downloads before its first results show, and the passages that
 * follow, gzipped, measured in Chromium.
 */
export async function measureSearchDownload(
  browser: Browser,
  origin: string,
): Promise<{ codeGzipBytes: number; indexGzipBytes: number; passagesGzipBytes: number; indexUrl: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/docs/locations`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const index = new Set<string>();
  const passages = new Set<string>();
  page.on('response', (response) => {
    if (/\/generated\/search\/[^/]+\/index\.json$/.test(response.url())) index.add(response.url());
    if (/\/generated\/search\/[^/]+\/passages\.json$/.test(response.url())) passages.add(response.url());
  });
  const opened = await page.evaluate(() => {
    performance.setResourceTimingBufferSize(5000);
    return performance.now();
  });
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill('spot price');
  // The scripts the first results waited for: those asked for between opening the search and the first result,
  // read in the page by when they started. What the dialog fetches once results show (the /search page's code,
  // prefetched by its link) is not theirs, however soon it lands.
  const shown = await page.waitForFunction(
    () => (document.querySelector('[role="option"]') ? performance.now() : undefined),
    undefined,
    { polling: 'raf' },
  );
  const firstResultAt = Number(await shown.jsonValue());
  const scripts = await page.evaluate(
    ([from, to]) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' && entry.startTime >= from && entry.startTime <= to)
        .map((entry) => entry.name),
    [opened, firstResultAt] as const,
  );
  const sizes = await Promise.all(scripts.map((url) => gzippedSize(page.request, url)));
  await page.locator('.search-result__passage').first().waitFor();
  const [indexGzipBytes] = await Promise.all([...index].map((url) => gzippedSize(page.request, url)));
  const [passagesGzipBytes] = await Promise.all([...passages].map((url) => gzippedSize(page.request, url)));
  await context.close();
  if (indexGzipBytes === undefined) throw new Error('[bench] the first search did not download the index');
  if (passagesGzipBytes === undefined) throw new Error('[bench] the first search did not download the passages');
  if (sizes.length === 0) throw new Error('[bench] the first search loaded no code');
  const indexUrl = new URL([...index][0] ?? '', origin).pathname;
  return { codeGzipBytes: sizes.reduce((sum, size) => sum + size, 0), indexGzipBytes, passagesGzipBytes, indexUrl };
}

/**
 * Query times of the code the browser runs (flexsearch's compact build, the passages included), on the mobile
 * profile's 4x slower CPU: every bench query typed into the search dialog once its passages are in, each read back
 * as the User Timing measure the dialog records around its search (components/search/timed-search.ts). The dialog,
 * not /search: /search writes each query into its URL, a navigation that could land on the next query's typing.
 */
export async function measureMobileQueries(
  browser: Browser,
  origin: string,
): Promise<{ queries: number; p50Ms: number; p95Ms: number; cpuSlowdown: number }> {
  const { context, page } = await openMobilePage(browser);
  try {
    await page.goto(`${origin}/docs/locations`, { waitUntil: 'networkidle' });
    // The phone's way in: the navbar's Search button, once the page has hydrated (the colour mode switch works).
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).waitFor({ timeout: 60_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true }).click();
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.fill('spot price');
    await page.locator('.search-result__passage').first().waitFor({ timeout: 60_000 });
    const times: number[] = [];
    for (const query of QUERIES) {
      // An empty box first: the same query twice in a row would not search again.
      await input.fill('');
      await page.evaluate((name) => performance.clearMeasures(name), SEARCH_MEASURE);
      await input.fill(query);
      // The dialog may search again as it re-renders; the reader waits for the first search of what they typed,
      // so that one counts, once per query.
      const first = await page
        .waitForFunction(
          ([name, typed]) => {
            const entry = (performance.getEntriesByName(name) as PerformanceMeasure[]).find((e) => e.detail === typed);
            return entry ? { duration: entry.duration } : undefined;
          },
          [SEARCH_MEASURE, query] as const,
          { timeout: 30_000 },
        )
        .catch((error: unknown) => {
          throw new Error(`[bench] the search dialog recorded no query time for "${query}"`, { cause: error });
        });
      times.push(((await first.jsonValue()) as { duration: number }).duration);
    }
    return {
      queries: times.length,
      p50Ms: quantile(times, 0.5),
      p95Ms: quantile(times, 0.95),
      cpuSlowdown: CPU_SLOWDOWN,
    };
  } finally {
    await context.close();
  }
}
