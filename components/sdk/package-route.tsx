import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SDK_PACKAGES } from '@/lib/sdk';
import { isSdkPackage, type SdkPackage } from '@/lib/sdk/packages';

type Props = { params: Promise<{ pkg: string }> };

/**
 * The exports of an `app/sdk/packages/[pkg]/{page}/page.tsx` route: one prerendered page per SDK package,
 * its metadata and its content; any other package name is a 404.
 */
export function packageRoute(page: {
  metadata: (pkg: SdkPackage) => Metadata;
  render: (pkg: SdkPackage) => ReactNode;
}) {
  return {
    generateStaticParams: () => SDK_PACKAGES.map((pkg) => ({ pkg })),
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { pkg } = await params;
      return isSdkPackage(pkg) ? page.metadata(pkg) : {};
    },
    async Page({ params }: Props) {
      const { pkg } = await params;
      if (!isSdkPackage(pkg)) notFound();
      return page.render(pkg);
    },
  };
}
