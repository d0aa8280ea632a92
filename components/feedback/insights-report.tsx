import type { ReactNode } from 'react';
import { insightsStore } from '@/lib/insights/open';
import { renderReportHtml } from '@/lib/insights/render';
import { parseSince } from '@/lib/insights/since';
import { StoreUnavailableError } from '@/lib/insights/store';

/** The report's HTML (lib/insights/render.ts, every reader's text escaped), or why there is none. */
async function reportHtml(since: string, token: string | undefined): Promise<{ html: string } | { problem: string }> {
  let start: Date;
  try {
    start = parseSince(since);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  try {
    const report = await (await insightsStore()).report({ since: start });
    // Marking handled needs the token in the form when the page was opened with it in the address.
    return { html: renderReportHtml(report, token ? { action: '/insights/comments', token } : undefined) };
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    return { problem: `The insights store is unavailable: ${error.message}` };
  }
}

/** The report on /insights. */
export async function InsightsReportView({ since, token }: { since: string; token?: string }) {
  const result = await reportHtml(since, token);
  return (
    <Frame>
      {'html' in result ? (
        <div className="insights" dangerouslySetInnerHTML={{ __html: result.html }} />
      ) : (
        <p role="alert">{result.problem}</p>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" tabIndex={-1} className="insights-page">
      <h1>Reader insights</h1>
      {children}
    </main>
  );
}
