// The figures of the pages step 3 loads in Chromium, printed: the playgrounds, the samples, the recipes, the
// package playgrounds and the accessibility check, each beside the docs page a reader starts from.
import type { AxeFigures } from './accessibility';
import type { PageFigures } from './measure-page';
import { RECIPE_PAGE, type measureRecipeRun } from './recipes';
import type { measureSandbox } from './sandbox';
import type { measureLanguageSwitch, measureSandboxServer } from './samples';
import { quantile } from './quantile';
import type { WidgetLoadFigures } from './widget-load';
import { WIDGET_BUDGET_BYTES } from './widget-size';
import { SDK_PACKAGES } from '../../lib/sdk/packages';

/** The guide page the interactive pages' JavaScript is counted above. */
export const DOCS_PAGE = '/docs/locations';
/** Each SDK package's playground page. */
export const PACKAGE_PLAYGROUNDS = SDK_PACKAGES.map((name) => `/sdk/packages/${name}/playground`);

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The run with the median total blocking time, whole: its bytes and tasks come from the same load, so
 * no row mixes figures of different runs.
 */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.totalBlockingTimeMs - b.totalBlockingTimeMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('[bench] no runs');
  return middle;
}

export function printPlaygroundFigures(
  results: PageFigures[],
  sandbox: Awaited<ReturnType<typeof measureSandbox>>,
): void {
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

export function printSampleFigures(
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

export function printRecipeFigures(results: PageFigures[], run: Awaited<ReturnType<typeof measureRecipeRun>>): void {
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

export function printPackagePlaygroundFigures(
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

export function printAxeFigures(axe: AxeFigures): void {
  console.log('\n[bench] accessibility (desktop, no CPU slowdown)\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(`| \`/api\` elements with every deferred detail in | ${axe.elements} | |`);
  console.log(
    `| axe-core over that page (WCAG 2.1 A/AA and best practices) | ${axe.seconds.toFixed(1)} s, ${axe.serious} serious or critical findings | < 20 s, none |`,
  );
}

/**
 * The feedback widgets' cost (#52): their JavaScript, and the guide's total blocking time with them on and off (the
 * same build, the page served without its insights header), in pairs of loads. "No change" is read as a median
 * difference within 10 ms: one widget's work is a few milliseconds at 4x slowdown, a frame's noise more, which the
 * pairs' middle half shows.
 */
export function printWidgetFigures(widget: WidgetLoadFigures, widgetBytes: number): void {
  const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms}`;
  const median = quantile(widget.differences, 0.5);
  console.log('\n[bench] Reader feedback widgets\n');
  console.log('| Figure | Value | Budget |');
  console.log('|---|---|---|');
  console.log(
    `| Widget JavaScript (components/feedback/, minified, gzip) | ${widgetBytes.toLocaleString('en')} bytes | ≤ ${WIDGET_BUDGET_BYTES.toLocaleString('en')} bytes |`,
  );
  console.log(
    `| \`${DOCS_PAGE}\` total blocking time, mobile, ${widget.differences.length} pairs of loads: median on / off | ${quantile(widget.on, 0.5)} / ${quantile(widget.off, 0.5)} ms | |`,
  );
  console.log(
    `| The same, on minus off within a pair: median (middle half) | ${signed(median)} ms (${signed(quantile(widget.differences, 0.25))} to ${signed(quantile(widget.differences, 0.75))} ms) | no change (median within 10 ms) |`,
  );
}
