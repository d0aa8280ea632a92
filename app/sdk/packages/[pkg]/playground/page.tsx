import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PackagePlaygroundPage } from '@/components/package-playground/package-playground-page';
import { PLAYGROUND_PAGES } from '@/lib/package-playground/pages';
import { playgroundUrl, SDK_PACKAGES } from '@/lib/sdk';
import { socialMetadata } from '@/lib/og';
import { isSdkPackage } from '@/lib/sdk/packages';
import '../../../../styles/hljs.css';
import '../../../../styles/package-playground.css';

type Props = { params: Promise<{ pkg: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return SDK_PACKAGES.map((pkg) => ({ pkg }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { pkg } = await params;
  if (!isSdkPackage(pkg)) return {};
  const title = `${pkg} playground`;
  const { description } = PLAYGROUND_PAGES[pkg];
  return { title, description, alternates: { canonical: playgroundUrl(pkg) }, ...socialMetadata({ url: playgroundUrl(pkg), title, description }) };
}

export default async function Page({ params }: Props) {
  const { pkg } = await params;
  if (!isSdkPackage(pkg)) notFound();
  return <PackagePlaygroundPage pkg={pkg} />;
}
