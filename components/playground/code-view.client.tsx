'use client';

import { CopyButton } from '@/components/ui/copy-button.client';
import type { HighlightLanguage } from '@/lib/browser/playground/highlight';
import { useHighlighted } from './use-highlighted';

/** A highlighted, copyable block of code that changes with the form. */
export function CodeView({ code, language, label }: { code: string; language: HighlightLanguage; label: string }) {
  const html = useHighlighted(code, language);
  return (
    <div className="code-block playground-code">
      <CopyButton text={code} label={`Copy ${label}`} />
      {/* A scroll region readers reach with the keyboard. */}
      <pre className="playground-code__pre" tabIndex={0} aria-label={label}>
        {html === undefined ? (
          <code className="hljs">{code}</code>
        ) : (
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  );
}
