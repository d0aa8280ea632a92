import Link from 'next/link';

/**
 * On every page of a preview build: which branch and commit it shows, a link to the API-change report,
 * and the drafts it builds (production builds leave drafts out).
 */
export function PreviewBanner({
  branch,
  shortSha,
  drafts,
}: {
  branch: string;
  shortSha: string;
  drafts: readonly { title: string; url: string }[];
}) {
  return (
    <div className="preview-banner" role="note" aria-label="Preview build">
      <span>
        Preview of <strong>{branch}</strong> at <code>{shortSha}</code>
      </span>
      <Link href="/api/changes">API changes</Link>
      {drafts.length > 0 ? (
        <span>
          Drafts:{' '}
          {drafts.map((draft, index) => (
            <span key={draft.url}>
              {index > 0 ? ', ' : null}
              <Link href={draft.url}>{draft.title}</Link>
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}
