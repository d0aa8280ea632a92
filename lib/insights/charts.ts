// Charts of the report as SVG text, drawn on the server: no chart library, no script. Each has a title and a
// description for screen readers, and the same figures are in a table beside it.
import { escapeHtml } from './escape';

const WIDTH = 640;
const HEIGHT = 160;
const PAD = 28;

/** Views a day as bars, unique visitors as a line over them. */
export function viewsChart(views: readonly { day: string; views: number; visitors: number }[]): string {
  if (views.length === 0) return '<p>No page views in this period.</p>';
  const most = Math.max(1, ...views.map((row) => row.views));
  const slot = (WIDTH - PAD * 2) / views.length;
  const y = (value: number) => HEIGHT - PAD - (value / most) * (HEIGHT - PAD * 2);
  const bars = views
    .map((row, index) => {
      const x = PAD + index * slot;
      return `<rect x="${x.toFixed(1)}" y="${y(row.views).toFixed(1)}" width="${Math.max(1, slot - 2).toFixed(1)}" height="${(HEIGHT - PAD - y(row.views)).toFixed(1)}" class="chart__bar"><title>${escapeHtml(row.day)}: ${row.views} views, ${row.visitors} visitors</title></rect>`;
    })
    .join('');
  const line = views
    .map((row, index) => `${(PAD + index * slot + slot / 2).toFixed(1)},${y(row.visitors).toFixed(1)}`)
    .join(' ');
  const first = views[0]?.day ?? '';
  const last = views.at(-1)?.day ?? '';
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="views-title views-desc" xmlns="http://www.w3.org/2000/svg">
<title id="views-title">Views and visitors a day</title>
<desc id="views-desc">From ${escapeHtml(first)} to ${escapeHtml(last)}: at most ${most} views a day.</desc>
<line x1="${PAD}" y1="${HEIGHT - PAD}" x2="${WIDTH - PAD}" y2="${HEIGHT - PAD}" stroke="currentColor" stroke-opacity="0.4"/>
${bars}
<polyline points="${line}" fill="none" stroke="currentColor" stroke-width="2" class="chart__line"/>
<text x="${PAD}" y="${HEIGHT - 8}" font-size="11" fill="currentColor">${escapeHtml(first)}</text>
<text x="${WIDTH - PAD}" y="${HEIGHT - 8}" font-size="11" text-anchor="end" fill="currentColor">${escapeHtml(last)}</text>
<text x="${PAD}" y="${PAD - 8}" font-size="11" fill="currentColor">${most} views</text>
</svg>`;
}

/** Horizontal bars, one a row: a label and its count. */
export function barsChart(title: string, rows: readonly { label: string; count: number }[]): string {
  if (rows.length === 0) return '';
  const most = Math.max(1, ...rows.map((row) => row.count));
  const rowHeight = 20;
  const label = 160;
  const height = rows.length * rowHeight + 8;
  const bars = rows
    .map((row, index) => {
      const width = ((WIDTH - label - 60) * row.count) / most;
      const top = 4 + index * rowHeight;
      return `<text x="${label - 6}" y="${top + 13}" font-size="12" text-anchor="end" fill="currentColor">${escapeHtml(row.label.slice(0, 24))}</text><rect x="${label}" y="${top + 2}" width="${Math.max(1, width).toFixed(1)}" height="${rowHeight - 6}" class="chart__bar"/><text x="${(label + width + 6).toFixed(1)}" y="${top + 13}" font-size="12" fill="currentColor">${row.count}</text>`;
    })
    .join('');
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeHtml(title)}" xmlns="http://www.w3.org/2000/svg">${bars}</svg>`;
}
