import type { Metadata } from 'next';
import '../styles/hljs.css';
import { ApiReferenceView } from '@/components/api/api-reference-view.client';
import { Footer } from '@/components/shell/footer';
import { PageTypeMarker } from '@/components/shell/page-type';
import { getApiModel } from '@/lib/openapi';
import { referenceFragmentPath } from '@/lib/openapi/fragments';
import { registerSsrFragment } from '@/lib/openapi/ssr-fragments';
import { socialMetadata } from '@/lib/og';
import { siteConfig } from '@/lib/site';

const description =
  'Every endpoint of the Kilowise partner API: parameters, request bodies, responses, errors and code samples.';

export const metadata: Metadata = {
  title: 'API reference',
  description,
  alternates: { canonical: '/api' },
  ...socialMetadata({ url: '/api', title: 'API reference', description }),
};

export default function ApiPage() {
  const model = getApiModel();
  if (model.referenceHtml === undefined || model.fragmentRoot === undefined)
    throw new Error('[openapi] the API model has no rendered reference: run `npm run spec:build`');
  const src = referenceFragmentPath(model.fragmentRoot);
  registerSsrFragment(src, model.referenceHtml);
  return (
    <>
      <PageTypeMarker type="standalone" />
      <ApiReferenceView src={src} aliases={model.anchorAliases ?? {}} />
      <Footer footer={siteConfig.footer} />
    </>
  );
}
