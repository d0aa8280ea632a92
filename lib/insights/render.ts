// The editors' report as Markdown (printed by `npm run insights`, written beside the HTML) and as HTML (the file,
// and the /insights page). Both come from one list of tables, so they say the same; the HTML adds SVG charts and,
// on the page, a button to mark each comment handled. Every reader's text is escaped.
import { barsChart, viewsChart } from './charts';
import { escapeHtml } from './escape';
import type { CommentRow, InsightsReport } from './report';

interface Table {
  title: string;
  empty: string;
  columns: string[];
  rows: (string | number)[][];
  /** An SVG chart above the table (HTML only). */
  chart?: string;
}

const share = (yes: number, no: number) => `${Math.round((100 * yes) / Math.max(1, yes + no))}%`;
const where = (comment: CommentRow) =>
  comment.type === 'feedback'
    ? `${comment.path}${comment.section ? `#${comment.section}` : ''}`
    : `${comment.path} · ${comment.language ?? ''}${comment.operationId ? ` · ${comment.operationId}` : ''}${comment.recipe ? ` · ${comment.recipe}${comment.step ? ` step ${comment.step}` : ''}` : ''}`;

function tablesOf(report: InsightsReport): Table[] {
  const { totals, audience, searches } = report;
  return [
    {
      title: 'Summary',
      empty: '',
      columns: ['Figure', 'Count'],
      rows: [
        ['Events', totals.events],
        ['Page views', totals.pageViews],
        ['Unique visitors (per day, added up)', totals.visitors],
        ['Votes', totals.feedback],
        ['Page views by people', audience.people],
        ['Events from agents (MCP clients, crawlers)', audience.agents],
        ['MCP tool calls (of which errors)', `${audience.mcpCalls} (${audience.mcpErrors})`],
      ],
    },
    {
      title: 'Views over time',
      empty: 'No page views in this period.',
      columns: ['Day', 'Views', 'Visitors'],
      rows: report.views.map((row) => [row.day, row.views, row.visitors]),
      chart: viewsChart(report.views),
    },
    {
      title: 'Pages and sections by helpfulness (least helpful first)',
      empty: 'No votes in this period.',
      columns: ['Page', 'Section', 'Yes', 'No', 'Helpful'],
      rows: report.helpfulness.map((row) => [
        row.path,
        row.section ?? '(page)',
        row.yes,
        row.no,
        share(row.yes, row.no),
      ]),
    },
    {
      title: 'Top searches',
      empty: 'No searches in this period.',
      columns: ['Query', 'Searches', 'Without a click'],
      rows: searches.top.map((row) => [row.query, row.count, row.noClick]),
    },
    {
      title: 'Searches with no result',
      empty: 'Every search found something.',
      columns: ['Query', 'Searches'],
      rows: searches.noResult.map((row) => [row.query, row.count]),
    },
    {
      title: 'Searches with results but no click',
      empty: 'Every search with results had a click.',
      columns: ['Query', 'Searches'],
      rows: searches.noClick.map((row) => [row.query, row.count]),
    },
    {
      title: 'Failing operations (playground)',
      empty: 'No playground call failed.',
      columns: ['Operation', 'Status', 'Target', 'Calls'],
      rows: report.failingOperations.map((row) => [row.operationId, row.status || 'no answer', row.target, row.count]),
    },
    {
      title: 'Recipe steps that fail',
      empty: 'No recipe step failed.',
      columns: ['Recipe', 'Step', 'Failures and flags'],
      rows: report.failingRecipeSteps.map((row) => [row.recipe, row.step, row.count]),
    },
    {
      title: 'Samples flagged "This did not work", per language',
      empty: 'No sample was flagged.',
      columns: ['Language', 'Flags'],
      rows: report.flagsByLanguage.map((row) => [row.language, row.count]),
      chart: barsChart(
        'Flags per sample language',
        report.flagsByLanguage.map((row) => ({ label: row.language, count: row.count })),
      ),
    },
  ];
}

const cell = (value: string | number) => String(value).replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The report as Markdown. */
export function renderReportMarkdown(report: InsightsReport): string {
  const parts = [`# Reader insights\n\nFrom ${report.since} to ${report.now}.`];
  for (const table of tablesOf(report)) {
    parts.push(`## ${table.title}`);
    if (table.rows.length === 0) parts.push(table.empty);
    else
      parts.push(
        [
          `| ${table.columns.join(' | ')} |`,
          `| ${table.columns.map(() => '---').join(' | ')} |`,
          ...table.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
        ].join('\n'),
      );
  }
  parts.push('## Comments not yet handled');
  if (report.comments.length === 0) parts.push('None.');
  else
    parts.push(
      report.comments
        .map((comment) => `- #${comment.id} ${comment.at.slice(0, 10)} ${cell(where(comment))}: ${cell(comment.text)}`)
        .join('\n'),
    );
  return `${parts.join('\n\n')}\n`;
}

/** How the page offers "Mark handled": a form posting the comment's id to `action`, with the token. */
export interface HandleForm {
  action: string;
  token: string;
}

function commentsHtml(comments: readonly CommentRow[], handle?: HandleForm): string {
  if (comments.length === 0) return '<p>None.</p>';
  const items = comments.map((comment) => {
    const form = handle
      ? `<form method="post" action="${escapeHtml(handle.action)}" class="insights__handle"><input type="hidden" name="id" value="${comment.id}"><input type="hidden" name="token" value="${escapeHtml(handle.token)}"><button type="submit">Mark #${comment.id} handled</button></form>`
      : '';
    const verdict = comment.type === 'sample_flag' ? 'Did not work' : comment.helpful ? 'Helpful' : 'Not helpful';
    return `<li class="insights__comment"><p><strong>#${comment.id}</strong> <time datetime="${escapeHtml(comment.at)}">${escapeHtml(comment.at.slice(0, 10))}</time> · ${escapeHtml(verdict)} · <code>${escapeHtml(where(comment))}</code></p><blockquote>${escapeHtml(comment.text)}</blockquote>${form}</li>`;
  });
  return `<ul class="insights__comments">${items.join('')}</ul>`;
}

/** The report as an HTML fragment (for the page) with its charts; `handle` adds the "Mark handled" buttons. */
export function renderReportHtml(report: InsightsReport, handle?: HandleForm): string {
  const sections = tablesOf(report).map((table) => {
    const body =
      table.rows.length === 0
        ? `<p>${escapeHtml(table.empty)}</p>`
        : `<table><thead><tr>${table.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('')}</tr></thead><tbody>${table.rows
            .map((row) => `<tr>${row.map((value) => `<td>${escapeHtml(String(value))}</td>`).join('')}</tr>`)
            .join('')}</tbody></table>`;
    return `<section><h2>${escapeHtml(table.title)}</h2>${table.rows.length > 0 && table.chart ? table.chart : ''}${body}</section>`;
  });
  sections.push(`<section><h2>Comments not yet handled</h2>${commentsHtml(report.comments, handle)}</section>`);
  return `<p>From <time datetime="${escapeHtml(report.since)}">${escapeHtml(report.since)}</time> to <time datetime="${escapeHtml(report.now)}">${escapeHtml(report.now)}</time>.</p>${sections.join('\n')}`;
}

/** The report as a whole HTML document, for the file `npm run insights` writes. */
export function renderReportDocument(report: InsightsReport): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Reader insights</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}.chart__bar{fill:#2e8555}.chart__line{stroke:#1b1b1d}blockquote{margin:4px 0 4px 1rem;white-space:pre-wrap}</style>
</head><body><h1>Reader insights</h1>
${renderReportHtml(report)}
</body></html>
`;
}
