// Rendered at build time only (scripts/api-reference/render-fragments.tsx): the whole reference becomes static HTML,
// which the page injects as it is, so React neither ships nor hydrates it.
import { anchorFor } from '@/lib/openapi/anchors';
import { tagAncestors, tagLabel } from '@/lib/openapi/tags';
import { Fragment } from 'react';
import type { InlineScripts } from '@/lib/inline-scripts/entries';
import type { ApiModel, ApiTag } from '@/lib/openapi/model';
import { ApiNav, SCHEMAS_SECTION, WEBHOOKS_SECTION } from './api-nav';
import { CopyLinkButton } from './copy-link';
import { AuthLabel, SecuritySchemes } from './security-schemes';
import { DetailHtml, OperationCard, WebhookCard, type DetailMarkup } from './operation-card';

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

// scripts/api-reference/render-fragments.tsx takes the reference's parts from this module.
export { AuthLabel, SCHEMAS_SECTION, WEBHOOKS_SECTION };

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
