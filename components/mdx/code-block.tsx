import type { ComponentProps } from 'react';
import { CopyButton } from './copy-button.client';

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
