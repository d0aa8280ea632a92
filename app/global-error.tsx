'use client';

import { ErrorView } from '@/components/errors/error-view.client';
import './styles/base.css';

/** Replaces the root layout when it fails; so it brings its own document and styles. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body>
        <title>This page crashed. | Kilowise</title>
        <main id="main-content" className="standalone-main">
          <ErrorView error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
