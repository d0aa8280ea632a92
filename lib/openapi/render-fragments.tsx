// Build step only (scripts/build-api-model.ts): renders the reference's large static parts to HTML once,
// so the page injects strings and React never hydrates them. Never import this from app code.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { OperationDetail, SampleBlock } from '../../components/api/operation-detail';
import { SchemaTree } from '../../components/api/schema-tree';
import { createCodeHighlighter, type HighlightLanguage } from '../code/highlighter';
import { detailFragmentPath } from './fragments';
import type { ApiModel } from './model';

/** Up to this many operations the whole reference is one page; above, details load on demand. */
export const INLINE_OPERATION_LIMIT = 150;

const asLanguage = (language: string): HighlightLanguage => (language === 'bash' || language === 'json' || language === 'ts' ? language : 'js');

/**
 * Renders each operation's detail and each schema tree to HTML. Small specs keep it in the model (one
 * page); large ones get a static file per operation and schema under `publicDir`, loaded on demand.
 */
export async function renderFragments(model: ApiModel, publicDir = 'public', inlineLimit = INLINE_OPERATION_LIMIT): Promise<ApiModel> {
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
    const schemas = new Map(model.schemas.map((schema) => [schema.name, renderToStaticMarkup(<SchemaTree node={schema.node} />)]));
    const fragmentRoot = path.join(publicDir, 'generated', 'api');
    await rm(fragmentRoot, { recursive: true, force: true });
    // Every detail and schema has its file: large specs load them as they near view, small ones after a
    // client-side navigation (the page's server markup holds them otherwise).
    const files = [
      ...[...details].map(([id, html]) => [detailFragmentPath('operation', id), html] as const),
      ...[...schemas].map(([name, html]) => [detailFragmentPath('schema', name), html] as const),
      ...sampleFiles,
    ];
    for (const [url, html] of files) {
      const file = path.join(publicDir, url);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, html);
    }
    const inline = mode === 'inline';
    return {
      ...model,
      detailMode: mode,
      tags: model.tags.map((tag) => ({
        ...tag,
        operations: tag.operations.map((operation) => ({
          ...operation,
          detailHtml: inline ? details.get(operation.operationId) : undefined,
        })),
      })),
      schemas: model.schemas.map((schema) => ({ ...schema, html: inline ? schemas.get(schema.name) : undefined })),
      codeCss: highlighter.css(),
    };
  } finally {
    highlighter.dispose();
  }
}
