import { staticCopyButtonHtml } from '@/lib/browser/copy-button';

/**
 * A code block from already-highlighted HTML. Its copy button is plain markup: the reference handles
 * every copy button with one delegated listener (ApiInteractions), so no block needs hydrating.
 */
export function StaticCodeBlock({ html, title }: { html: string; title?: string }) {
  return (
    <figure className="code-block">
      {title ? <figcaption className="code-block__title">{title}</figcaption> : null}
      {/* One element for the block and its button: the reference holds hundreds of blocks. */}
      <div className="code-block__body" dangerouslySetInnerHTML={{ __html: html + COPY_BUTTON }} />
    </figure>
  );
}

const COPY_BUTTON = staticCopyButtonHtml();
