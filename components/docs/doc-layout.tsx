import type { ReactNode } from 'react';
import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { sidebarLandmarkLabel, type Area } from '@/lib/site/paths';
import { breadcrumbTrail, neighbours } from '@/lib/site/sidebar';
import type { TocEntry } from '@/lib/content/toc';
import { AREA_LABELS, docsVersions, sidebarForUrl } from '@/lib/navigation';
import { siteConfig } from '@/lib/site';
import { counterpartUrl, versionOfPath, versionsOfArea } from '@/lib/site/versions';
import { VersionSwitchLink } from '@/components/shell/version-dropdown.client';
import { twinUrl } from '@/lib/markdown/urls';
import { Breadcrumbs } from './breadcrumbs';
import { CopyPageButton } from './copy-page-button.client';
import { Pager } from './pager';
import { SidebarTree } from '@/components/shell/sidebar-tree.client';
import { TableOfContents } from './toc.client';

interface DocLayoutProps {
  area: Area;
  /** The page's own URL: it marks the sidebar entry, the breadcrumbs and the pager. */
  url: string;
  title: ReactNode;
  toc: readonly TocEntry[];
  /** Below the article: edit link, dates. */
  meta?: ReactNode;
  hideFooter?: boolean;
  /** The article takes the whole width beside the sidebar (a playground); its prose keeps its measure. */
  wide?: boolean;
  /** A draft page (built only in previews) says so beside its title. */
  draft?: boolean;
  children: ReactNode;
}

/** The frame of every docs and SDK page, written or generated: sidebar, breadcrumbs, article, TOC, pager. */
export function DocLayout({
  area,
  url,
  title,
  toc,
  meta,
  hideFooter = false,
  wide = false,
  draft = false,
  children,
}: DocLayoutProps) {
  const sidebar = sidebarForUrl(url);
  const { previous, next } = neighbours(sidebar, url);
  const versions = versionsOfArea(docsVersions, area);
  const version = versions.length > 1 ? versionOfPath(versions, url) : undefined;
  const latest = versions[0];
  return (
    <>
      <PageTypeMarker type="docsDoc" />
      <div className="docs-layout">
        <aside className="docs-layout__sidebar">
          <SidebarTree items={sidebar} label={sidebarLandmarkLabel(area)} />
        </aside>
        <main id="main-content" tabIndex={-1} className="docs-layout__main">
          <article className={wide ? 'doc doc--wide' : 'doc'}>
            {version && latest && version.unmaintained ? (
              <div className="version-banner" role="note">
                This is documentation for {AREA_LABELS[area].label} <strong>{version.label}</strong>, which is no longer
                actively maintained. For up-to-date documentation, see the{' '}
                <VersionSwitchLink area={area} version={latest.name} href={counterpartUrl(url, version, latest)}>
                  latest version
                </VersionSwitchLink>{' '}
                ({latest.label}).
              </div>
            ) : null}
            <Breadcrumbs area={AREA_LABELS[area]} trail={breadcrumbTrail(sidebar, url)} />
            {version ? <span className="badge doc__version">Version: {version.label}</span> : null}
            <div className="doc__header">
              <h1 className="doc__title">{title}</h1>
              {draft ? <span className="badge badge--draft">Draft</span> : null}
              <CopyPageButton markdownUrl={twinUrl(url)} />
            </div>
            <div className="markdown">{children}</div>
            {meta ? <footer className="doc__meta">{meta}</footer> : null}
            <Pager previous={previous} next={next} />
          </article>
          {toc.length > 0 ? (
            <div className="docs-layout__toc">
              <TableOfContents entries={toc} />
            </div>
          ) : null}
        </main>
      </div>
      {hideFooter ? null : <Footer footer={siteConfig.footer} />}
    </>
  );
}
