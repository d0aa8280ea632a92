// Build step only (scripts/build-api-model.ts): renders the reference to HTML once, so the page injects
// one string and React neither ships nor hydrates it. Never import this from app code.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  ApiReferenceBody,
  AuthLabel,
  changedOperationIds,
  SCHEMAS_SECTION,
  SchemaCard,
  WEBHOOKS_SECTION,
  type ChunkSlot,
  type RenderedDetails,
  type RenderedLayout,
} from '../../components/api/api-reference';
import { OperationCard, WebhookCard, type DetailMarkup } from '../../components/api/operation-card';
import { OperationDetail, SampleBlock, type DetailSamples } from '../../components/api/operation-detail';
import { SchemaTree } from '../../components/api/schema-tree';
import { createCodeHighlighter, HIGHLIGHT_LANGUAGES, type HighlightLanguage } from '../../lib/code/highlighter';
import { readInlineScripts } from '../../lib/inline-scripts/read';
import { anchorFor } from '../../lib/openapi/anchors';
import {
  anchorIndexPath,
  chunkPath,
  detailFragmentPath,
  FRAGMENTS_BASE,
  referenceFragmentPath,
  sampleFragmentPath,
  type AnchorIndex,
} from '../../lib/openapi/fragments';
import { httpSample, SAMPLE_LANGUAGES } from '../../lib/samples';
import type { ApiModel } from '../../lib/openapi/model';
import { schemaIndex } from '../../lib/openapi/schema-index';

/** Up to this many operations and webhooks the whole reference is one page; above, cards load in groups. */
export const INLINE_OPERATION_LIMIT = 150;

/**
 * On one page, how much operation detail (HTML bytes, in page order) is DOM in the markup: the first
 * screen's. The rest is deferred (see DetailHtml), so the browser parses it after load, in small tasks.
 */
export const INLINE_DETAIL_BYTES = 24_000;

/**
 * A large document's group of cards: at most this many cards, and at most this many gzip bytes (counted card by
 * card, which over-counts), so one group is quick to fetch and to put in the page.
 */
export const CHUNK_CARDS = 12;
export const CHUNK_GZIP_BYTES = 24_000;

/** A rendering's folder is named by this many hex digits of a hash of its model. */
const BUILD_ID_LENGTH = 12;

/**
 * Earlier renderings kept beside this one: builds made one after the other (production, preview, the e2e build of a
 * large document) are served side by side, each from its own folder.
 */
const KEPT_RENDERINGS = 3;

/** Removes everything under `dir` but `current` and the KEPT_RENDERINGS newest other renderings. */
async function pruneRenderings(dir: string, current: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  });
  const renderings = await Promise.all(
    entries
      .filter(
        (entry) =>
          entry.isDirectory() &&
          entry.name !== current &&
          new RegExp(`^[0-9a-f]{${BUILD_ID_LENGTH}}$`).test(entry.name),
      )
      .map(async (entry) => ({ name: entry.name, modified: (await stat(path.join(dir, entry.name))).mtimeMs })),
  );
  const kept = new Set([
    current,
    ...renderings
      .sort((a, b) => b.modified - a.modified)
      .slice(0, KEPT_RENDERINGS)
      .map((entry) => entry.name),
  ]);
  for (const entry of entries)
    if (!kept.has(entry.name)) await rm(path.join(dir, entry.name), { recursive: true, force: true });
}

/** The operations whose detail is DOM in the markup: the first one, and the next ones within `budget` bytes. */
function firstScreen(
  operationIds: readonly string[],
  details: ReadonlyMap<string, string>,
  budget: number,
): Set<string> {
  const inline = new Set<string>();
  let bytes = 0;
  for (const id of operationIds) {
    bytes += details.get(id)?.length ?? 0;
    if (inline.size > 0 && bytes > budget) break;
    inline.add(id);
  }
  return inline;
}

const asLanguage = (language: string): HighlightLanguage =>
  (HIGHLIGHT_LANGUAGES as readonly string[]).includes(language) ? (language as HighlightLanguage) : 'js';

/** A whole card of a large document, rendered for its group's file. */
interface Card {
  anchor: string;
  title: string;
  html: string;
}

