// Rendered at build time only (scripts/api-reference/render-fragments.tsx): the whole reference becomes static HTML,
// which the page injects as it is, so React neither ships nor hydrates it.
import { anchorFor } from '@/lib/openapi/anchors';
import { tagAncestors, tagLabel } from '@/lib/openapi/tags';
import { Fragment, type ReactNode } from 'react';
import type { InlineScripts } from '@/lib/inline-scripts/entries';
import type { ApiModel, ApiSecurityScheme, ApiTag } from '@/lib/openapi/model';
import { API_NAV_ID } from '@/lib/browser/api-reference/ids';
import { CopyLinkButton } from './copy-link';
import { DetailHtml, MethodBadge, OperationCard, WebhookCard, type DetailMarkup } from './operation-card';

/** A group of cards the page loads from its own file (large documents): a slot in the page, and what it holds. */
export interface ChunkSlot {
  src: string;
  /** `12 operations`, `100 schemas: Account to Invoice`. */
  label: string;
}

/**
 * How the cards get into the page. `inline`: every card is in it, each detail as the build rendered it
 * (DOM, or deferred in `<noscript>`). `chunked` (large documents): each section holds slots that load groups of
 * whole cards from static files as they near the viewport; `anchorIndex` says which file holds each anchor.
 */
export type RenderedLayout =
  | {
      kind: 'inline';
      operation: (operationId: string) => DetailMarkup;
      webhook: (anchor: string) => DetailMarkup;
      schema: (name: string) => DetailMarkup;
      /** Whether some details are deferred (sent inside `<noscript>`, made DOM after load; see deferred-html.ts). */
      deferring: boolean;
    }
  | { kind: 'chunked'; chunks: (sectionId: string) => ChunkSlot[]; anchorIndex: string };

/**
 * The build-time HTML of the reference: its layout, the rules of its highlighted code's token classes, and its two
 * inline scripts as bundled ahead of time (lib/inline-scripts/entries.ts).
 */
export interface RenderedDetails {
  layout: RenderedLayout;
  codeCss: string;
  scripts: Pick<InlineScripts, 'apiEarlyEvents' | 'apiLanding'>;
}

/** The id of the section holding the webhooks, and the one holding the schemas. */
export const WEBHOOKS_SECTION = 'webhooks';
export const SCHEMAS_SECTION = 'schemas';

export function AuthLabel({ model, security }: { model: ApiModel; security: readonly string[] }) {
  if (security.length === 0) return <>none</>;
  return (
    <>
      {security.map((name, index) => {
        const scheme = model.securitySchemes.find((candidate) => candidate.name === name);
        return (
          <span key={name}>
            {index > 0 ? ' and ' : null}
            {scheme?.type === 'apiKey' && scheme.paramName ? (
              schemeKind(scheme)
            ) : scheme?.type === 'oauth2' ? (
              <>
                {schemeKind(scheme)} (<code>{name}</code>)
              </>
            ) : (
              name
            )}
            {scheme?.deprecated ? ' (deprecated)' : null}
          </span>
        );
      })}
    </>
  );
}

const FLOW_LABELS: Record<string, string> = {
  authorizationCode: 'Authorization code',
  clientCredentials: 'Client credentials',
  deviceAuthorization: 'Device authorization',
  implicit: 'Implicit',
  password: 'Password',
};

/** What a scheme is, in a few words: `API key in the header X-Key`, `HTTP bearer`, `OAuth 2.0`. */
function schemeKind(scheme: ApiSecurityScheme): ReactNode {
  if (scheme.type === 'apiKey')
    return (
      <>
        API key in the {scheme.in ?? 'header'} {scheme.paramName ? <code>{scheme.paramName}</code> : null}
      </>
    );
  if (scheme.type === 'http') return <>HTTP {scheme.scheme ?? ''}</>;
  if (scheme.type === 'oauth2') return <>OAuth 2.0</>;
  if (scheme.type === 'openIdConnect') return <>OpenID Connect</>;
  return <>{scheme.type}</>;
}

/**
 * The document's security schemes, closed by default: each one's kind, description and, for OAuth 2.0, its flows
 * (3.2's device authorization among them) with their URLs and scopes, and its metadata URL.
 */
