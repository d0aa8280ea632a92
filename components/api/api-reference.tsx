import { anchorFor } from '@/lib/openapi/anchors';
import type { ApiModel } from '@/lib/openapi/model';
import { AnchorResolver } from './anchor-resolver.client';
import { ApiInteractions } from './api-interactions.client';
import { ApiNavTracker } from './api-nav-tracker.client';
import { CopyLinkButton } from './copy-link.client';
import { DetailHtml, MethodBadge, OperationCard } from './operation-card';
import { detailFragmentPath } from '@/lib/openapi/fragments';

const NAV_ID = 'api-nav';
const ROOT_ID = 'api-reference';

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
    <nav id={NAV_ID} className="api-nav" aria-label="API reference">
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

/** The whole API reference, rendered on the server from the validated model. */
export function ApiReference({ model, aliases }: { model: ApiModel; aliases: Readonly<Record<string, string>> }) {
  return (
    <div id={ROOT_ID} className="api-layout">
      {/* Token colours of the code highlighted at build time (class-based, see lib/code/highlighter.ts). */}
      {model.codeCss ? <style dangerouslySetInnerHTML={{ __html: model.codeCss }} /> : null}
      <aside className="api-layout__nav">
        <ApiNav model={model} />
      </aside>
      <main id="main-content" tabIndex={-1} className="api-layout__main">
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
                mode={model.detailMode}
                auth={<AuthLabel model={model} security={operation.security} />}
              />
            ))}
          </section>
        ))}
        <section id="schemas" className="api-tag" aria-labelledby="schemas-title">
          <h2 id="schemas-title">Schemas</h2>
          {model.schemas.map((schema) => (
            <section key={schema.name} id={anchorFor.schema(schema.name)} className="api-schema" aria-label={schema.name}>
              <header className="api-schema__header">
                <h3>{schema.name}</h3>
                <CopyLinkButton anchor={anchorFor.schema(schema.name)} label={schema.name} />
              </header>
              {schema.sdkSymbols ? (
                <p className="api-schema__sdk">
                  In kilowise-client:{' '}
                  {schema.sdkSymbols.map((symbol, position) => (
                    <span key={symbol.name}>
                      {position > 0 ? ', ' : null}
                      <a href={symbol.url}>
                        <code>{symbol.name}</code>
                      </a>
                    </span>
                  ))}
                </p>
              ) : null}
              <DetailHtml mode={model.detailMode} html={schema.html} src={detailFragmentPath('schema', schema.name)} what={`the ${schema.name} schema`} />
            </section>
          ))}
        </section>
      </main>
      <ApiNavTracker navId={NAV_ID} />
      <AnchorResolver aliases={aliases} />
      <ApiInteractions rootId={ROOT_ID} />
    </div>
  );
}
