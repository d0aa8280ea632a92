import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaygroundExample } from '@/lib/package-playground/examples';
import { codeFromHash, codeHash, MAX_HASH_LENGTH } from '@/lib/package-playground/url-state';

function exampleFromLocation(examples: readonly PlaygroundExample[]): { example: PlaygroundExample; unknown?: string } {
  const requested = new URLSearchParams(window.location.search).get('example');
  const found = examples.find((example) => example.id === requested);
  const first = examples[0];
  if (!first) throw new Error('a package playground needs at least one example');
  return found ? { example: found } : { example: first, unknown: requested ?? undefined };
}

/**
 * A package playground's example and code, and their link: `?example=` names the example, `#code/…` carries edited
 * code (decoded once the page runs, then `onCodeFromLink` runs it). The state goes to the URL after a pause.
 */
export function useExampleCode(examples: readonly PlaygroundExample[], onCodeFromLink: (code: string) => void) {
  const [start] = useState(() => exampleFromLocation(examples));
  const [example, setExample] = useState(start.example);
  const [code, setCode] = useState(start.example.code);
  const [notice, setNotice] = useState(
    start.unknown ? `There is no example "${start.unknown}"; showing "${start.example.title}".` : '',
  );
  // The latest code, for callbacks that run outside render: set where it changes, so a Run right after an edit
  // never sends the code before it.
  const latest = useRef(code);
  const changeCode = useCallback((next: string) => {
    latest.current = next;
    setCode(next);
  }, []);
  const latestCode = useCallback(() => latest.current, []);

  useEffect(() => {
    let stopped = false;
    codeFromHash(window.location.hash)
      .then((fromLink) => {
        if (stopped || fromLink === undefined) return;
        changeCode(fromLink);
        onCodeFromLink(fromLink);
      })
      .catch((error: unknown) => {
        if (!stopped) setNotice(error instanceof Error ? error.message : String(error));
      });
    return () => {
      stopped = true;
    };
  }, [onCodeFromLink, changeCode]);

  const writeUrl = useCallback(async () => {
    const url = new URL(window.location.href);
    url.searchParams.set('example', example.id);
    url.hash = '';
    if (latest.current !== example.code) {
      const hash = await codeHash(latest.current);
      if (hash.length <= MAX_HASH_LENGTH) url.hash = hash;
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
  }, [example]);
  useEffect(() => {
    const timer = window.setTimeout(() => void writeUrl(), 300);
    return () => window.clearTimeout(timer);
  }, [code, writeUrl]);

  return {
    example,
    code,
    notice,
    changeCode,
    latestCode,
    writeUrl,
    /** Starts over from an example; returns it, or undefined for an unknown id. */
    chooseExample(id: string): PlaygroundExample | undefined {
      const next = examples.find((candidate) => candidate.id === id);
      if (!next) return undefined;
      setExample(next);
      changeCode(next.code);
      setNotice('');
      return next;
    },
  };
}
