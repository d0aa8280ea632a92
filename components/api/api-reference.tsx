// Rendered at build time only (components/api/render-fragments.tsx): the whole reference becomes static HTML,
// which the page injects as it is, so React neither ships nor hydrates it.
import { anchorFor } from '@/lib/openapi/anchors';
import { detailFragmentPath } from '@/lib/openapi/fragments';
import type { ApiModel } from '@/lib/openapi/model';
import { API_NAV_ID } from './ids';
import { CopyLinkButton } from './copy-link';
import { landingScript } from './landing-script';
import { DetailHtml, MethodBadge, OperationCard, type DetailMarkup } from './operation-card';

/** The build-time HTML of every detail, and the rules of its highlighted code's token classes. */
export interface RenderedDetails {
  operation: (operationId: string) => DetailMarkup;
  schema: (name: string) => DetailMarkup;
  codeCss: string;
  /** Whether some details are deferred (sent inside `<noscript>`, made DOM after load; see deferred-html.ts). */
  deferring: boolean;
}

function AuthLabel({ model, security }: { model: ApiModel; security: readonly string[] }) {
  if (security.length === 0) return <>none</>;
  return (
    <>
      {security.map((name, index) => {
        const scheme = model.securitySchemes.find((candidate) => candidate.name === name);
        return (
          <span key={name}>
            {index > 0 ? ' and ' : null}
            {scheme?.type === 'apiKey' && scheme.paramName ? (
              <>
                API key in the {scheme.in ?? 'header'} <code>{scheme.paramName}</code>
              </>
            ) : (
              name
            )}
          </span>
        );
      })}
    </>
  );
}

function SourceNote({ source }: { source: ApiModel['source'] }) {
  if (source.kind === 'url') {
    return (
      <p className="api-source">
        Built from <code>{source.location}</code>.
      </p>
    );
  }
  return (
    <p className={`api-source${source.fallbackReason ? ' api-source--fallback' : ''}`} role={source.fallbackReason ? 'status' : undefined}>
      Built from the pinned snapshot <code>{source.location}</code>
      {source.fallbackReason ? <> because the remote specification failed: {source.fallbackReason}</> : null}.
    </p>
  );
}

function ApiNav({ model }: { model: ApiModel }) {
  return (
    <nav id={API_NAV_ID} className="api-nav" aria-label="API reference">
      <ul>
        {model.tags.map((tag) => (
          <li key={tag.slug}>
            <a className="api-nav__tag" href={`#${anchorFor.tag(tag.slug)}`}>
              {tag.name}
            </a>
            <ul>
              {tag.operations.map((operation) => (
                <li key={operation.operationId}>
                  <a className="api-nav__operation" href={`#${anchorFor.operation(operation.operationId)}`}>
                    <MethodBadge method={operation.method} />
                    <span className={operation.deprecated ? 'api-nav__deprecated' : undefined}>{operation.summary}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <a className="api-nav__tag" href="#schemas">
            Schemas
          </a>
          <ul>
            {model.schemas.map((schema) => (
              <li key={schema.name}>
                <a className="api-nav__operation" href={`#${anchorFor.schema(schema.name)}`}>
                  {schema.name}
                </a>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  );
}

/** The content of the reference's layout: navigation column, then the main column. */
export function ApiReferenceBody({ model, details }: { model: ApiModel; details: RenderedDetails }) {
  // A preview build marks the operations its API changes touch.
  const changedOperations = new Set((model.changes?.list ?? []).flatMap((change) => (change.operationId ? [change.operationId] : [])));
  return (
    <>
      {/* Token colours of the code highlighted at build time (class-based, see lib/code/highlighter.ts). */}
      {details.codeCss ? <style dangerouslySetInnerHTML={{ __html: details.codeCss }} /> : null}
      <aside className="api-layout__nav">
        <ApiNav model={model} />
      </aside>
      <main id="main-content" tabIndex={-1} className="api-layout__main" data-detail-mode={model.detailMode} data-deferred-html={details.deferring ? 'pending' : undefined}>
        <header className="api-header">
          <h1>{model.title}</h1>
          <p className="api-header__meta">
            Version <strong>{model.version}</strong> · OpenAPI {model.openapi} · Base URL <code>{model.serverUrl}</code>
          </p>
          <SourceNote source={model.source} />
          {model.descriptionHtml ? <div className="api-header__description" dangerouslySetInnerHTML={{ __html: model.descriptionHtml }} /> : null}
        </header>
        {model.tags.map((tag) => (
          <section key={tag.slug} id={anchorFor.tag(tag.slug)} className="api-tag" aria-labelledby={`${anchorFor.tag(tag.slug)}/title`}>
            <header className="api-tag__header">
              <h2 id={`${anchorFor.tag(tag.slug)}/title`}>{tag.name}</h2>
              <CopyLinkButton anchor={anchorFor.tag(tag.slug)} label={tag.name} />
            </header>
            {tag.descriptionHtml ? <div className="api-tag__description" dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} /> : null}
            {tag.operations.map((operation) => (
              <OperationCard
                key={operation.operationId}
                operation={operation}
                auth={<AuthLabel model={model} security={operation.security} />}
                detail={details.operation(operation.operationId)}
                changed={changedOperations.has(operation.operationId)}
              />
            ))}
          </section>
        ))}
        <section id="schemas" className="api-tag" aria-labelledby="schemas-title">
          <h2 id="schemas-title">Schemas</h2>
          {model.schemas.map((schema) => {
            const detail = details.schema(schema.name);
            return (
            <section key={schema.name} id={anchorFor.schema(schema.name)} className="api-schema" aria-label={schema.name}>
              <header className="api-schema__header">
                <h3>{schema.name}</h3>
                <CopyLinkButton anchor={anchorFor.schema(schema.name)} label={schema.name} />
              </header>
              {schema.sdkSymbols ? (
                <p className="api-schema__sdk">
                  In the SDK:{' '}
                  {schema.sdkSymbols.map((symbol, position) => (
                    <span key={symbol.url}>
                      {position > 0 ? ', ' : null}
                      <a href={symbol.url}>
                        <code>{symbol.name}</code>
                      </a>{' '}
                      ({/^\/sdk\/packages\/([^/]+)\//.exec(symbol.url)?.[1] ?? 'SDK'})
                    </span>
                  ))}
                </p>
              ) : null}
              <DetailHtml detail={detail} src={detailFragmentPath('schema', schema.name)} what={`the ${schema.name} schema`} />
            </section>
            );
          })}
        </section>
        {details.deferring ? <script data-kw-script="api-landing" dangerouslySetInnerHTML={{ __html: landingScript(model.anchorAliases ?? {}) }} /> : null}
      </main>
    </>
  );
}
