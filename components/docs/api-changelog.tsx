import { CHANGE_KIND_LABELS } from '@/lib/change-kinds';
import { anchorFor } from '@/lib/openapi/anchors';
import { API_CHANGELOG_URL, type ApiChangelog } from '@/lib/openapi/changelog';
import { markdownToSafeHtml } from '@/lib/openapi/markdown';
import { DocLayout } from './doc-layout';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** The anchor of a version's section: `v2.4.0`. */
export const releaseAnchor = (version: string) => `v${version}`;

/** `/docs/changelog`: every version of the API contract, newest first, with its changes and the breaking ones flagged. */
export function ApiChangelogPage({ changelog, current }: { changelog: ApiChangelog; current: string }) {
  return (
    <DocLayout
      area="docs"
      url={API_CHANGELOG_URL}
      title="API changelog"
      toc={changelog.releases.map((release) => ({
        depth: 2,
        text: release.version,
        id: releaseAnchor(release.version),
      }))}
    >
      <p>
        Every version of the partner API&apos;s contract, newest first. The site is built from version{' '}
        <strong>{current}</strong>, which the <a href="/api">API reference</a> and the{' '}
        <a href="/openapi.yaml">contract</a> describe. A change marked{' '}
        <span className="badge badge--breaking">Breaking</span> can stop a working integration: it says why.
      </p>
      {changelog.releases.map((release) => (
        <section key={release.version} aria-labelledby={releaseAnchor(release.version)}>
          <h2 id={releaseAnchor(release.version)}>
            {release.version}
            {release.version === current ? <span className="badge badge--current">Current</span> : null}
          </h2>
          <p className="changelog__date">
            Released <time dateTime={release.date}>{dateFormat.format(new Date(release.date))}</time>
          </p>
          {release.summary ? (
            <div dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(release.summary) ?? '' }} />
          ) : null}
          <ul className="changelog__changes">
            {release.changes.map((change) => (
              <li key={`${change.kind}:${change.text}`}>
                <span className={`badge badge--${change.kind}`}>{CHANGE_KIND_LABELS[change.kind]}</span>{' '}
                {change.breaking ? <span className="badge badge--breaking">Breaking</span> : null}{' '}
                <span className="changelog__text" dangerouslySetInnerHTML={{ __html: inlineHtml(change.text) }} />
                {change.operationId ? (
                  <>
                    {' '}
                    <a href={`/api#${anchorFor.operation(change.operationId)}`}>Reference</a>
                  </>
                ) : null}
                {change.breaking ? (
                  <span className="changelog__breaking"> Why it breaks: {change.breaking}.</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </DocLayout>
  );
}

/** A change's Markdown as inline HTML: the paragraph the renderer wraps it in goes. */
function inlineHtml(markdown: string): string {
  return (markdownToSafeHtml(markdown) ?? '').replace(/^<p>|<\/p>\s*$/g, '');
}
