import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { renderMdx } from '@/components/mdx/render-mdx';
import { getNeighbours, type Page } from '@/lib/content';
import { sidebarLandmarkLabel } from '@/lib/content/paths';
import { breadcrumbTrail } from '@/lib/content/sidebar';
import { AREA_LABELS, sidebars } from '@/lib/navigation';
import { siteConfig } from '@/lib/site';
import { Breadcrumbs } from './breadcrumbs';
import { Pager } from './pager';
import { SidebarTree } from './sidebar-tree.client';
import { TableOfContents } from './toc.client';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** A guide page: sidebar, article, table of contents, edit link, last-updated date and pager. */
export function DocPage({ page }: { page: Page }) {
  const sidebar = sidebars[page.area];
  const { previous, next } = getNeighbours(page);
  const showToc = !page.hideTableOfContents && page.toc.length > 0;
  return (
    <>
      <PageTypeMarker type="docsDoc" />
      <div className="docs-layout">
        <aside className="docs-layout__sidebar">
          <SidebarTree items={sidebar} label={sidebarLandmarkLabel(page.area)} />
        </aside>
        <main id="main-content" tabIndex={-1} className="docs-layout__main">
          <article className="doc">
            <Breadcrumbs area={AREA_LABELS[page.area]} trail={breadcrumbTrail(sidebar, page.url)} />
            <h1 className="doc__title">{page.title}</h1>
            <div className="markdown">
              {renderMdx(page.code)}
            </div>
            <footer className="doc__meta">
              <a className="doc__edit" href={page.editUrl} target="_blank" rel="noopener noreferrer">
                Edit this page
              </a>
              {page.lastUpdated ? (
                <span className="doc__updated">
                  Last updated on <time dateTime={page.lastUpdated}>{dateFormat.format(new Date(page.lastUpdated))}</time>
                </span>
              ) : null}
            </footer>
            <Pager previous={previous} next={next} />
          </article>
          {showToc ? (
            <div className="docs-layout__toc">
              <TableOfContents entries={page.toc} />
            </div>
          ) : null}
        </main>
      </div>
      {page.hideFooter ? null : <Footer footer={siteConfig.footer} />}
    </>
  );
}
