'use client';

import { useEffect } from 'react';
import { errorCauseChain, isChunkLoadError } from '@/lib/errors';

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
    return (
      <div className="load-error" role="alert">
        <p className="load-error__message">{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" className="button button--danger" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
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
