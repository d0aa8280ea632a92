'use client';

import type { PlaygroundAnswer, PlaygroundFailure } from '@/lib/playground/response';
import { CodeView } from './code-view.client';
import { useHighlighted } from './use-highlighted';

function statusClass(status: number): string {
  if (status >= 500 || status === 0) return 'playground-status--error';
  if (status >= 400) return 'playground-status--warning';
  return 'playground-status--ok';
}

/** A streamed body's items as they arrive, numbered, with whether the stream is still open. */
function StreamItems({ stream }: { stream: NonNullable<PlaygroundAnswer['stream']> }) {
  return (
    <div className="playground-stream">
      <p className="playground-field__hint" role="status">
        {stream.open
          ? `Receiving the stream: ${stream.items.length} item${stream.items.length === 1 ? '' : 's'} so far…`
          : `The stream ${stream.stopped ? 'was stopped' : 'ended'} after ${stream.items.length} item${stream.items.length === 1 ? '' : 's'}.`}
      </p>
      <ol className="playground-stream__items" aria-label="Stream items">
        {stream.items.map((item, index) => (
          // The items only ever grow at the end: the position is their identity.
          <li key={index}>
            <pre className="playground-code__pre" tabIndex={0} aria-label={`Item ${index + 1}`}>
              <code>{item}</code>
            </pre>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The answer: status as text, time, headers, and the highlighted body. */
export function ResponseView({
  answer,
  failure,
  sending,
}: {
  answer?: PlaygroundAnswer;
  failure?: PlaygroundFailure;
  sending: boolean;
}) {
  const bodyHtml = useHighlighted(answer?.isJson ? answer.body : '', 'json');
  return (
    <section className="playground-response" aria-label="Response" aria-busy={sending}>
      <h2 className="playground-panel__title">Response</h2>
      {failure ? (
        <div className="load-error" role="alert">
          <p className="load-error__message">{failure.message}</p>
          {failure.curl ? <CodeView code={failure.curl} language="bash" label="curl command" /> : null}
        </div>
      ) : answer ? (
        <>
          <p className="playground-response__line">
            <span className={`playground-status ${statusClass(answer.status)}`}>
              {answer.status} {answer.statusText}
            </span>
            <span className="playground-response__time">{answer.timeMs} ms</span>
            <span className="badge">{answer.fromSandbox ? 'Sandbox' : 'Live API'}</span>
          </p>
          <details className="playground-response__headers">
            <summary>Headers ({answer.headers.length})</summary>
            <dl>
              {answer.headers.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </details>
          {answer.stream ? (
            <StreamItems stream={answer.stream} />
          ) : answer.body ? (
            <pre className="playground-code__pre playground-response__body" tabIndex={0} aria-label="Response body">
              {bodyHtml ? (
                <code className="hljs" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
              ) : (
                <code>{answer.body}</code>
              )}
            </pre>
          ) : (
            <p className="playground-field__hint">No body.</p>
          )}
        </>
      ) : (
        <p className="playground-field__hint">{sending ? 'Sending…' : 'Send the request to see the answer here.'}</p>
      )}
    </section>
  );
}
