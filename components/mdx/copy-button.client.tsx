'use client';

import { useState } from 'react';
import { copyText } from '@/lib/browser/clipboard';

/** Copies the text of the code block it sits in. */
export function CopyButton() {
  const [copied, setCopied] = useState(false);
  async function copy(button: HTMLButtonElement) {
    const code = button.closest('.code-block')?.querySelector('pre code');
    if (!code) return;
    if (await copyText(code.textContent ?? '')) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
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
