import type { Metadata, Viewport } from 'next';
import { Suspense, type ReactNode } from 'react';
import { SearchProvider } from '@/components/search/search-provider.client';
import { AnnouncementBar } from '@/components/shell/announcement-bar';
import { Navbar } from '@/components/shell/navbar';
import { RouteProgressFinisher, RouteProgressStarter } from '@/components/shell/route-progress.client';
import { SkipLink } from '@/components/shell/skip-link';
import { ThemeProvider } from '@/components/shell/theme-provider.client';
import { inlineScripts } from '@/lib/inline-scripts';
import { navbarItems, olderVersionSidebars, sidebars } from '@/lib/navigation';
import { getDraftPages } from '@/lib/content';
import { buildKind } from '@/lib/preview';
import { SEARCH_INDEX_URL } from '@/lib/search/load';
import { siteConfig } from '@/lib/site';
import { PreviewBanner } from '@/components/shell/preview-banner';
import { PageView } from '@/components/feedback/page-view.client';
import { insightsEndpoint } from '@/lib/insights/endpoint';
import './styles/base.css';
import './styles/shell.css';
import './styles/docs.css';
import './styles/markdown.css';
import './styles/api.css';
import './styles/search.css';
import './styles/feedback.css';

export const metadata: Metadata = {
  metadataBase: new URL(siteConfig.url),
  title: { default: siteConfig.title, template: `%s | ${siteConfig.title}` },
  description: siteConfig.tagline,
  applicationName: siteConfig.title,
  openGraph: { siteName: siteConfig.title, type: 'website', locale: 'en' },
  icons: { icon: '/img/logo.svg' },
  // A preview build is for editors: no page of it is indexed.
  ...(buildKind().preview ? { robots: { index: false, follow: false } } : {}),
};

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#1b1b1d' },
  ],
};

const htmlLang = siteConfig.i18n.locales[siteConfig.i18n.defaultLocale]?.htmlLang ?? 'en';

export default function RootLayout({ children }: { children: ReactNode }) {
  const bar = siteConfig.announcementBar;
  const build = buildKind();
  const insights = insightsEndpoint();
  return (
    // next-themes and the inline scripts set classes on <html> before hydration.
    <html lang={htmlLang} suppressHydrationWarning>
      <head>
        {/* Where this build's search index is, for tools and tests; the search box has it in its code. */}
        <meta name="kilowise-search-index" content={SEARCH_INDEX_URL} />
        {/* Where reader insights go (components/feedback/send.ts); unconfigured, the server is asked first. */}
        <meta name="kilowise-insights" content={insights.url} data-configured={String(insights.configured)} />
        <script data-kw-script="load-recovery" dangerouslySetInnerHTML={{ __html: inlineScripts().loadRecovery }} />
        {bar ? (
          <script
            data-kw-script="announcement"
            data-bar-id={bar.id}
            dangerouslySetInnerHTML={{ __html: inlineScripts().announcement }}
          />
        ) : null}
      </head>
      <body>
        <ThemeProvider colorMode={siteConfig.colorMode}>
          <RouteProgressStarter />
          {/* useSearchParams needs a Suspense boundary so the pages stay static. */}
          <Suspense fallback={null}>
            <RouteProgressFinisher />
          </Suspense>
          <SkipLink />
          <PageView />
          {build.preview ? (
            <PreviewBanner branch={build.branch} shortSha={build.shortSha} drafts={getDraftPages()} />
          ) : null}
          {bar ? <AnnouncementBar bar={bar} /> : null}
          <SearchProvider>
            <Navbar
              config={siteConfig}
              items={navbarItems}
              sidebars={sidebars}
              olderVersionSidebars={olderVersionSidebars}
            />
            {children}
          </SearchProvider>
        </ThemeProvider>
      </body>
    </html>
  );
}
