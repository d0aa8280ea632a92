'use client';

import { useState } from 'react';
import { copyText } from '@/lib/browser/clipboard';

/** Copies the absolute URL of an anchor on this page, e.g. `…/api#operation/getLocations`. */
export function CopyLinkButton({ anchor, label }: { anchor: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    const url = `${window.location.origin}${window.location.pathname}#${anchor}`;
    if (await copyText(url)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    }
    window.history.replaceState(null, '', `#${anchor}`);
  }
  return (
    <button type="button" className="copy-link" aria-label={copied ? 'Link copied' : `Copy link to ${label}`} onClick={() => void copy()}>
      {copied ? 'Copied' : '#'}
    </button>
  );
}
