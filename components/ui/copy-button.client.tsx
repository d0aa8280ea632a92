'use client';

import { useState } from 'react';
import { copyText } from '@/lib/browser/clipboard';
import { COPIED_MS, codeOfBlock, copyButtonAttributes, copyButtonText } from '@/lib/browser/copy-button';

/**
 * The copy button of a code block (lib/browser/copy-button.ts has its markup, shared with the reference's build-time
 * HTML). It copies `text`, or without it the code of the block it sits in.
 */
export function CopyButton({ text, label }: { text?: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const { class: className, ...attributes } = copyButtonAttributes(copied, label);
  async function copy(button: HTMLButtonElement) {
    if (!(await copyText(text ?? codeOfBlock(button)))) return;
    setCopied(true);
    window.setTimeout(() => setCopied(false), COPIED_MS);
  }
  return (
    <button {...attributes} type="button" className={className} onClick={(event) => void copy(event.currentTarget)}>
      {copyButtonText(copied)}
    </button>
  );
}
