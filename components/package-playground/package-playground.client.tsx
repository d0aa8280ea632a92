'use client';

import { useTheme } from 'next-themes';
import { useCallback, useEffect, useRef, useState } from 'react';
import Editor from 'react-simple-code-editor';
import { copyText } from '@/lib/browser/clipboard';
import type { PlaygroundExample } from '@/lib/package-playground/examples';
import { FRAME_PATH } from '@/lib/package-playground/frame-url';
import {
  PREVIEW_MODES,
  readFrameMessage,
  type FromFrame,
  type Theme,
  type ToFrame,
} from '@/lib/package-playground/protocol';
import { codeFromHash, codeHash, MAX_HASH_LENGTH } from '@/lib/package-playground/url-state';
import type { PlaygroundContract } from '@/lib/playground/contract';
import type { SdkPackage } from '@/lib/sdk/packages';
import { highlight } from '@/components/playground/highlight';
import { answerFrameRequest, type FrameSandbox } from './frame-requests';

interface PackagePlaygroundProps {
  pkg: SdkPackage;
  examples: readonly PlaygroundExample[];
  /** kilowise-client's playground: the contract its sandbox answers from. */
  contract?: PlaygroundContract;
}

type PreviewState =
  | { status: 'loading' }
  | { status: 'running' }
  | { status: 'ready'; runId: number; ms: number }
  | { status: 'error'; phase: 'compile' | 'run'; message: string };

const MIN_FRAME_HEIGHT = 160;
const MAX_FRAME_HEIGHT = 1600;

function exampleFromLocation(examples: readonly PlaygroundExample[]): { example: PlaygroundExample; unknown?: string } {
  const requested = new URLSearchParams(window.location.search).get('example');
  const found = examples.find((example) => example.id === requested);
  const first = examples[0];
  if (!first) throw new Error('a package playground needs at least one example');
  return found ? { example: found } : { example: first, unknown: requested ?? undefined };
}

/**
 * A package playground: an editor of TypeScript and JSX beside a preview where the code runs with the
 * package in scope. The preview is a sandboxed iframe (see frame/main.tsx); this page sends it the code
 * and shows what it reports, and for kilowise-client answers its requests from the API sandbox.
 */
