// Build step only (scripts/build-api-model.ts): renders the reference to HTML once, so the page injects
// one string and React neither ships nor hydrates it. Never import this from app code.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiReferenceBody } from './api-reference';
import type { DetailMarkup } from './operation-card';
import { OperationDetail, SampleBlock } from './operation-detail';
import { SchemaTree } from './schema-tree';
import { createCodeHighlighter, type HighlightLanguage } from '../../lib/code/highlighter';
import { detailFragmentPath, REFERENCE_FRAGMENT_PATH } from '../../lib/openapi/fragments';
import type { ApiModel } from '../../lib/openapi/model';

/** Up to this many operations the whole reference is one page; above, details load on demand. */
export const INLINE_OPERATION_LIMIT = 150;

/**
 * On one page, how much operation detail (HTML bytes, in page order) is DOM in the markup: the first
 * screen's. The rest is deferred (see DetailHtml), so the browser parses it after load, in small tasks.
 */
export const INLINE_DETAIL_BYTES = 24_000;

/** The operations whose detail is DOM in the markup: the first one, and the next ones within `budget` bytes. */
function firstScreen(operationIds: readonly string[], details: ReadonlyMap<string, string>, budget: number): Set<string> {
  const inline = new Set<string>();
  let bytes = 0;
  for (const id of operationIds) {
    bytes += details.get(id)?.length ?? 0;
    if (inline.size > 0 && bytes > budget) break;
    inline.add(id);
  }
  return inline;
}

const asLanguage = (language: string): HighlightLanguage => (language === 'bash' || language === 'json' || language === 'ts' ? language : 'js');

/**
 * Renders the reference to HTML (`referenceHtml` of the model, and a file under `publicDir` for a
 * client-side navigation to /api). Small specs hold every detail in it; large ones get a static file per
 * operation and schema under `publicDir`, loaded on demand.
 */
export async function renderFragments(
  model: ApiModel,
  publicDir = 'public',
  inlineLimit = INLINE_OPERATION_LIMIT,
  firstScreenBytes = INLINE_DETAIL_BYTES,
): Promise<ApiModel> {
  const highlighter = await createCodeHighlighter();
  try {
    const highlight = (code: string, language: string) => highlighter.highlight(code, asLanguage(language));
    const operations = model.tags.flatMap((tag) => tag.operations);
    const mode = operations.length > inlineLimit ? 'on-demand' : 'inline';
    // In the page, samples after the first load when their tab opens: they are half the detail's weight.
    const deferSamples = mode === 'inline';
    const details = new Map(
      operations.map((operation) => [
        operation.operationId,
        renderToStaticMarkup(<OperationDetail operation={operation} highlight={highlight} deferSamples={deferSamples} />),
      ]),
    );
    const sampleFiles = deferSamples
      ? operations.flatMap((operation) =>
          operation.samples.slice(1).map(
            (sample, offset) =>
              [
                detailFragmentPath('sample', `${operation.operationId}-${offset + 1}`),
                renderToStaticMarkup(<SampleBlock html={highlight(sample.code, sample.language)} />),
              ] as const,
          ),
        )
      : [];
    const schemas = new Map(model.schemas.map((schema) => [schema.name, renderToStaticMarkup(<SchemaTree node={schema.node} isSection />)]));
    const inline = mode === 'inline';
    const onFirstScreen = firstScreen(
      operations.map((operation) => operation.operationId),
      details,
      firstScreenBytes,
    );
    const markup = (html: string | undefined, first: boolean): DetailMarkup => {
      if (!inline || html === undefined) return { kind: 'on-demand' };
      return { kind: first ? 'inline' : 'deferred', html };
    };
    const referenceHtml = renderToStaticMarkup(
      <ApiReferenceBody
        model={{ ...model, detailMode: mode }}
        details={{
          operation: (id) => markup(details.get(id), onFirstScreen.has(id)),
          schema: (name) => markup(schemas.get(name), false),
          codeCss: highlighter.css(),
          deferring: inline && (operations.length > onFirstScreen.size || model.schemas.length > 0),
        }}
      />,
    );
    const fragmentRoot = path.join(publicDir, 'generated', 'api');
    await rm(fragmentRoot, { recursive: true, force: true });
    const files = [
      [REFERENCE_FRAGMENT_PATH, referenceHtml] as const,
      ...(inline
        ? []
        : [
            ...[...details].map(([id, html]) => [detailFragmentPath('operation', id), html] as const),
            ...[...schemas].map(([name, html]) => [detailFragmentPath('schema', name), html] as const),
          ]),
      ...sampleFiles,
    ];
    for (const [url, html] of files) {
      const file = path.join(publicDir, url);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, html);
    }
    return { ...model, detailMode: mode, referenceHtml };
  } finally {
    highlighter.dispose();
  }
}
