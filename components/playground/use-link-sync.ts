import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, type Dispatch } from 'react';
import type { OperationContract } from '@/lib/contract/operation-contract';
import type { PlaygroundAction, PlaygroundState } from '@/lib/playground/state';
import {
  readLink,
  refusalNotice,
  writeLink,
  type LinkRefusals,
  type PlaygroundLinkState,
} from '@/lib/playground/url-state';

/** The link the page was opened with (the playground's first state). */
export function useOpenedLink(contract: OperationContract) {
  const searchParams = useSearchParams();
  return useMemo(() => readLink(contract, new URLSearchParams(searchParams.toString())), [contract, searchParams]);
}

/**
 * Keeps the address bar a shareable link of the request (never the key): a new operation or target at once, typing
 * after a pause, and on `writeNow` (every send). A link followed while the page is open (a "Try it" on another tab
 * of the site, the navbar) starts over from that link.
 */
export function useLinkSync(
  opened: PlaygroundLinkState & LinkRefusals,
  state: PlaygroundState,
  dispatch: Dispatch<PlaygroundAction>,
) {
  const searchParams = useSearchParams();
  // What the address bar holds: the link opened needs no rewrite (a rewrite re-renders the whole route).
  const written = useRef(writeLink(opened));
  const { operationId, target, draft } = state;

  useEffect(() => {
    if (searchParams.toString() !== written.current)
      dispatch({ type: 'open', link: opened, notice: refusalNotice(opened) });
  }, [opened, searchParams, dispatch]);

  const writeNow = useCallback(() => {
    const query = writeLink({ operationId, target, draft });
    if (query === written.current) return;
    written.current = query;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query}`);
  }, [operationId, target, draft]);
  useEffect(() => writeNow(), [operationId, target]); // eslint-disable-line react-hooks/exhaustive-deps -- drafts wait for the pause below
  useEffect(() => {
    const timer = window.setTimeout(writeNow, 250);
    window.addEventListener('pagehide', writeNow);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', writeNow);
    };
  }, [writeNow]);
  return writeNow;
}