/** Cards in groups of at most CHUNK_CARDS cards and CHUNK_GZIP_BYTES (the first card of a group always fits). */
function groupCards(cards: readonly Card[]): Card[][] {
  const groups: Card[][] = [];
  let current: Card[] = [];
  let bytes = 0;
  for (const card of cards) {
    const size = gzipSync(card.html).length;
    if (current.length > 0 && (current.length >= CHUNK_CARDS || bytes + size > CHUNK_GZIP_BYTES)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(card);
    bytes += size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** What the parts of one rendering share: the model, its folder, the renderer, and the files it writes. */
interface Rendering {
  model: ApiModel;
  /** The rendering's folder under public/: `/generated/api/{build}`. */
  root: string;
  render: (element: ReactElement) => string;
  highlight: (code: string, language: string) => string;
  index: ReturnType<typeof schemaIndex>;
  /** Each file to write, by its URL. */
  files: (readonly [string, string | Buffer])[];
}

/**
 * Renders the reference to HTML (`referenceHtml` of the model, and a file under `publicDir` for a
 * client-side navigation to /api), and a file per sample language and tag (loaded when the reader picks that
 * language). A small document holds every card in the page and a file per schema tree (what a named schema's
 * disclosure loads while its section is still deferred). A large one holds slots that load groups of cards from
 * their files, and an index of which file holds each anchor (which a named schema's disclosure uses too).
 */
export async function renderFragments(
  model: ApiModel,
  publicDir = 'public',
  inlineLimit = INLINE_OPERATION_LIMIT,
  firstScreenBytes = INLINE_DETAIL_BYTES,
): Promise<ApiModel> {
  const { apiEarlyEvents, apiLanding } = readInlineScripts();
  const highlighter = await createCodeHighlighter();
  try {
    const build = createHash('sha256').update(JSON.stringify(model)).digest('hex').slice(0, BUILD_ID_LENGTH);
    const rendering: Rendering = {
      model,
      root: `${FRAGMENTS_BASE}/${build}`,
      render: (element) => renderToStaticMarkup(element),
      highlight: (code, language) => highlighter.highlight(code, asLanguage(language)),
      index: schemaIndex(model),
      files: [],
    };
    const { root, render, files } = rendering;
    const operations = model.tags.flatMap((tag) => tag.operations);
    const inlineMode = operations.length + model.webhooks.length <= inlineLimit;
    const details = renderOperationDetails(rendering);
    const webhookDetails = new Map(
      model.webhooks.map((webhook) => [
        webhook.anchor,
        render(<OperationDetail operation={webhook} highlight={rendering.highlight} index={rendering.index} webhook />),
      ]),
    );
    const schemas = new Map(
      model.schemas.map((schema) => [
        schema.name,
        render(<SchemaTree node={schema.node} index={rendering.index} isSection />),
      ]),
    );
    const layout = inlineMode
      ? inlineLayout(rendering, { details, webhookDetails, schemas }, firstScreenBytes)
      : chunkedLayout(rendering, { details, webhookDetails, schemas });
    // The token classes of everything highlighted above.
    const rendered: RenderedDetails = { codeCss: highlighter.css(), scripts: { apiEarlyEvents, apiLanding }, layout };
    const referenceHtml = render(
      <ApiReferenceBody
        model={{ ...model, detailMode: inlineMode ? 'inline' : 'on-demand', fragmentRoot: root }}
        details={rendered}
      />,
    );
    files.push([referenceFragmentPath(root), referenceHtml]);
    await writeRendering(publicDir, build, root, files);
    return { ...model, detailMode: inlineMode ? 'inline' : 'on-demand', fragmentRoot: root, referenceHtml };
  } finally {
    highlighter.dispose();
  }
}

/**
 * Each operation's detail, by its operationId. Its samples: curl in the page; the other HTTP languages are written
 * in the browser from the request when picked (a fragment per language would be most of a large document's files);
 * kilowise-client's call, the SDK's own @example, goes to one file per tag.
 */
function renderOperationDetails({ model, root, render, highlight, index, files }: Rendering): Map<string, string> {
  const sampleFiles = new Map<string, string[]>();
  const details = new Map(
    model.tags.flatMap((tag) =>
      tag.operations.map((operation) => {
        const client = operation.samples.find((sample) => sample.label === 'kilowise-client')?.code;
        const [curl, ...others] = SAMPLE_LANGUAGES.filter(
          (language) => language.id !== 'kilowise-client' || client !== undefined,
        );
        const src = sampleFragmentPath(root, 'kilowise-client', tag.slug);
        const written = curl ? httpSample('curl', operation.sampleRequest) : undefined;
        const samples: DetailSamples | undefined =
          curl && written !== undefined
            ? {
                first: { ...curl, ...(typeof written === 'string' ? { code: written } : written) },
                request: operation.sampleRequest,
                others: others.map((language) => ({
                  language,
                  src: language.id === 'kilowise-client' ? src : undefined,
                })),
              }
            : undefined;
        const clientLanguage = others.find((language) => language.id === 'kilowise-client');
        if (client !== undefined && clientLanguage) {
          const block = render(
            <div data-sample-of={operation.operationId}>
              <SampleBlock sample={{ ...clientLanguage, code: client }} highlight={highlight} />
            </div>,
          );
          sampleFiles.set(src, [...(sampleFiles.get(src) ?? []), block]);
        }
        return [
          operation.operationId,
          render(<OperationDetail operation={operation} highlight={highlight} index={index} samples={samples} />),
        ] as const;
      }),
    ),
  );
  for (const [src, blocks] of sampleFiles) files.push([src, blocks.join('')]);
  return details;
}

/** The details rendered: operations' by operationId, webhooks' by anchor, schema trees by name. */
interface DetailHtmls {
  details: ReadonlyMap<string, string>;
  webhookDetails: ReadonlyMap<string, string>;
  schemas: ReadonlyMap<string, string>;
}

/**
 * A small document's layout: every card in the page, the first screen's details as DOM and the rest deferred, and
 * a file per schema tree (what a named schema's disclosure loads when its section is not DOM yet).
 */
function inlineLayout(
  { model, root, files }: Rendering,
  { details, webhookDetails, schemas }: DetailHtmls,
  firstScreenBytes: number,
): RenderedLayout {
  const operations = model.tags.flatMap((tag) => tag.operations);
  const onFirstScreen = firstScreen(
    operations.map((operation) => operation.operationId),
    details,
    firstScreenBytes,
  );
  const markup = (html: string | undefined, first: boolean): DetailMarkup => ({
    kind: first ? 'inline' : 'deferred',
    html: html ?? '',
  });
  for (const [name, html] of schemas) files.push([detailFragmentPath(root, 'schema', name), html]);
  return {
    kind: 'inline',
    operation: (id) => markup(details.get(id), onFirstScreen.has(id)),
    webhook: (anchor) => markup(webhookDetails.get(anchor), false),
    schema: (name) => markup(schemas.get(name), false),
    deferring: operations.length > onFirstScreen.size || model.webhooks.length > 0 || model.schemas.length > 0,
  };
}

/** A large document's layout: each section's whole cards in groups, a file each, and an index of their anchors. */
function chunkedLayout(
  { model, root, render, files }: Rendering,
  { details, webhookDetails, schemas }: DetailHtmls,
): RenderedLayout {
  const changed = changedOperationIds(model);
  const inline = (html: string | undefined): DetailMarkup => ({ kind: 'inline', html: html ?? '' });
  const sections = new Map<string, Card[]>();
  for (const tag of model.tags) {
    sections.set(
      anchorFor.tag(tag.slug),
      tag.operations.map((operation) => ({
        anchor: anchorFor.operation(operation.operationId),
        title: operation.summary,
        html: render(
          <OperationCard
            operation={operation}
            auth={<AuthLabel model={model} security={operation.security} />}
            detail={inline(details.get(operation.operationId))}
            changed={changed.has(operation.operationId)}
          />,
        ),
      })),
    );
  }
  sections.set(
    WEBHOOKS_SECTION,
    model.webhooks.map((webhook) => ({
      anchor: webhook.anchor,
      title: webhook.name,
      html: render(<WebhookCard webhook={webhook} detail={inline(webhookDetails.get(webhook.anchor))} />),
    })),
  );
  sections.set(
    SCHEMAS_SECTION,
    model.schemas.map((schema) => ({
      anchor: anchorFor.schema(schema.name),
      title: schema.name,
      html: render(<SchemaCard schema={schema} detail={inline(schemas.get(schema.name))} />),
    })),
  );
  const anchorIndex: AnchorIndex = { chunks: [], anchors: {} };
  const slots = new Map<string, ChunkSlot[]>();
  for (const [section, cards] of sections) {
    const word = section === SCHEMAS_SECTION ? 'schema' : section === WEBHOOKS_SECTION ? 'webhook' : 'operation';
    slots.set(
      section,
      groupCards(cards).map((group) => {
        const number = anchorIndex.chunks.length;
        const src = chunkPath(root, number);
        anchorIndex.chunks.push(src);
        for (const card of group) anchorIndex.anchors[card.anchor] = number;
        files.push([src, gzipSync(group.map((card) => card.html).join(''), { level: 9 })]);
        const first = group[0]?.title ?? '';
        const last = group.at(-1)?.title ?? '';
        return {
          src,
          label: group.length === 1 ? `1 ${word}: ${first}` : `${group.length} ${word}s: ${first} to ${last}`,
        };
      }),
    );
  }
  files.push([anchorIndexPath(root), JSON.stringify(anchorIndex)]);
  return { kind: 'chunked', chunks: (section) => slots.get(section) ?? [], anchorIndex: anchorIndexPath(root) };
}

/** Writes the rendering's files into its folder, where earlier renderings beyond the ones kept have gone. */
async function writeRendering(
  publicDir: string,
  build: string,
  root: string,
  files: readonly (readonly [string, string | Buffer])[],
): Promise<void> {
  await pruneRenderings(path.join(publicDir, FRAGMENTS_BASE), build);
  // The same model renders to the same folder; what an earlier version of this renderer left there goes.
  await rm(path.join(publicDir, root), { recursive: true, force: true });
  const folders = new Set(files.map(([url]) => path.dirname(path.join(publicDir, url))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  for (const [url, html] of files) await writeFile(path.join(publicDir, url), html);
}
