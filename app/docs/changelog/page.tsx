import type { Metadata } from 'next';
import { ApiChangelogPage } from '@/components/docs/api-changelog';
import { getApiModel } from '@/lib/openapi';
import { API_CHANGELOG_DESCRIPTION, API_CHANGELOG_URL, readApiChangelog } from '@/lib/openapi/changelog';
import { socialMetadata } from '@/lib/og';

export const metadata: Metadata = {
  title: 'API changelog',
  description: API_CHANGELOG_DESCRIPTION,
  alternates: { canonical: API_CHANGELOG_URL },
  ...socialMetadata({ url: API_CHANGELOG_URL, title: 'API changelog', description: API_CHANGELOG_DESCRIPTION }),
};

export default function Page() {
  return <ApiChangelogPage changelog={readApiChangelog()} current={getApiModel().version} />;
}
