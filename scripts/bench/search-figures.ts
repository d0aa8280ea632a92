// Search's figures, printed: what the first results download, the query times in Node and in Chromium, the
// relevance sets, and the same queries beside Pagefind.
import { formatRelevance, RELEVANCE_BARS, RELEVANCE_BUDGETS } from '../../lib/search/relevance';
import { kb } from './page-figures';
import type { PagefindFigures } from './pagefind';
import {
  generatedSiteIndex,
  measureOurs,
  measureQueries,
  measureSiteRelevance,
  readSiteIndex,
  relevanceSets,
  type measureMobileQueries,
  type SiteIndex,
} from './search';

/** The pages of the generated site whose index is measured beside the real one. */
const GENERATED_PAGES = 1000;

/** Our figures beside Pagefind's on the same queries, by the kind of query (#50: ahead by 25 points of hit@1). */
export function printPagefindFigures(site: SiteIndex, pagefindRun: PagefindFigures): void {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const { whole } = relevanceSets(site);
  const words = whole.filter((entry) => ['question', 'error', 'task'].includes(entry.kind));
  const keywords = whole.filter((entry) => !['question', 'error', 'task'].includes(entry.kind));
  console.log(
    `\n[bench] search beside Pagefind 1.5 (${pagefindRun.pages} pages of out/, their <main>; the same ${whole.length} queries)\n`,
  );
  console.log(
    "| Queries | Ours: hit@1 / hit@3 / MRR | Pagefind, sections | Pagefind, pages (an answer's page counts) |",
  );
  console.log('|---|---|---|---|');
  for (const [name, set] of [
    ['Keywords: identifiers, enum values, units, typos', keywords],
    ['Questions, tasks and pasted errors', words],
    ['Whole set', whole],
  ] as const) {
    const ours = measureOurs(site, set);
    const cell = (figures: { hitAt1: number; hitAt3: number; mrr: number }) =>
      `${percent(figures.hitAt1)} / ${percent(figures.hitAt3)} / ${figures.mrr.toFixed(3)}`;
    console.log(
      `| ${name} (${set.length}) | ${cell(ours)} | ${cell(pagefindRun.bySection(set))} | ${cell(pagefindRun.byPage(set))} |`,
    );
  }
}

export function printSearchFigures(
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
  console.log(
    "\n[bench] search relevance (lib/search/fixtures/: the first set, and the partner-written one; a pasted error is also answered by the errors reference's section that quotes it)\n",
  );
  console.log('| Queries | hit@1 | hit@3 | MRR@10 | Budget |');
  console.log('|---|---|---|---|---|');
  row('First set, written with the ranking', relevance.first, `hit@1 ≥ ${percent(RELEVANCE_BARS.hitAt1)}`);
  row('Partner-written, tuned on', relevance.tuning);
  row('Partner-written, held out', relevance.heldOut, `hit@1 ≥ ${percent(RELEVANCE_BUDGETS.heldOutHitAt1)}`);
  row("… the same, as its readers keyed it (without the errors reference's sections)", relevance.heldOutAsKeyed);
  row('Partner-written, development (figures only)', relevance.dev);
  row('Whole set', relevance.whole, `hit@3 ≥ ${percent(RELEVANCE_BUDGETS.wholeHitAt3)}`);
  printPagefindFigures(site, pagefindRun);
  console.log(
    `\nQueries of the tuned-on sets whose answer is not first (the held-out and development parts' are not printed):`,
  );
  for (const line of [...formatRelevance(relevance.first).slice(1), ...formatRelevance(relevance.tuning).slice(1)])
    console.log(line);
}
