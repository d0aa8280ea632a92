// Build step only (scripts/build-api-model.ts): renders the reference's large static parts to HTML once,
// so the page injects strings and React never hydrates them. Never import this from app code.
import { renderToStaticMarkup } from 'react-dom/server';
import { SchemaTree } from '../../components/api/schema-tree';
import { StaticCodeBlock } from '../../components/api/static-code-block';
import { createCodeHighlighter, type HighlightLanguage } from '../code/highlighter';
import type { ApiMedia, ApiModel, SchemaNode } from './model';

const asLanguage = (language: string): HighlightLanguage => (language === 'bash' || language === 'json' ? language : 'js');

/** Adds `schemaHtml`, `exampleHtml`, sample `html`, schema `html` and the token CSS to the model. */
export async function renderFragments(model: ApiModel): Promise<ApiModel> {
  const highlighter = await createCodeHighlighter();
  try {
    const codeBlock = (code: string, language: string, title?: string) =>
      renderToStaticMarkup(<StaticCodeBlock html={highlighter.highlight(code, asLanguage(language))} title={title} />);
    const schemaTree = (node: SchemaNode) => renderToStaticMarkup(<SchemaTree node={node} />);
    const media = (entry: ApiMedia, exampleTitle: string): ApiMedia => ({
      ...entry,
      schemaHtml: entry.schema ? schemaTree(entry.schema) : undefined,
      exampleHtml: entry.example ? codeBlock(entry.example, 'json', exampleTitle) : undefined,
    });
    const tags = model.tags.map((tag) => ({
      ...tag,
      operations: tag.operations.map((operation) => ({
        ...operation,
        requestBody: operation.requestBody && {
          ...operation.requestBody,
          media: operation.requestBody.media.map((entry) => media(entry, 'Request example')),
        },
        responses: operation.responses.map((response) => ({
          ...response,
          media: response.media.map((entry) => media(entry, `${response.status} example`)),
        })),
        samples: operation.samples.map((sample) => ({ ...sample, html: codeBlock(sample.code, sample.language) })),
      })),
    }));
    const schemas = model.schemas.map((schema) => ({ ...schema, html: schemaTree(schema.node) }));
    return { ...model, tags, schemas, codeCss: highlighter.css() };
  } finally {
    highlighter.dispose();
  }
}
