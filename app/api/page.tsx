import type { Metadata } from 'next';
import { ApiReference } from '@/components/api/api-reference';
import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { getApiModel } from '@/lib/openapi';
import { siteConfig } from '@/lib/site';

export const metadata: Metadata = {
  title: 'API reference',
  description: 'Every endpoint of the Kilowise partner API: parameters, request bodies, responses, errors and code samples.',
  alternates: { canonical: '/api' },
};

export default function ApiPage() {
  const model = getApiModel();
  return (
    <>
      <PageTypeMarker type="standalone" />
      <ApiReference model={model} aliases={model.anchorAliases ?? {}} />
      <Footer footer={siteConfig.footer} />
    </>
  );
}
