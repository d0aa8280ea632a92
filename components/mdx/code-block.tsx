import type { ComponentProps } from 'react';
import { CopyButton } from '@/components/ui/copy-button.client';

type PreProps = ComponentProps<'pre'> & { 'data-title'?: string; 'data-language'?: string };

/** A shiki-highlighted block (highlighted at build time) with its title and a copy button. */
export function CodeBlock({ 'data-title': title, 'data-language': language, ...pre }: PreProps) {
  return (
    <figure className="code-block" data-language={language}>
      {title ? <figcaption className="code-block__title">{title}</figcaption> : null}
      <div className="code-block__body">
        <pre {...pre} />
        <CopyButton />
      </div>
    </figure>
  );
}

/** A block highlighted to HTML beforehand (shiki's `<pre>`), with the same frame and copy button as the guides'. */
export function HighlightedCodeBlock({ html, language }: { html: string; language?: string }) {
  return (
    <figure className="code-block" data-language={language}>
      <div className="code-block__body">
        <div dangerouslySetInnerHTML={{ __html: html }} />
        <CopyButton />
      </div>
    </figure>
  );
}
