import type { ReactNode } from 'react';
import { anchorFor } from '@/lib/openapi/anchors';
import { detailFragmentPath } from '@/lib/openapi/fragments';
import type { ApiOperation } from '@/lib/openapi/model';
import { CopyLinkButton } from './copy-link';

/** How a detail's build-time HTML goes into the page (see DetailHtml). */
export type DetailMarkup = { kind: 'inline' | 'deferred'; html: string } | { kind: 'on-demand' };

export function MethodBadge({ method }: { method: string }) {
  return <span className={`method method--${method}`}>{method.toUpperCase()}</span>;
}

const NOSCRIPT_END = /<\/noscript/i;

/**
 * A detail (parameters, bodies, responses and samples of an operation, or a schema tree), as the build
 * rendered it:
 * - `inline`: in the markup;
 * - `deferred`: in the markup inside `<noscript>`. A reader without JavaScript gets it as it is; for
 *   everybody else the browser keeps it as one unparsed text node, so it costs nothing while the page
 *   loads, and ApiInteractions makes it DOM after load, a few at a time (components/api/deferred-html.ts);
 * - `on-demand` (large specs): a slot that loads the detail's file as it nears the viewport.
 * The anchor is on the card, so links land in every case.
 */
export function DetailHtml({ detail, src, what }: { detail: DetailMarkup; src: string; what: string }) {
  if (detail.kind === 'on-demand') {
    return (
      <div className="api-deferred" data-detail-src={src} aria-busy="true">
        <button type="button" className="api-deferred__button" data-load-detail="">
          Show {what}
        </button>
      </div>
    );
  }
  if (detail.kind === 'inline') return <div className="api-fragment" dangerouslySetInnerHTML={{ __html: detail.html }} />;
  if (NOSCRIPT_END.test(detail.html)) throw new Error(`[openapi] the HTML of ${what} contains "</noscript", so it cannot be deferred`);
  return <div className="api-fragment" dangerouslySetInnerHTML={{ __html: `<noscript>${detail.html}</noscript>` }} />;
}

/** One operation: title, method and path, description, auth, then its build-time detail. */
export function OperationCard({ operation, auth, detail, changed = false }: { operation: ApiOperation; auth: ReactNode; detail: DetailMarkup; changed?: boolean }) {
  const anchor = anchorFor.operation(operation.operationId);
  return (
    <section id={anchor} className="operation" aria-labelledby={`${anchor}/title`}>
      <header className="operation__header">
        <h3 id={`${anchor}/title`} className="operation__title">
          {operation.summary}
          {operation.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
        </h3>
        <CopyLinkButton anchor={anchor} label={operation.summary} />
        <a className="operation__try" href={`/playground?operation=${encodeURIComponent(operation.operationId)}`} aria-describedby={`${anchor}/title`}>
          Try it
        </a>
      </header>
      {changed ? (
        <p className="operation__changed">
          <a className="badge badge--changed" href={`/api/changes#${encodeURIComponent(operation.operationId)}`}>
            Changed in this preview
          </a>
        </p>
      ) : null}
      <p className="operation__endpoint">
        <MethodBadge method={operation.method} /> <code className="operation__path">{operation.path}</code>
      </p>
      <p className="operation__id">
        Operation id <code>{operation.operationId}</code>
      </p>
      {operation.descriptionHtml ? <div className="operation__description" dangerouslySetInnerHTML={{ __html: operation.descriptionHtml }} /> : null}
      <p className="operation__auth">
        <span className="schema__label">Authorization:</span> {auth}
      </p>
      <DetailHtml
        detail={detail}
        src={detailFragmentPath('operation', operation.operationId)}
        what={`parameters, responses and samples of ${operation.operationId}`}
      />
    </section>
  );
}
