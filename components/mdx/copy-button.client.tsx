'use client';

import { useState } from 'react';

/** Copies the text of the code block it sits in. */
export function CopyButton() {
  const [copied, setCopied] = useState(false);
  async function copy(button: HTMLButtonElement) {
    const code = button.closest('.code-block')?.querySelector('pre code');
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code.textContent ?? '');
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch (cause) {
      console.warn('[kilowise] the clipboard is not available here; select the code to copy it.', cause);
    }
  }
  return (
    <button
      type="button"
      className="code-block__copy"
      aria-label={copied ? 'Copied' : 'Copy code to clipboard'}
      title={copied ? 'Copied' : 'Copy'}
      onClick={(event) => void copy(event.currentTarget)}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
