import { Fragment, type ReactNode } from 'react';
import { anchorFor } from '@/lib/openapi/anchors';
import type { ApiOperation, ApiWebhook } from '@/lib/openapi/model';
import { recipeUrl } from '@/lib/recipes/urls';
import { StaticFeedback, StaticSampleFlag } from '@/components/feedback/static-feedback';
import { CopyLinkButton } from './copy-link';
import { wireMethod } from '@/lib/openapi/methods';

/** How a detail's build-time HTML goes into the page (see DetailHtml). */
export interface DetailMarkup {
  kind: 'inline' | 'deferred';
  html: string;
}

export function MethodBadge({ method }: { method: string }) {
  return <span className={`method method--${method.toLowerCase()}`}>{wireMethod(method)}</span>;
}

const NOSCRIPT_END = /<\/noscript/i;

/**
 * A detail (parameters, bodies, responses and samples of an operation, or a schema tree), as the build
 * rendered it:
 * - `inline`: in the markup;
 * - `deferred`: in the markup inside `<noscript>`. A reader without JavaScript gets it as it is; for
 *   everybody else the browser keeps it as one unparsed text node, so it costs nothing while the page
 *   loads, and ApiInteractions makes it DOM after load, a few at a time (lib/browser/api-reference/deferred-html.ts);
 * The anchor is on the card, so links land in every case. (A large document's cards come whole, in groups, from
 * static files: see ChunkSlot.)
 */
export function DetailHtml({ detail, what }: { detail: DetailMarkup; what: string }) {
  if (detail.kind === 'inline')
    return <div className="api-fragment" dangerouslySetInnerHTML={{ __html: detail.html }} />;
  if (NOSCRIPT_END.test(detail.html))
    throw new Error(`[openapi] the HTML of ${what} contains "</noscript", so it cannot be deferred`);
  return <div className="api-fragment" dangerouslySetInnerHTML={{ __html: `<noscript>${detail.html}</noscript>` }} />;
}

/** One operation: title, method and path, description, auth, then its build-time detail. */
export function OperationCard({
  operation,
  auth,
  detail,
  changed = false,
}: {
  operation: ApiOperation;
  auth: ReactNode;
  detail: DetailMarkup;
  changed?: boolean;
}) {
  const anchor = anchorFor.operation(operation.operationId);
  return (
    <section id={anchor} className="operation" aria-labelledby={`${anchor}/title`}>
      <header className="operation__header">
        <h3 id={`${anchor}/title`} className="operation__title">
          {operation.summary}
          {operation.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
          {operation.badges?.map((badge) => (
            <span key={badge} className="badge badge--tag">
              {badge}
            </span>
          ))}
        </h3>
        <CopyLinkButton anchor={anchor} label={operation.summary} />
        <a
          className="operation__try"
          href={`/playground?operation=${encodeURIComponent(operation.operationId)}`}
          aria-describedby={`${anchor}/title`}
        >
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
      {operation.descriptionHtml ? (
        <div className="operation__description" dangerouslySetInnerHTML={{ __html: operation.descriptionHtml }} />
      ) : null}
      <p className="operation__auth">
        <span className="schema__label">Authorization:</span> {auth}
      </p>
      {operation.recipes?.length ? (
        <p className="operation__recipes">
          <span className="schema__label">Used in recipes:</span>{' '}
          {operation.recipes.map((recipe, index) => (
            <Fragment key={recipe.workflowId}>
              {index > 0 ? ', ' : null}
              <a href={recipeUrl(recipe.workflowId)}>{recipe.title}</a>
            </Fragment>
          ))}
        </p>
      ) : null}
      <DetailHtml detail={detail} what={`parameters, responses and samples of ${operation.operationId}`} />
      <StaticSampleFlag tabsId={`samples-${operation.operationId}`} operationId={operation.operationId} />
      <StaticFeedback path="/api" section={anchor} subject={operation.summary} />
    </section>
  );
}

/** One webhook: its name, the method it arrives with, its description, then its build-time detail (payload, responses). */
export function WebhookCard({ webhook, detail }: { webhook: ApiWebhook; detail: DetailMarkup }) {
  return (
    <section id={webhook.anchor} className="operation operation--webhook" aria-labelledby={`${webhook.anchor}/title`}>
      <header className="operation__header">
        <h3 id={`${webhook.anchor}/title`} className="operation__title">
          {webhook.summary}
          {webhook.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
        </h3>
        <CopyLinkButton anchor={webhook.anchor} label={webhook.summary} />
      </header>
      <p className="operation__endpoint">
        <span className="badge">webhook</span> <MethodBadge method={webhook.method} />{' '}
        <code className="operation__path">{webhook.name}</code>
      </p>
      {webhook.descriptionHtml ? (
        <div className="operation__description" dangerouslySetInnerHTML={{ __html: webhook.descriptionHtml }} />
      ) : null}
      <DetailHtml detail={detail} what={`the payload of the ${webhook.name} webhook`} />
    </section>
  );
}
