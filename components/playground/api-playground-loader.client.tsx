'use client';

import dynamic from 'next/dynamic';
import type { OperationContract } from '@/lib/contract/operation-contract';

function Loading() {
  return (
    <div className="playground playground--loading" aria-busy="true">
      <p className="playground-field__hint">Loading the playground…</p>
    </div>
  );
}

// The playground's code (sandbox, validator, highlighter) loads when the page renders, not when a link
// to the page is prefetched: other pages never download it.
const ApiPlayground = dynamic(() => import('./api-playground.client').then((module) => module.ApiPlayground), {
  ssr: false,
  loading: Loading,
});

export function ApiPlaygroundLoader({ contract }: { contract: OperationContract }) {
  return <ApiPlayground contract={contract} />;
}
