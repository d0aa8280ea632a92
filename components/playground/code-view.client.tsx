'use client';

import { useState } from 'react';
import { copyText } from '@/lib/browser/clipboard';
import type { HighlightLanguage } from './highlight';
import { useHighlighted } from './use-highlighted';

/** A highlighted, copyable block of code that changes with the form. */
export function CodeView({ code, language, label }: { code: string; language: HighlightLanguage; label: string }) {
  const html = useHighlighted(code, language);
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (await copyText(code)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    }
  }
  return (
    <div className="code-block playground-code">
      <button
        type="button"
        className="code-block__copy"
        aria-label={copied ? 'Copied' : `Copy ${label}`}
        onClick={() => void copy()}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
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
