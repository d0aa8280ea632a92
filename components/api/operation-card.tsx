import type { ReactNode } from 'react';
import { anchorFor } from '@/lib/openapi/anchors';
import { detailFragmentPath } from '@/lib/openapi/fragments';
import type { ApiModel, ApiOperation } from '@/lib/openapi/model';
import { CopyLinkButton } from './copy-link.client';
import { registerSsrFragment } from '@/lib/openapi/ssr-fragments';
import { SsrHtml } from './ssr-html.client';

export function MethodBadge({ method }: { method: string }) {
  return <span className={`method method--${method}`}>{method.toUpperCase()}</span>;
}

/**
 * Build-time HTML of a detail: in the page's markup for small specs (SsrHtml keeps it out of the RSC
 * payload), or a slot that loads it as it nears the viewport for large ones (ApiInteractions). The
 * anchor is on the card, so links land either way.
 */
export function DetailHtml({ mode, html, src, what }: { mode: ApiModel['detailMode']; html?: string; src: string; what: string }) {
  if (mode === 'on-demand') {
    return (
      <div className="api-deferred" data-detail-src={src} aria-busy="true">
        <button type="button" className="api-deferred__button" data-load-detail="">
          Show {what}
        </button>
      </div>
    );
  }
  if (html === undefined) throw new Error(`[openapi] the model has no rendered HTML for ${what}: run \`npm run spec:build\``);
  registerSsrFragment(src, html);
  return <SsrHtml src={src} />;
}

/** One operation: title, method and path, description, auth, then its build-time detail. */
export function OperationCard({ operation, auth, mode }: { operation: ApiOperation; auth: ReactNode; mode: ApiModel['detailMode'] }) {
  const anchor = anchorFor.operation(operation.operationId);
  return (
    <section id={anchor} className="operation" aria-labelledby={`${anchor}/title`}>
      <header className="operation__header">
        <h3 id={`${anchor}/title`} className="operation__title">
          {operation.summary}
          {operation.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
        </h3>
        <CopyLinkButton anchor={anchor} label={operation.summary} />
      </header>
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
        mode={mode}
        html={operation.detailHtml}
        src={detailFragmentPath('operation', operation.operationId)}
        what={`parameters, responses and samples of ${operation.operationId}`}
      />
    </section>
  );
}
