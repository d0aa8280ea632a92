// The preview frame of the package playgrounds: a page of its own, bundled by
// scripts/build-playground-frame.ts and loaded in an iframe with `sandbox="allow-scripts"`. The reader's
// code runs here, in an opaque origin: it cannot read the site's storage (the API key a reader chose to
// remember), and the frame's policy allows it no network. Requests go to the page, which answers them from
// the API sandbox.
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import * as brands from 'kilowise-brands';
import * as charts from 'kilowise-charts';
import * as client from 'kilowise-client';
import * as ui from 'kilowise-ui';
import type { FromFrame, PreviewMode, Theme, ToFrame } from '@/lib/package-playground/protocol';
import { Preview, type ConsoleLine, type RequestEntry, type RunView } from './preview';
import { compile, CompileError, compilerReady, describeValue, evaluate } from './run-code';
import './frame.css';
import { removeWebRtc } from './no-webrtc';

// Before anything of the reader's runs: no peer-to-peer connections (the policy already refuses the rest).
removeWebRtc(window);

const MODULES: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'kilowise-client': client,
  'kilowise-brands': brands,
  'kilowise-charts': charts,
  'kilowise-ui': ui,
};

// The page is this frame's only ancestor (its policy says frame-ancestors 'self'), and an opaque origin
// cannot name the page's origin, so messages go to `*`.
const post = (message: FromFrame) => window.parent.postMessage(message, '*');

const container = document.getElementById('root');
if (!container) throw new Error('frame.html has no #root');
// Errors in the reader's code are reported to the page, which shows them; React need not log them too.
const root = createRoot(container, { onCaughtError: () => undefined, onUncaughtError: () => undefined });

let view: RunView | undefined;
/** The run the page asked for last; a run whose code does not compile keeps the previous view on screen. */
let latest = 0;
let reported = false;