export function PackagePlayground({ pkg, examples, contract }: PackagePlaygroundProps) {
  const mode = PREVIEW_MODES[pkg];
  const live = mode !== 'client';
  const [start] = useState(() => exampleFromLocation(examples));
  const [example, setExample] = useState(start.example);
  const [code, setCode] = useState(start.example.code);
  const [notice, setNotice] = useState(
    start.unknown ? `There is no example "${start.unknown}"; showing "${start.example.title}".` : '',
  );
  const [preview, setPreview] = useState<PreviewState>({ status: 'loading' });
  const [frameHeight, setFrameHeight] = useState(320);
  const [tabLeaves, setTabLeaves] = useState(false);
  const [copied, setCopied] = useState(false);
  const { resolvedTheme } = useTheme();
  const theme: Theme = resolvedTheme === 'dark' ? 'dark' : 'light';

  const frame = useRef<HTMLIFrameElement>(null);
  const frameReady = useRef(false);
  const runs = useRef({ latest: 0, sentAt: 0 });
  // The code of the last run: where code runs on Run, an edit since then leaves the preview out of date.
  const [ranCode, setRanCode] = useState<string | undefined>(undefined);
  // The latest code and theme, for the frame's callbacks, Run and the URL writer (which run outside
  // render). The code is set where it changes, so a Run right after an edit never sends the code before it.
  const current = useRef({ code, theme });
  useEffect(() => {
    current.current.theme = theme;
  }, [theme]);
  const changeCode = useCallback((next: string) => {
    current.current.code = next;
    setCode(next);
  }, []);
  const sandbox = useRef<Promise<FrameSandbox> | undefined>(undefined);

  const send = useCallback((message: ToFrame) => frame.current?.contentWindow?.postMessage(message, '*'), []);
  // The sandbox loads when the reader's code first sends a request (or Reset sandbox is pressed).
  const loadSandbox = useCallback(() => {
    if (!contract) return undefined;
    sandbox.current ??= import('./frame-sandbox').then(({ createFrameSandbox }) => createFrameSandbox(contract));
    return sandbox.current;
  }, [contract]);

  const run = useCallback(
    (source: string) => {
      if (!frameReady.current) return;
      const runId = ++runs.current.latest;
      runs.current.sentAt = performance.now();
      setRanCode(source);
      setPreview((previous) => (previous.status === 'error' ? previous : { status: 'running' }));
      send({ kind: 'run', runId, code: source, mode, theme: current.current.theme });
    },
    [mode, send],
  );

  // The code from a link's hash replaces the example's once it is decoded.
  useEffect(() => {
    let stopped = false;
    codeFromHash(window.location.hash)
      .then((fromLink) => {
        if (stopped || fromLink === undefined) return;
        changeCode(fromLink);
        run(fromLink);
      })
      .catch((error: unknown) => {
        if (!stopped) setNotice(error instanceof Error ? error.message : String(error));
      });
    return () => {
      stopped = true;
    };
  }, [run, changeCode]);

  // The editor's state goes to the URL after a pause: the example as ?example=, edited code as #code/….
  const writeUrl = useCallback(async () => {
    const { code: source } = current.current;
    const url = new URL(window.location.href);
    url.searchParams.set('example', example.id);
    url.hash = '';
    if (source !== example.code) {
      const hash = await codeHash(source);
      if (hash.length <= MAX_HASH_LENGTH) url.hash = hash;
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url.href);
  }, [example]);
  useEffect(() => {
    const timer = window.setTimeout(() => void writeUrl(), 300);
    return () => window.clearTimeout(timer);
  }, [code, writeUrl]);

  // What the frame reports.
  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const message = readFrameMessage(event.data);
      if (message) handle(message);
    }
    function handle(message: FromFrame) {
      switch (message.kind) {
        case 'ready':
          frameReady.current = true;
          run(current.current.code);
          return;
        case 'height':
          setFrameHeight(Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, message.height)));
          return;
        case 'done':
          if (message.runId === runs.current.latest)
            setPreview({
              status: 'ready',
              runId: message.runId,
              ms: Math.round((performance.now() - runs.current.sentAt) * 10) / 10,
            });
          return;
        case 'error':
          if (message.runId === runs.current.latest)
            setPreview({ status: 'error', phase: message.phase, message: message.message });
          return;
        case 'fetch': {
          const answering = loadSandbox();
          if (!answering || !contract) {
            send({
              kind: 'fetch-failed',
              requestId: message.requestId,
              message: 'This playground has no API sandbox; the kilowise-client playground has one.',
            });
            return;
          }
          void answerFrameRequest(answering, contract.serverUrl, message).then(send);
          return;
        }
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [contract, loadSandbox, run, send]);

  useEffect(() => {
    if (frameReady.current) send({ kind: 'theme', theme });
  }, [theme, send]);

  function edit(next: string) {
    changeCode(next);
    setCopied(false);
    if (live) run(next);
  }

  function chooseExample(id: string) {
    const next = examples.find((candidate) => candidate.id === id);
    if (!next) return;
    setExample(next);
    changeCode(next.code);
    setNotice('');
    run(next.code);
  }

  async function copyLink() {
    await writeUrl();
    setCopied(await copyText(window.location.href));
  }

  async function resetSandbox() {
    const loaded = await loadSandbox();
    loaded?.reset();
    run(current.current.code);
  }

  const editorId = `${pkg}-code`;
  return (
    <div className="package-playground">
      <div className="package-playground__toolbar">
        <label htmlFor={`${pkg}-example`}>Example</label>
        <select id={`${pkg}-example`} value={example.id} onChange={(event) => chooseExample(event.target.value)}>
          {examples.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title}
            </option>
          ))}
        </select>
        {live ? null : (
          <button type="button" className="button button--primary" onClick={() => run(current.current.code)}>
            Run
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => chooseExample(example.id)}
          disabled={code === example.code}
        >
          Reset example
        </button>
        <button type="button" className="button" onClick={() => void copyLink()}>
          {copied ? 'Link copied' : 'Copy link'}
        </button>
        {contract ? (
          <button type="button" className="button" onClick={() => void resetSandbox()}>
            Reset sandbox
          </button>
        ) : null}
      </div>
      {notice ? (
        <p className="package-playground__notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="package-playground__panes">
        <div className="package-playground__editor">
          <label htmlFor={editorId} className="package-playground__label">
            Code
          </label>
          <Editor
            value={code}
            onValueChange={edit}
            highlight={(text) => highlight(text, 'ts')}
            textareaId={editorId}
            className="package-playground__code hljs"
            padding={12}
            tabSize={2}
            insertSpaces
            ignoreTabKey={tabLeaves}
            aria-describedby={`${editorId}-hint`}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setTabLeaves(true);
              else if (event.key !== 'Tab' && event.key !== 'Shift') setTabLeaves(false);
              if (!live && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                run(current.current.code);
              }
            }}
            onBlur={() => setTabLeaves(false)}
            spellCheck={false}
          />
          <p id={`${editorId}-hint`} className="package-playground__hint">
            {live ? 'The preview follows as you type.' : 'Run (or Ctrl+Enter) calls the sandbox.'} Tab indents; press
            Esc, then Tab, to leave the editor.
          </p>
        </div>
        <section
          className="package-playground__preview"
          aria-label="Preview"
          aria-busy={preview.status === 'loading' || preview.status === 'running'}
          data-status={preview.status}
          data-run={preview.status === 'ready' ? preview.runId : undefined}
          data-update-ms={preview.status === 'ready' ? preview.ms : undefined}
        >
          <p className="package-playground__label" aria-live="polite">
            {previewStatus(preview, live, !live && ranCode !== undefined && ranCode !== code)}
          </p>
          {preview.status === 'error' ? (
            <div className="load-error" role="alert">
              <p className="load-error__message">
                {preview.phase === 'compile' ? 'The code does not compile: ' : 'The code failed: '}
                {preview.message}
              </p>
            </div>
          ) : null}
          <iframe
            ref={frame}
            src={`/${FRAME_PATH}`}
            title={`Preview of the ${pkg} code`}
            sandbox="allow-scripts"
            className="package-playground__frame"
            style={{ height: frameHeight }}
          />
        </section>
      </div>
    </div>
  );
}

function previewStatus(preview: PreviewState, live: boolean, edited: boolean): string {
  if (edited && preview.status !== 'loading' && preview.status !== 'running')
    return 'Preview: out of date, Run updates it';
  switch (preview.status) {
    case 'loading':
      return 'Preview: loading…';
    case 'running':
      return live ? 'Preview: updating…' : 'Preview: running…';
    case 'ready':
      return `Preview: up to date (${preview.ms} ms)`;
    case 'error':
      return 'Preview: fix the code to update it';
  }
}
