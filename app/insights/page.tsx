import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { InsightsReportView } from '@/components/feedback/insights-report';
import { mayReadReport } from '@/lib/insights/access';

// The editors' report (lib/insights/): rendered per request, and only for a request with the token; otherwise
// this page does not exist (404). Never indexed, and no link to it leaves the page with the token.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Reader insights',
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

export default async function InsightsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const token = typeof query.token === 'string' ? query.token : undefined;
  if (!mayReadReport(await headers(), token)) notFound();
  return <InsightsReportView since={typeof query.since === 'string' ? query.since : '30d'} token={token} />;
}
