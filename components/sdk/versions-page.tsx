import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import { CHANGE_KIND_LABELS } from '@/lib/change-kinds';
import type { TocEntry } from '@/lib/content/toc';
import { markdownToSafeHtml } from '@/lib/openapi/markdown';
import { CHANGE_KINDS, majorLine, releaseAnchor, versionsUrl, type Changelog, type Release } from '@/lib/sdk';
import { DataTable } from '@/components/ui/data-table';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** One Markdown line (from the changelog in this repository) as inline HTML. */
function InlineMarkdown({ text }: { text: string }) {
  const html = (markdownToSafeHtml(text) ?? '').replace(/^<p>|<\/p>$/g, '');
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}

function installCommand(name: string, version: string): string {
  return `npm install ${name}@${version}`;
}

function ReleaseSection({ name, release, current }: { name: string; release: Release; current: boolean }) {
  const anchor = releaseAnchor(release.version);
  return (
    <section className="release" aria-labelledby={anchor}>
      <h2 id={anchor}>
        {release.version}
        {current ? <span className="badge badge--current">current</span> : null}
      </h2>
      <p className="release__meta">
        Released <time dateTime={release.date}>{dateFormat.format(new Date(release.date))}</time> · API{' '}
        {release.apiVersion} · Node.js <code>{release.node}</code>
        {release.react ? (
          <>
            {' '}
            · React <code>{release.react}</code>
          </>
        ) : null}
      </p>
      {release.summary ? (
        <p>
          <InlineMarkdown text={release.summary} />
        </p>
      ) : null}
      {CHANGE_KINDS.map((kind) => {
        const items = release[kind];
        if (!items || items.length === 0) return null;
        return (
          <div key={kind} className={`release__changes release__changes--${kind}`}>
            <p className="release__kind">{CHANGE_KIND_LABELS[kind]}</p>
            <ul>
              {items.map((item) => (
                <li key={item}>
                  <InlineMarkdown text={item} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <pre className="typedoc-import" tabIndex={0}>
        <code>{installCommand(name, release.version)}</code>
      </pre>
    </section>
  );
}

/** `/sdk/packages/{package}/versions`: the released versions, the current one marked, and each changelog. */
export function VersionsPage({
  changelog,
  docsByMajor,
}: {
  changelog: Changelog;
  docsByMajor: Readonly<Record<string, string>>;
}) {
  const name = changelog.package;
  const toc: TocEntry[] = changelog.releases.map((release) => ({
    depth: 2,
    text: release.version,
    id: releaseAnchor(release.version),
  }));
  const hasReact = changelog.releases.some((release) => release.react);
  return (
    <DocLayout area="sdk" url={versionsUrl(name)} title={`${name} versions`} toc={toc}>
      <p>
        Every release of <Link href={`/sdk/packages/${name}`}>{name}</Link>, newest first. The current release is{' '}
        <strong>{changelog.current}</strong>. Majors follow the API: {majorLine(changelog.current)} speaks the{' '}
        <code>/v{changelog.current.split('.')[0]}</code> API.
      </p>
      <DataTable
        className="versions-table"
        rows={changelog.releases}
        rowKey={(release) => release.version}
        rowAttributes={(release) => ({ 'aria-current': release.version === changelog.current ? 'true' : undefined })}
        columns={[
          {
            header: 'Version',
            cell: (release) => (
              <>
                <a href={`#${releaseAnchor(release.version)}`}>{release.version}</a>
                {release.version === changelog.current ? <span className="badge badge--current">current</span> : null}
              </>
            ),
          },
          { header: 'Released', cell: (release) => <time dateTime={release.date}>{release.date}</time> },
          { header: 'API', cell: (release) => release.apiVersion },
          { header: 'Node.js', cell: (release) => <code>{release.node}</code> },
          hasReact && { header: 'React', cell: (release) => (release.react ? <code>{release.react}</code> : '—') },
          {
            header: 'Docs',
            cell: (release) => {
              const docs = docsByMajor[majorLine(release.version)];
              return docs ? <Link href={docs}>{majorLine(release.version)} docs</Link> : '—';
            },
          },
          { header: 'Install', cell: (release) => <code>{installCommand(name, release.version)}</code> },
        ]}
      />
      {changelog.releases.map((release) => (
        <ReleaseSection
          key={release.version}
          name={name}
          release={release}
          current={release.version === changelog.current}
        />
      ))}
    </DocLayout>
  );
}