function fail(runId: number, phase: 'compile' | 'run', error: unknown) {
  if (runId !== latest || reported) return;
  reported = true;
  post({
    kind: 'error',
    runId,
    phase,
    message:
      error instanceof Error
        ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`
        : describeValue(error),
  });
}

function onCommit() {
  if (!view || view.runId !== latest || reported || view.pending) return;
  reported = true;
  post({ kind: 'done', runId: view.runId });
}

function paint() {
  if (!view) return;
  const current = view;
  flushSync(() =>
    root.render(<Preview view={current} onCommit={onCommit} onError={(error) => fail(current.runId, 'run', error)} />),
  );
}

function update(runId: number, change: (current: RunView) => RunView) {
  if (view?.runId !== runId) return;
  view = change(view);
  paint();
}

// What the reader's code writes to the console shows in the preview, under its run.
const runConsole =
  (level: ConsoleLine['level']) =>
  (...args: unknown[]) => {
    const runId = view?.runId;
    if (runId === undefined) return;
    const text = args.map((arg) => describeValue(arg)).join(' ');
    queueMicrotask(() => update(runId, (current) => ({ ...current, console: [...current.console, { level, text }] })));
  };
console.log = runConsole('log');
console.info = runConsole('info');
console.warn = runConsole('warn');
console.error = runConsole('error');

// `fetch` in the reader's code: the page answers from the API sandbox.
let nextRequestId = 1;
const waiting = new Map<
  number,
  { runId: number; started: number; resolve: (response: Response) => void; reject: (error: Error) => void }
>();

window.fetch = async (input, init) => {
  const runId = view?.runId ?? 0;
  const request = new Request(input, init);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
  const requestId = nextRequestId++;
  const entry: RequestEntry = { id: requestId, method: request.method, url: request.url, body: body || undefined };
  update(runId, (current) => ({ ...current, requests: [...current.requests, entry] }));
  return new Promise<Response>((resolve, reject) => {
    waiting.set(requestId, { runId, started: performance.now(), resolve, reject });
    post({
      kind: 'fetch',
      requestId,
      method: request.method,
      url: request.url,
      headers: [...request.headers.entries()],
      body,
    });
  });
};

function settleRequest(message: Extract<ToFrame, { kind: 'fetch-result' | 'fetch-failed' }>) {
  const pending = waiting.get(message.requestId);
  if (!pending) return;
  waiting.delete(message.requestId);
  const ms = Math.round(performance.now() - pending.started);
  const patch: Partial<RequestEntry> =
    message.kind === 'fetch-result'
      ? { status: message.status, statusText: message.statusText, responseBody: message.body, ms }
      : { failure: message.message, ms };
  update(pending.runId, (current) => ({
    ...current,
    requests: current.requests.map((entry) => (entry.id === message.requestId ? { ...entry, ...patch } : entry)),
  }));
  if (message.kind === 'fetch-result') {
    const nullBody = message.status === 204 || message.status === 205 || message.status === 304;
    pending.resolve(
      new Response(nullBody ? null : message.body, {
        status: message.status,
        statusText: message.statusText,
        headers: message.headers,
      }),
    );
  } else {
    pending.reject(new TypeError(message.message));
  }
}

function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

/** Runs code; `precompiled` is the code compiled ahead of time, which the page sends for an example's own code. */
function run(runId: number, code: string, precompiled: string | undefined, mode: PreviewMode, theme: Theme) {
  latest = runId;
  reported = false;
  applyTheme(theme);
  let compiled: string;
  try {
    compiled = precompiled ?? compile(code);
  } catch (error) {
    fail(runId, error instanceof CompileError ? 'compile' : 'run', error);
    return;
  }
  view = { runId, mode, theme, exported: undefined, pending: mode !== 'render', console: [], requests: [] };
  let exported: unknown;
  try {
    exported = evaluate(compiled, MODULES).default;
  } catch (error) {
    view = { ...view, pending: false };
    paint();
    fail(runId, 'run', error);
    return;
  }
  view = { ...view, exported };
  paint();
  if (mode === 'render') return;
  // `brands` and `client`: a function export is called (and awaited); any other value is shown as it is.
  void Promise.resolve()
    .then(() => (typeof exported === 'function' ? (exported as () => unknown)() : exported))
    .then(
      (value) => update(runId, (current) => ({ ...current, pending: false, result: { value } })),
      (error: unknown) => {
        update(runId, (current) => ({ ...current, pending: false }));
        fail(runId, 'run', error);
      },
    );
}

/**
 * The runs the page asked for, one after the other. The compiler script loads only for code that is not an
 * example's own (an edit, or code from a link): the page sends an example's code compiled ahead of time.
 */
let runQueue = Promise.resolve();

window.addEventListener('message', (event: MessageEvent<ToFrame>) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  if (message.kind === 'run') {
    const { runId, code, compiled, mode, theme } = message;
    // In the order the page sent them: a run that waits for the compiler holds back the runs after it.
    runQueue = runQueue
      .then(async () => {
        if (compiled === undefined) {
          try {
            await compilerReady();
          } catch (error) {
            latest = runId;
            reported = false;
            fail(runId, 'run', error);
            return;
          }
        }
        run(runId, code, compiled, mode, theme);
      })
      .catch((error: unknown) => {
        reported = false;
        fail(latest, 'run', error);
      });
  } else if (message.kind === 'theme') {
    applyTheme(message.theme);
    if (view) {
      view = { ...view, theme: message.theme };
      paint();
    }
  } else settleRequest(message);
});

// An error the reader's code throws later (an event handler, a timer, a promise nobody awaits).
window.addEventListener('error', (event) => {
  event.preventDefault();
  reported = false;
  fail(latest, 'run', event.error ?? event.message);
});
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  reported = false;
  fail(latest, 'run', event.reason);
});

// The page sizes the iframe to the content, so the preview never scrolls inside the page.
new ResizeObserver(() => post({ kind: 'height', height: Math.ceil(container.getBoundingClientRect().height) })).observe(
  container,
);
post({ kind: 'ready' });
