/**
 * A code block from already-highlighted HTML. Its copy button is plain markup: the reference handles
 * every copy button with one delegated listener (ApiInteractions), so no block needs hydrating.
 */
export function StaticCodeBlock({ html, title }: { html: string; title?: string }) {
  return (
    <figure className="code-block">
      {title ? <figcaption className="code-block__title">{title}</figcaption> : null}
      <div className="code-block__body">
        <div dangerouslySetInnerHTML={{ __html: html }} />
        <button type="button" className="code-block__copy" aria-label="Copy code to clipboard" title="Copy" data-copy-code="">
          Copy
        </button>
      </div>
    </figure>
  );
}
