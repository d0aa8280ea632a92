'use client';

import { useEffect } from 'react';
import { errorCauseChain, isChunkLoadError } from '@/lib/errors';
import { LoadError } from './load-error';

/**
 * What a reader sees when a route fails: a failed load of the page's code gets the red box with the
 * message and Retry (a reload fetches fresh chunks); any other crash gets "This page crashed." with
 * Try again and the chain of causes.
 */
export function ErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.warn('[kilowise] page error', error);
  }, [error]);

  if (isChunkLoadError(error)) {
    // A reload fetches fresh chunks for the page the reader was going to.
    return (
      <LoadError
        message={error instanceof Error ? error.message : String(error)}
        onRetry={() => window.location.reload()}
      />
    );
  }

  const causes = errorCauseChain(error);
  return (
    <div className="crash" role="alert">
      <h1 className="crash__title">This page crashed.</h1>
      <button type="button" className="button button--primary" onClick={retry}>
        Try again
      </button>
      {causes.length > 0 ? (
        <ol className="crash__causes" aria-label="Error causes">
          {causes.map((message, index) => (
            <li key={index}>
              {index > 0 ? <span className="crash__cause-label">Cause: </span> : null}
              {message}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
