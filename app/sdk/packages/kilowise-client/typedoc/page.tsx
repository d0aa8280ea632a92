import type { Metadata } from 'next';
import { TypedocIndex } from '@/components/typedoc/typedoc-index';
import { getSdkReference, TYPEDOC_BASE } from '@/lib/typedoc';

export const metadata: Metadata = {
  title: 'kilowise-client reference',
  description: 'Every enum and interface of kilowise-client, generated from its source with TypeDoc.',
  alternates: { canonical: TYPEDOC_BASE },
};

export default function Page() {
  return <TypedocIndex reference={getSdkReference()} />;
}
