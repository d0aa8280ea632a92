'use client';

import { useState } from 'react';
import { copyText } from '@/lib/browser/clipboard';

type State = 'idle' | 'copied' | 'failed';

/**
 * "Copy page": copies the page's Markdown twin (`{url}.md`), for pasting into an AI assistant or an issue.
 * The clipboard gets a promise of the text, so the copy keeps the click's user activation while the
 * twin downloads; where ClipboardItem is missing, the text is fetched first.
 */
export function CopyPageButton({ markdownUrl }: { markdownUrl: string }) {
  const [state, setState] = useState<State>('idle');
  async function copy() {
    const text = () =>
      fetch(markdownUrl).then((response) => {
        if (!response.ok) throw new Error(`${markdownUrl} answered ${response.status}`);
        return response.text();
      });
    let copied = false;
    try {
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        await navigator.clipboard.write([
          new ClipboardItem({ 'text/plain': text().then((body) => new Blob([body], { type: 'text/plain' })) }),
        ]);
        copied = true;
      } else {
        copied = await copyText(await text());
      }
    } catch (error) {
      console.warn('[kilowise] the page could not be copied as Markdown', error);
      copied = await text().then(copyText, () => false);
    }
    setState(copied ? 'copied' : 'failed');
    window.setTimeout(() => setState('idle'), 2000);
  }
  return (
    <span className="copy-page">
      <button type="button" className="copy-page__button" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy page'}
      </button>
      <a className="copy-page__link" href={markdownUrl}>
        Markdown
      </a>
      <span className="visually-hidden" role="status">
        {state === 'copied'
          ? 'The page is on the clipboard as Markdown.'
          : state === 'failed'
            ? 'The page could not be copied.'
            : ''}
      </span>
    </span>
  );
}
