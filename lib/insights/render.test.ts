import { describe, expect, it } from 'vitest';
import { carriedToken, editorToken, tokenMatches } from './access';
import { renderReportDocument, renderReportHtml, renderReportMarkdown } from './render';
import type { InsightsReport } from './report';
import { parseSince } from './since';

const report: InsightsReport = {
  since: '2026-10-21T12:00:00.000Z',
  now: '2026-11-20T12:00:00.000Z',
  totals: { events: 9, pageViews: 3, visitors: 2, feedback: 2 },
  helpfulness: [{ path: '/docs/smart-charging', section: 'charge-now', yes: 1, no: 3 }],
  comments: [
    {
      id: 7,
      at: '2026-11-19T08:00:00.000Z',
      type: 'feedback',
      path: '/docs/smart-charging',
      section: 'charge-now',
      helpful: false,
      language: null,
      operationId: null,
      recipe: null,
      step: null,
      text: '<script>alert(1)</script> | "quoted"',
    },
  ],
  searches: {
    top: [{ query: 'heat pump', count: 2, noClick: 2 }],
    noResult: [{ query: 'heat pump', count: 2 }],
    noClick: [],
  },
  failingOperations: [{ operationId: 'getDevices', status: 401, target: 'live', count: 2 }],
  failingRecipeSteps: [{ recipe: 'charge-overnight', step: 'createSchedule', count: 1 }],
  flagsByLanguage: [{ language: 'go', count: 1 }],
  views: [
    { day: '2026-11-19', views: 1, visitors: 1 },
    { day: '2026-11-20', views: 2, visitors: 2 },
  ],
  audience: { people: 3, agents: 1, mcpCalls: 1, mcpErrors: 0 },
};

describe('the editors’ report', () => {
  it('writes every part as Markdown tables, the least helpful page first', () => {
    const markdown = renderReportMarkdown(report);
    expect(markdown).toContain('| /docs/smart-charging | charge-now | 1 | 3 | 25% |');
    expect(markdown).toContain('## Searches with no result\n\n| Query | Searches |\n| --- | --- |\n| heat pump | 2 |');
    expect(markdown).toContain('| getDevices | 401 | live | 2 |');
    expect(markdown).toContain('| charge-overnight | createSchedule | 1 |');
    expect(markdown).toContain('| go | 1 |');
    expect(markdown).toContain('Every search with results had a click.');
    // A reader's pipe does not break the table or the list.
    expect(markdown).toContain(
      '- #7 2026-11-19 /docs/smart-charging#charge-now: <script>alert(1)</script> \\| "quoted"',
    );
  });

  it('escapes readers’ text in HTML and draws the charts as SVG', () => {
    const html = renderReportHtml(report);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; | &#34;quoted&#34;');
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html).toContain('<title>2026-11-20: 2 views, 2 visitors</title>');
    expect(html).not.toContain('<form');
    expect(renderReportDocument(report)).toContain('<meta name="robots" content="noindex">');
  });

  it('offers "Mark handled" with the token only on the page that asks for it', () => {
    const html = renderReportHtml(report, { action: '/insights/comments', token: 'a"token' });
    expect(html).toContain('<form method="post" action="/insights/comments" class="insights__handle">');
    expect(html).toContain('<input type="hidden" name="id" value="7">');
    expect(html).toContain('<input type="hidden" name="token" value="a&#34;token">');
    expect(html).toContain('Mark #7 handled');
  });
});

describe('the report’s period and access', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('reads spans and dates, and refuses anything else naming the forms', () => {
    expect(parseSince('30d', now).toISOString()).toBe('2026-10-21T12:00:00.000Z');
    expect(parseSince('12h', now).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(parseSince('2026-11-01', now).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(() => parseSince('yesterday', now)).toThrow('since: "yesterday" is neither a span such as 30d');
    expect(() => parseSince('2026-12-01', now)).toThrow(/since/);
  });

  it('takes the token as a bearer or from the query, compares it whole, and refuses a short one', () => {
    const token = 'a-token-of-24-characters';
    expect(carriedToken(new Headers({ authorization: `Bearer ${token}` }), null)).toBe(token);
    expect(carriedToken(new Headers(), token)).toBe(token);
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token.slice(0, -1), token)).toBe(false);
    expect(tokenMatches(undefined, token)).toBe(false);
    expect(editorToken({})).toBeUndefined();
    expect(() => editorToken({ KILOWISE_INSIGHTS_TOKEN: 'short' })).toThrow(/KILOWISE_INSIGHTS_TOKEN.*at least 16/);
  });
});
