import { PackageReadme } from '@/components/mdx/package-readme';
import { renderMdx } from '@/components/mdx/render-mdx';
import type { Page } from '@/lib/content';
import { PageFeedback } from '@/components/feedback/page-feedback.client';
import { DocLayout } from './doc-layout';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** A guide page: its MDX in the docs frame, with the edit link and the last-updated date. */
export function DocPage({ page }: { page: Page }) {
  return (
    <DocLayout
      area={page.area}
      url={page.url}
      title={page.title}
      toc={page.hideTableOfContents ? [] : page.toc}
      hideFooter={page.hideFooter}
      draft={page.draft}
      meta={
        <>
          <PageFeedback path={page.url} />
          <a className="doc__edit" href={page.editUrl} target="_blank" rel="noopener noreferrer">
            Edit this page
          </a>
          {page.lastUpdated ? (
            <span className="doc__updated">
              Last updated on <time dateTime={page.lastUpdated}>{dateFormat.format(new Date(page.lastUpdated))}</time>
            </span>
          ) : null}
        </>
      }
    >
      {page.readme ? <PackageReadme name={page.readme} /> : renderMdx(page.code)}
    </DocLayout>
  );
}
