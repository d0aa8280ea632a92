'use client';

import dynamic from 'next/dynamic';
import type { PlaygroundExample } from '@/lib/package-playground/examples';
import type { OperationContract } from '@/lib/contract/operation-contract';
import type { SdkPackage } from '@/lib/sdk/packages';

function Loading() {
  return (
    <div className="package-playground package-playground--loading" aria-busy="true">
      <p className="package-playground__hint">Loading the playground…</p>
    </div>
  );
}

// The editor and its state read the URL (example and code), which a prerendered page cannot know, and the
// playground's code loads on these pages only: it renders in the browser, in a chunk of its own.
const PackagePlayground = dynamic(
  () => import('./package-playground.client').then((module) => module.PackagePlayground),
  { ssr: false, loading: Loading },
);

export function PackagePlaygroundLoader(props: {
  pkg: SdkPackage;
  examples: readonly PlaygroundExample[];
  contract?: OperationContract;
}) {
  return <PackagePlayground {...props} />;
}
