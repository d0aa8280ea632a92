// `npm run insights -- --since 30d`: the editors' report (lib/insights/) from the store the environment names
// (SQLite under .data/, or KILOWISE_DATABASE_URL's Postgres). It prints the report as Markdown and writes it as
// reports/insights.md and reports/insights.html. `--handle ID` marks a comment handled first.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openInsightsStore } from '../lib/insights/open';
import { renderReportDocument, renderReportMarkdown } from '../lib/insights/render';
import { parseSince } from '../lib/insights/since';
import { parseWith } from '../lib/validation';
import { runMain } from '../lib/build/run-main';

const argsSchema = z.object({
  since: z.string().default('30d'),
  out: z.string().min(1).default('reports'),
  handle: z.coerce.number().int().positive().optional(),
  quiet: z.boolean().default(false),
});

async function main(): Promise<void> {
  // 1. The arguments.
  const { values } = parseArgs({
    options: {
      since: { type: 'string' },
      out: { type: 'string' },
      handle: { type: 'string' },
      quiet: { type: 'boolean' },
    },
  });
  const args = parseWith(argsSchema, values, 'npm run insights --');
  const since = parseSince(args.since);
  const store = await openInsightsStore();
  try {
    // 2. A comment marked handled, when asked.
    if (args.handle !== undefined) {
      const handled = await store.markHandled(args.handle);
      console.log(
        handled ? `[insights] comment #${args.handle} handled` : `[insights] no open comment #${args.handle}`,
      );
    }
    // 3. The report, printed and written.
    const started = performance.now();
    const report = await store.report({ since });
    const markdown = renderReportMarkdown(report);
    mkdirSync(args.out, { recursive: true });
    writeFileSync(path.join(args.out, 'insights.md'), markdown);
    writeFileSync(path.join(args.out, 'insights.html'), renderReportDocument(report));
    if (!args.quiet) console.log(markdown);
    console.log(
      `[insights] ${report.totals.events} events from the ${store.dialect} store in ${Math.round(performance.now() - started)} ms; written to ${path.join(args.out, 'insights.md')} and insights.html`,
    );
  } finally {
    await store.close();
  }
}

runMain(main, { tag: 'insights' });
