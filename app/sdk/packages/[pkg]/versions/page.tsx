import { packageRoute } from '@/components/sdk/package-route';
import { VersionsPage } from '@/components/sdk/versions-page';
import { docsVersions } from '@/lib/navigation';
import { socialMetadata } from '@/lib/og';
import { getChangelog, versionsUrl } from '@/lib/sdk';
import { versionsOfArea } from '@/lib/site/versions';

const route = packageRoute({
  metadata: (pkg) => {
    const description = `Every release of ${pkg}: dates, supported API, Node.js and React versions, install commands and changelogs.`;
    return {
      title: `${pkg} versions`,
      description,
      alternates: { canonical: versionsUrl(pkg) },
      ...socialMetadata({ url: versionsUrl(pkg), title: `${pkg} versions`, description }),
    };
  },
  // Each major line links to its documentation: 2.x to the current SDK docs, 1.x to /sdk/1.x.
  render: (pkg) => (
    <VersionsPage
      changelog={getChangelog(pkg)}
      docsByMajor={Object.fromEntries(
        versionsOfArea(docsVersions, 'sdk').map((version) => [version.label, version.mainUrl]),
      )}
    />
  ),
});

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