function SecuritySchemes({ model }: { model: ApiModel }) {
  if (model.securitySchemes.length === 0) return null;
  return (
    <details className="api-auth">
      <summary>
        Authentication: {model.securitySchemes.length} scheme{model.securitySchemes.length === 1 ? '' : 's'}
      </summary>
      <dl>
        {model.securitySchemes.map((scheme) => (
          <div key={scheme.name} className="api-auth__scheme">
            <dt>
              <code>{scheme.name}</code> {schemeKind(scheme)}
              {scheme.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
            </dt>
            <dd>
              {scheme.descriptionHtml ? <div dangerouslySetInnerHTML={{ __html: scheme.descriptionHtml }} /> : null}
              {scheme.oauth2MetadataUrl ? (
                <p>
                  Server metadata: <code>{scheme.oauth2MetadataUrl}</code>
                </p>
              ) : null}
              {scheme.openIdConnectUrl ? (
                <p>
                  Discovery: <code>{scheme.openIdConnectUrl}</code>
                </p>
              ) : null}
              {scheme.flows?.map((flow) => (
                <div key={flow.flow} className="api-auth__flow">
                  <p>
                    <strong>{FLOW_LABELS[flow.flow] ?? flow.flow} flow</strong>
                    {flow.deviceAuthorizationUrl ? (
                      <>
                        {' '}
                        · device authorization <code>{flow.deviceAuthorizationUrl}</code>
                      </>
                    ) : null}
                    {flow.authorizationUrl ? (
                      <>
                        {' '}
                        · authorization <code>{flow.authorizationUrl}</code>
                      </>
                    ) : null}
                    {flow.tokenUrl ? (
                      <>
                        {' '}
                        · token <code>{flow.tokenUrl}</code>
                      </>
                    ) : null}
                    {flow.refreshUrl ? (
                      <>
                        {' '}
                        · refresh <code>{flow.refreshUrl}</code>
                      </>
                    ) : null}
                  </p>
                  {flow.scopes.length > 0 ? (
                    <ul>
                      {flow.scopes.map((scope) => (
                        <li key={scope.name}>
                          <code>{scope.name}</code>: {scope.description}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </details>
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
    <p
      className={`api-source${source.fallbackReason ? ' api-source--fallback' : ''}`}
      role={source.fallbackReason ? 'status' : undefined}
    >
      Built from the pinned snapshot <code>{source.location}</code>
      {source.fallbackReason ? <> because the remote specification failed: {source.fallbackReason}</> : null}.
    </p>
  );
}

/**
 * Which request samples run in this site's CI: all of them, for Kilowise's own contract (the one the sandbox
 * simulates, whose operations carry kilowise-client's calls); a document of another API gets no such claim.
 */
function SamplesNote({ model }: { model: ApiModel }) {
  const kilowise = model.tags.some((tag) =>
    tag.operations.some((operation) => operation.samples.some((sample) => sample.label === 'kilowise-client')),
  );
  if (!kilowise) return null;
  return (
    <p className="api-header__samples">
      Every operation&apos;s request samples run against the sandbox in our CI, in all eleven languages: curl, Node.js,
      Python, Go, Java, C#, PHP, Ruby and Kotlin as programs, JavaScript in Chromium, and kilowise-client through the
      package.
    </p>
  );
}

/** One entry of the navigation: a link to a card, with its method badge when it has one. */
interface NavItem {
  key: string;
  href: string;
  label: string;
  method?: string;
  deprecated?: boolean;
}

/**
 * A group of the navigation: its link, and its entries (a large document shows only how many there are), then
 * the groups nested under it (OpenAPI 3.2 tag parents).
 */
function NavGroup({
  href,
  name,
  items,
  noun,
  compact,
  nested,
}: {
  href: string;
  name: string;
  items: readonly NavItem[];
  noun: string;
  compact: boolean;
  nested?: ReactNode;
}) {
  if (items.length === 0 && !nested) return null;
  return (
    <li>
      <a className="api-nav__tag" href={href}>
        {name}
        {compact && items.length > 0 ? (
          <span className="api-nav__count">
            {' '}
            {`${items.length.toLocaleString('en')} ${noun}${items.length === 1 ? '' : 's'}`}
          </span>
        ) : null}
      </a>
      {compact || items.length === 0 ? null : (
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              <a className="api-nav__operation" href={item.href}>
                {item.method ? <MethodBadge method={item.method} /> : null}
                {item.method ? (
                  <span className={item.deprecated ? 'api-nav__deprecated' : undefined}>{item.label}</span>
                ) : (
                  item.label
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
      {nested ? <ul className="api-nav__children">{nested}</ul> : null}
    </li>
  );
}

/** A tag's group of the navigation, with the groups of the tags nested under it. */
function TagNavGroup({ model, tag, compact }: { model: ApiModel; tag: ApiTag; compact: boolean }) {
  const children = model.tags.filter((candidate) => candidate.parent === tag.name);
  return (
    <NavGroup
      href={`#${anchorFor.tag(tag.slug)}`}
      name={tagLabel(tag)}
      noun="operation"
      compact={compact}
      items={tag.operations.map((operation) => ({
        key: operation.operationId,
        href: `#${anchorFor.operation(operation.operationId)}`,
        label: operation.summary,
        method: operation.method,
        deprecated: operation.deprecated,
      }))}
      nested={
        children.length > 0
          ? children.map((child) => <TagNavGroup key={child.slug} model={model} tag={child} compact={compact} />)
          : undefined
      }
    />
  );
}

/** The navigation: every tag with its operations, the webhooks and the schemas; for a large document the groups alone. */
function ApiNav({ model, compact }: { model: ApiModel; compact: boolean }) {
  return (
    <nav id={API_NAV_ID} className="api-nav" aria-label="API reference">
      <ul>
        {model.tags
          .filter((tag) => tag.parent === undefined || !model.tags.some((candidate) => candidate.name === tag.parent))
          .map((tag) => (
            <TagNavGroup key={tag.slug} model={model} tag={tag} compact={compact} />
          ))}
        <NavGroup
          href={`#${WEBHOOKS_SECTION}`}
          name="Webhooks"
          noun="webhook"
          compact={compact}
          items={model.webhooks.map((webhook) => ({
            key: webhook.anchor,
            href: `#${webhook.anchor}`,
            label: webhook.name,
            method: webhook.method,
            deprecated: webhook.deprecated,
          }))}
        />
        <NavGroup
          href={`#${SCHEMAS_SECTION}`}
          name="Schemas"
          noun="schema"
          compact={compact}
          items={model.schemas.map((schema) => ({
            key: schema.name,
            href: `#${anchorFor.schema(schema.name)}`,
            label: schema.name,
          }))}
        />
      </ul>
    </nav>
  );
}

/** A named schema's card: its name, the SDK types that mirror it, and its tree. */
export function SchemaCard({ schema, detail }: { schema: ApiModel['schemas'][number]; detail: DetailMarkup }) {
  return (
    <section id={anchorFor.schema(schema.name)} className="api-schema" aria-label={schema.name}>
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
      <DetailHtml detail={detail} what={`the ${schema.name} schema`} />
    </section>
  );
}

/** Slots for groups of cards a large document's page loads from their files (see ChunkSlot). */
function ChunkSlots({ chunks }: { chunks: readonly ChunkSlot[] }) {
  return (
    <>
      {chunks.map((chunk) => (
        <div key={chunk.src} className="api-deferred api-chunk" data-detail-src={chunk.src} aria-busy="true">
          <button type="button" className="api-deferred__button" data-load-detail="">
            Show {chunk.label}
          </button>
          <noscript>
            {chunk.label}: this page loads them with JavaScript. Without it,{' '}
            <a href="/api.md">the reference as Markdown</a> has every operation, webhook and schema.
          </noscript>
        </div>
      ))}
    </>
  );
}

/** The operations a preview build's API changes touch, which their cards mark. */
export function changedOperationIds(model: ApiModel): Set<string> {
  return new Set((model.changes?.list ?? []).flatMap((change) => (change.operationId ? [change.operationId] : [])));
}

/** The content of the reference's layout: navigation column, then the main column. */
export function ApiReferenceBody({ model, details }: { model: ApiModel; details: RenderedDetails }) {
  const changedOperations = changedOperationIds(model);
  const { layout } = details;
  const chunked = layout.kind === 'chunked';
  return (
    <>
      <script data-kw-script="api-early-events" dangerouslySetInnerHTML={{ __html: details.scripts.apiEarlyEvents }} />
      {/* Token colours of the code highlighted at build time (class-based, see lib/code/highlighter.ts). */}
      {details.codeCss ? <style dangerouslySetInnerHTML={{ __html: details.codeCss }} /> : null}
      <aside className="api-layout__nav">
        <ApiNav model={model} compact={chunked} />
      </aside>
      <main
        id="main-content"
        tabIndex={-1}
        className="api-layout__main"
        data-detail-mode={model.detailMode}
        data-deferred-html={layout.kind === 'inline' && layout.deferring ? 'pending' : undefined}
        data-anchor-index={chunked ? layout.anchorIndex : undefined}
        data-fragment-root={model.fragmentRoot}
      >
        <ApiHeader model={model} />
        {model.tags.map((tag) => (
          <TagSection key={tag.slug} model={model} tag={tag} layout={layout} changed={changedOperations} />
        ))}
        <WebhooksSection model={model} layout={layout} />
        <SchemasSection model={model} layout={layout} />
        {layout.kind === 'inline' && layout.deferring ? (
          <script
            data-kw-script="api-landing"
            data-aliases={JSON.stringify(model.anchorAliases ?? {})}
            dangerouslySetInnerHTML={{ __html: details.scripts.apiLanding }}
          />
        ) : null}
      </main>
    </>
  );
}

/** The reference's header: title, version, base URL, the contract's files, the source, security and description. */
function ApiHeader({ model }: { model: ApiModel }) {
  return (
    <header className="api-header">
      <h1>{model.title}</h1>
      <p className="api-header__meta">
        Version <strong>{model.version}</strong> · OpenAPI {model.openapi}
        {model.serverUrl ? (
          <>
            {' '}
            · Base URL <code>{model.serverUrl}</code>
            {model.serverName ? ` (${model.serverName})` : null}
          </>
        ) : null}
      </p>
      <p className="api-header__contract">
        The contract, for client generators and tools:{' '}
        <a href="/openapi.json" download="kilowise-openapi.json">
          openapi.json
        </a>{' '}
        ·{' '}
        <a href="/openapi.yaml" download="kilowise-openapi.yaml">
          openapi.yaml
        </a>
      </p>
      <SourceNote source={model.source} />
      <SamplesNote model={model} />
      <SecuritySchemes model={model} />
      {model.descriptionHtml ? (
        <div className="api-header__description" dangerouslySetInnerHTML={{ __html: model.descriptionHtml }} />
      ) : null}
    </header>
  );
}

/** One tag's section: its parents, title and description, and its operations' cards (or a large document's slots). */
function TagSection({
  model,
  tag,
  layout,
  changed,
}: {
  model: ApiModel;
  tag: ApiTag;
  layout: RenderedLayout;
  changed: ReadonlySet<string>;
}) {
  return (
    <section id={anchorFor.tag(tag.slug)} className="api-tag" aria-labelledby={`${anchorFor.tag(tag.slug)}/title`}>
      <header className="api-tag__header">
        {tag.parent ? (
          <p className="api-tag__parents">
            {tagAncestors(model, tag).map((parent) => (
              <Fragment key={parent.slug}>
                <a href={`#${anchorFor.tag(parent.slug)}`}>{tagLabel(parent)}</a> ›{' '}
              </Fragment>
            ))}
          </p>
        ) : null}
        <h2 id={`${anchorFor.tag(tag.slug)}/title`}>{tagLabel(tag)}</h2>
        <CopyLinkButton anchor={anchorFor.tag(tag.slug)} label={tagLabel(tag)} />
      </header>
      {tag.descriptionHtml ? (
        <div className="api-tag__description" dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} />
      ) : null}
      {layout.kind === 'chunked' ? (
        <ChunkSlots chunks={layout.chunks(anchorFor.tag(tag.slug))} />
      ) : (
        tag.operations.map((operation) => (
          <OperationCard
            key={operation.operationId}
            operation={operation}
            auth={<AuthLabel model={model} security={operation.security} />}
            detail={layout.operation(operation.operationId)}
            changed={changed.has(operation.operationId)}
          />
        ))
      )}
    </section>
  );
}

function WebhooksSection({ model, layout }: { model: ApiModel; layout: RenderedLayout }) {
  if (model.webhooks.length === 0) return null;
  return (
    <section id={WEBHOOKS_SECTION} className="api-tag" aria-labelledby="webhooks-title">
      <header className="api-tag__header">
        <h2 id="webhooks-title">Webhooks</h2>
        <CopyLinkButton anchor={WEBHOOKS_SECTION} label="Webhooks" />
      </header>
      <p className="api-tag__description">Requests this API sends to an endpoint of yours when something happens.</p>
      {layout.kind === 'chunked' ? (
        <ChunkSlots chunks={layout.chunks(WEBHOOKS_SECTION)} />
      ) : (
        model.webhooks.map((webhook) => (
          <WebhookCard key={webhook.anchor} webhook={webhook} detail={layout.webhook(webhook.anchor)} />
        ))
      )}
    </section>
  );
}

function SchemasSection({ model, layout }: { model: ApiModel; layout: RenderedLayout }) {
  if (model.schemas.length === 0) return null;
  return (
    <section id={SCHEMAS_SECTION} className="api-tag" aria-labelledby="schemas-title">
      <h2 id="schemas-title">Schemas</h2>
      {layout.kind === 'chunked' ? (
        <ChunkSlots chunks={layout.chunks(SCHEMAS_SECTION)} />
      ) : (
        model.schemas.map((schema) => (
          <SchemaCard key={schema.name} schema={schema} detail={layout.schema(schema.name)} />
        ))
      )}
    </section>
  );
}
