'use client';

import { useId } from 'react';
import type { SandboxControl } from '@/lib/browser/playground/sandbox-runtime';
import { readableTime } from './use-sandbox-controls';
import {
  LISTED_CALLS,
  useSandboxRequests,
  type LoggedBody,
  type LoggedCall,
  type SimulationEvent,
} from './use-sandbox-requests';

/** A logged body, with a note when the log cut it (it keeps the first 8 KB). */
function Body({ label, body }: { label: string; body?: LoggedBody }) {
  if (!body) return null;
  return (
    <div className="playground-requests__body">
      <p className="playground-field__hint">
        {label}
        {body.stream
          ? ` (a stream of ${body.stream}, not logged)`
          : body.cut
            ? ` (cut: the first part of ${body.bytes} bytes)`
            : ` (${body.bytes} bytes)`}
      </p>
      {body.stream ? null : <pre>{body.text}</pre>}
    </div>
  );
}

/** Where the rule that refused a call is: the parameter, the body field, the rule's place in the contract. */
function Reason({ reason }: { reason: NonNullable<LoggedCall['reason']> }) {
  const place = reason.name
    ? `${reason.in ?? ''} parameter ${reason.name}`
    : reason.pointer
      ? `body ${reason.pointer}`
      : reason.in;
  return (
    <dl className="playground-requests__reason">
      <div>
        <dt>Reason</dt>
        <dd>{reason.message}</dd>
      </div>
      <div>
        <dt>Rule</dt>
        <dd>
          <code>{reason.rule}</code>
          {place ? ` at ${place}` : ''}
        </dd>
      </div>
      {reason.schemaPointer ? (
        <div>
          <dt>In the contract</dt>
          <dd>
            <code>{reason.schemaPointer}</code>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** One call: its line, opened at once when it failed, with why. */
function Call({ call }: { call: LoggedCall }) {
  const failed = call.status >= 400;
  return (
    <li
      className={failed ? 'playground-requests__call playground-requests__call--failed' : 'playground-requests__call'}
    >
      <details open={failed}>
        <summary>
          <code>
            {call.method} {call.path}
          </code>{' '}
          <strong>{call.status}</strong>
          {call.operationId ? ` ${call.operationId}` : ''} · {call.durationMs} ms ·{' '}
          <time dateTime={call.sandboxTime}>{readableTime(call.sandboxTime)}</time>
        </summary>
        {call.reason ? <Reason reason={call.reason} /> : null}
        <div className="playground-requests__body">
          <p className="playground-field__hint">Request headers (the API key redacted)</p>
          <pre>
            {Object.entries(call.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </pre>
        </div>
        <Body label="Request body" body={call.requestBody} />
        <Body label="Response body" body={call.responseBody} />
      </details>
    </li>
  );
}

/** An event in words: `dev-5b1f0c schedule-made (plug-in)`, `status-changed CALCULATING_SCHEDULE → SMART_CHARGING`. */
function describeEvent(event: SimulationEvent): string {
  const detail = event.from && event.to ? `${event.from} → ${event.to}` : (event.reason ?? event.fault ?? '');
  return [event.deviceId ?? event.spotPriceAreaId, event.type, detail ? `(${detail})` : ''].filter(Boolean).join(' ');
}

/**
 * The Requests panel, beside the Sandbox controls: the tab's calls to the sandbox, newest first, each failed one open
 * with the rule that refused it; and what the simulation did during the clock's last move.
 */
export function SandboxRequests({ control, version }: { control?: SandboxControl; version: number }) {
  const id = useId();
  const { calls, move, problem } = useSandboxRequests(control, version);
  return (
    <section className="playground-controls playground-requests" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="playground-panel__title">
        Requests
      </h2>
      <p className="playground-field__hint">
        This tab&apos;s calls to the sandbox, the newest {LISTED_CALLS} first (the panels&apos; own reads left out),
        from its request log (<code>GET /__sandbox/requests</code>). A failed call opens with the rule that refused it.
      </p>
      {problem ? <p className="playground-field__error">{problem}</p> : null}
      {calls.length === 0 ? (
        <p className="playground-field__hint">No calls yet: send a request.</p>
      ) : (
        <ol className="playground-requests__calls" aria-label="Calls">
          {calls.map((call, index) => (
            // Counted from the oldest listed, a call keeps its key as newer ones arrive, and its details stay as opened.
            <Call key={`${call.wallTime}-${calls.length - index}`} call={call} />
          ))}
        </ol>
      )}
      <h3 className="playground-requests__title">Events of the last clock move</h3>
      {move ? (
        <>
          <p className="playground-field__hint">
            From <time dateTime={move.from}>{readableTime(move.from)}</time> to{' '}
            <time dateTime={move.to}>{readableTime(move.to)}</time>:{' '}
            {move.events.length === 0
              ? 'nothing happened.'
              : `${move.events.length} event${move.events.length === 1 ? '' : 's'}.`}
          </p>
          <ol className="playground-requests__events" aria-label="Events">
            {move.events.map((event, index) => (
              <li key={`${event.at}-${index}`}>
                <time dateTime={event.at}>{readableTime(event.at)}</time> {describeEvent(event)}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="playground-field__hint">Move the clock in Sandbox controls to see what the simulation did.</p>
      )}
    </section>
  );
}
