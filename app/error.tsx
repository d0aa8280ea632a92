'use client';

import { ErrorView } from '@/components/errors/error-view.client';

export default function RouteError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main-content" tabIndex={-1} className="standalone-main">
      <ErrorView error={error} retry={retry} />
    </main>
  );
}
