import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TypedocIndex } from '@/components/typedoc/typedoc-index';
import { SDK_PACKAGES } from '@/lib/sdk';
import { isSdkPackage } from '@/lib/sdk/packages';
import { socialMetadata } from '@/lib/og';
import { getSdkReference, typedocBase } from '@/lib/typedoc';

type Props = { params: Promise<{ pkg: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return SDK_PACKAGES.map((pkg) => ({ pkg }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { pkg } = await params;
  if (!isSdkPackage(pkg)) return {};
  const description = `Every export of ${pkg}, generated with TypeDoc from its source: ${pkg === 'kilowise-client' ? 'enums, interfaces and type aliases' : 'components, functions, types and constants'}.`;
  return {
    title: `${pkg} reference`,
    description,
    alternates: { canonical: typedocBase(pkg) },
    ...socialMetadata({ url: typedocBase(pkg), title: `${pkg} reference`, description }),
  };
}

export default async function Page({ params }: Props) {
  const { pkg } = await params;
  if (!isSdkPackage(pkg)) notFound();
  return <TypedocIndex reference={getSdkReference(pkg)} />;
}
