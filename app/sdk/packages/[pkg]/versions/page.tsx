import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { VersionsPage } from '@/components/sdk/versions-page';
import { docsVersions } from '@/lib/navigation';
import { getChangelog, SDK_PACKAGES, versionsUrl } from '@/lib/sdk';
import { socialMetadata } from '@/lib/og';
import { isSdkPackage } from '@/lib/sdk/packages';
import { versionsOfArea } from '@/lib/versions';

type Props = { params: Promise<{ pkg: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return SDK_PACKAGES.map((pkg) => ({ pkg }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { pkg } = await params;
  if (!isSdkPackage(pkg)) return {};
  const description = `Every release of ${pkg}: dates, supported API, Node.js and React versions, install commands and changelogs.`;
  return {
    title: `${pkg} versions`,
    description,
    alternates: { canonical: versionsUrl(pkg) },
    ...socialMetadata({ url: versionsUrl(pkg), title: `${pkg} versions`, description }),
  };
}

export default async function Page({ params }: Props) {
  const { pkg } = await params;
  if (!isSdkPackage(pkg)) notFound();
  // Each major line links to its documentation: 2.x to the current SDK docs, 1.x to /sdk/1.x.
  const docsByMajor = Object.fromEntries(versionsOfArea(docsVersions, 'sdk').map((version) => [version.label, version.mainUrl]));
  return <VersionsPage changelog={getChangelog(pkg)} docsByMajor={docsByMajor} />;
}
