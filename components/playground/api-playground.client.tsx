'use client';

import { useSearchParams } from 'next/navigation';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { copyText } from '@/lib/browser/clipboard';
import { createSafeStorage, STORAGE_KEYS } from '@/lib/browser/storage';
import type { PlaygroundContract } from '@/lib/playground/contract';
import {
  blockingProblem,
  draftProblems,
  httpRequestOf,
  initialDraft,
  type RequestDraft,
} from '@/lib/playground/request';
import { writeCodeLanguage } from '@/lib/browser/code-language';
import { playgroundLanguages, playgroundSample, SAMPLE_LANGUAGES } from '@/lib/samples';
import { readAnswer, type PlaygroundAnswer, type PlaygroundFailure } from '@/lib/playground/response';
import { readLink, writeLink, type Target } from '@/lib/playground/url-state';
import { SANDBOX_HEADER } from '@/lib/sandbox/sandbox';
import { Tab, Tabs } from '@/components/mdx/tabs.client';
import { AccessFields } from './access-fields.client';
import { CodeView } from './code-view.client';
import { OperationPicker } from './operation-picker.client';
import { RequestForm } from './request-form.client';
import { ResponseView } from './response-view.client';
import type { SandboxRuntime } from './sandbox-runtime';
import { sandboxStore } from './sandbox-store';
import { useCodeLanguage } from './use-code-language';
import { wireMethod } from '@/lib/openapi/methods';

const keyStorage = createSafeStorage('the API key');

/** What the sandbox sends as the key when the reader gives none: it accepts any. */
const SANDBOX_KEY = 'sandbox';

/**
 * The API playground: choose an operation, fill the generated form, send it to the in-browser
 * sandbox or the live API, and read the answer and the same request as code.
 */
export function ApiPlayground({ contract }: { contract: PlaygroundContract }) {
  const searchParams = useSearchParams();
  const first = useMemo(
    () => readLink(contract, new URLSearchParams(searchParams.toString())),
    [contract, searchParams],
  );
  const [operationId, setOperationId] = useState(first.operationId);
  const [target, setTarget] = useState<Target>(first.target);
  const [draft, setDraft] = useState<RequestDraft>(first.draft);
  // The page renders in the browser only (see the loader), so storage can be read as state starts.
  const [apiKey, setApiKey] = useState(() => keyStorage.get(STORAGE_KEYS.playgroundApiKey) ?? '');
  const [remember, setRemember] = useState(() => keyStorage.get(STORAGE_KEYS.playgroundApiKey) !== null);
  const [answer, setAnswer] = useState<PlaygroundAnswer>();
  const [failure, setFailure] = useState<PlaygroundFailure>();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState(
    first.unknownOperation ? `There is no operation "${first.unknownOperation}"; showing ${first.operationId}.` : '',
  );
  const [keyProblem, setKeyProblem] = useState<string>();
  // What the address bar holds: the link opened needs no rewrite (a rewrite re-renders the whole route).
  const written = useRef(writeLink(first));

  const operation =
    contract.operations.find((candidate) => candidate.operationId === operationId) ?? contract.operations[0];
  const sandbox = useRef<SandboxRuntime>(undefined);
  const [sandboxReady, setSandboxReady] = useState(false);
  const problems = useMemo(() => (operation ? draftProblems(operation, draft) : {}), [operation, draft]);
  const languages = useMemo(() => (operation ? playgroundLanguages(operation) : []), [operation]);
  const stored = useCodeLanguage();
  const codeLanguage = languages.find((language) => language.id === stored) ?? languages[0];
  // Only the tab that shows is written: ten languages on every keystroke would be a long task on a phone.
  const sample = useMemo(
    () =>
      operation && codeLanguage ? playgroundSample(operation, draft, contract.serverUrl, codeLanguage) : undefined,
    [operation, draft, contract.serverUrl, codeLanguage],
  );

  // A link followed while the page is open (a "Try it" on another tab of the site, the navbar) starts over.
  useEffect(() => {
    if (searchParams.toString() === written.current) return;
    setOperationId(first.operationId);
    setTarget(first.target);
    setDraft(first.draft);
    setAnswer(undefined);
    setFailure(undefined);
  }, [first, searchParams]);

  // The request travels in the URL (never the key), so the address bar is always a shareable link.
  // Typing is written after a pause; a new operation or target, and every send, at once.
  const writeUrl = useCallback(() => {
    const query = writeLink({ operationId, target, draft });
    if (query === written.current) return;
    written.current = query;
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query}`);
  }, [operationId, target, draft]);
  useEffect(() => writeUrl(), [operationId, target]); // eslint-disable-line react-hooks/exhaustive-deps -- drafts wait for the pause below
  useEffect(() => {
    const timer = window.setTimeout(writeUrl, 250);
    window.addEventListener('pagehide', writeUrl);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', writeUrl);
    };
  }, [writeUrl]);

  // The sandbox (validator, state, interception) loads in its own chunk after the page shows, so opening
  // the playground is not one long task; Send request waits for it.
  useEffect(() => {
    if (target !== 'sandbox') return;
    let stopped = false;
    import('./sandbox-runtime')
      .then(({ startSandbox }) => {
        if (stopped) return;
        sandbox.current = startSandbox(contract, sandboxStore);
        // A transition: React renders it in slices that yield to the browser, not as one long task.
        startTransition(() => setSandboxReady(true));
      })
      .catch((error: unknown) => {
        if (!stopped)
          setFailure({
            message: `The sandbox could not load (${error instanceof Error ? error.message : String(error)}). Reload the page to try again.`,
          });
      });
    return () => {
      stopped = true;
      sandbox.current?.stop();
      sandbox.current = undefined;
      setSandboxReady(false);
    };
  }, [target, contract]);

  if (!operation) return null;

  function chooseOperation(id: string) {
    const next = contract.operations.find((candidate) => candidate.operationId === id);
    if (!next) return;
    setOperationId(id);
    setDraft(initialDraft(next));
    setAnswer(undefined);
    setFailure(undefined);
    setNotice('');
  }

  function changeKey(key: string) {
    setApiKey(key);
    setKeyProblem(undefined);
    if (remember) keyStorage.set(STORAGE_KEYS.playgroundApiKey, key);
  }

  function changeRemember(next: boolean) {
    setRemember(next);
    if (next && apiKey) keyStorage.set(STORAGE_KEYS.playgroundApiKey, apiKey);
    if (!next) keyStorage.remove(STORAGE_KEYS.playgroundApiKey);
  }

  function forget() {
    setApiKey('');
    setRemember(false);
    keyStorage.remove(STORAGE_KEYS.playgroundApiKey);
    setNotice('The API key is forgotten on this device.');
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!operation) return;
    const key = apiKey.trim() || (target === 'sandbox' ? SANDBOX_KEY : '');
    if (target === 'live' && operation.apiKeyHeader && !key) {
      setKeyProblem('Enter your API key to call the live API.');
      return;
    }
    const blocked = blockingProblem(operation, draft);
    if (blocked) {
      setNotice(`Not sent: ${blocked}.`);
      return;
    }
    writeUrl();
    const request = httpRequestOf(operation, draft, contract.serverUrl);
    const headers = new Headers(request.headers);
    if (operation.apiKeyHeader) headers.set(operation.apiKeyHeader, key);
    setSending(true);
    setFailure(undefined);
    const started = performance.now();
    const curl = playgroundSample(operation, draft, contract.serverUrl, languages[0] ?? SAMPLE_LANGUAGES[0]);
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        cache: 'no-store',
      });
      setAnswer(await readAnswer(response, Math.round(performance.now() - started), SANDBOX_HEADER, setAnswer));
    } catch (error) {
      setAnswer(undefined);
      const reason = error instanceof Error ? error.message : String(error);
      setFailure(
        target === 'live'
          ? {
              message: `The browser got no answer from ${new URL(contract.serverUrl).host} (${reason}). It blocked the request, because the API does not allow calls from this site (CORS), or the network failed. The request went through no other server. Run it with curl instead:`,
              curl: curl && 'code' in curl ? curl.code : undefined,
            }
          : { message: `The sandbox could not answer: ${reason}` },
      );
    } finally {
      setSending(false);
    }
  }

  async function copyLink() {
    const link = `${window.location.origin}${window.location.pathname}?${writeLink({ operationId, target, draft })}`;
    setNotice(
      (await copyText(link))
        ? 'Link copied: it reproduces this request, without your API key.'
        : 'Copy the link from the address bar.',
    );
  }

  function resetSandbox() {
    // With the sandbox off (Live), clearing its storage is the whole reset.
    if (sandbox.current) sandbox.current.reset();
    else sandboxStore.clear();
    setAnswer(undefined);
    setNotice("The sandbox is reset: it holds only the contract's example data again.");
  }

  return (
    <div className="playground">
      <form className="playground-request" aria-label="Request" onSubmit={(event) => void send(event)} noValidate>
        <OperationPicker contract={contract} value={operation.operationId} onChange={chooseOperation} />
        <div className="playground-operation">
          <p className="playground-operation__endpoint">
            <span className={`method method--${operation.method.toLowerCase()}`}>{wireMethod(operation.method)}</span>{' '}
            <code>{operation.path}</code>
          </p>
          <p className="playground-field__hint">
            {operation.summary}
            {operation.deprecated ? ' (deprecated)' : ''}.{' '}
            <a href={`/api#operation/${operation.operationId}`}>Reference</a>
          </p>
        </div>
        <AccessFields
          target={target}
          onTarget={setTarget}
          apiKey={apiKey}
          onApiKey={changeKey}
          remember={remember}
          onRemember={changeRemember}
          onForget={forget}
          serverUrl={contract.serverUrl}
          keyProblem={keyProblem}
        />
        <RequestForm
          operation={operation}
          draft={draft}
          problems={problems}
          onChange={setDraft}
          onResetBody={() => setDraft({ ...draft, body: initialDraft(operation).body })}
        />
        <div className="playground-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={sending || (target === 'sandbox' && !sandboxReady)}
          >
            Send request
          </button>
          <button type="button" className="button" onClick={() => void copyLink()}>
            Copy link
          </button>
          <button type="button" className="button" onClick={resetSandbox}>
            Reset sandbox
          </button>
        </div>
        <p className="playground-notice" role="status">
          {notice}
        </p>
      </form>
      <div className="playground-output">
        <ResponseView answer={answer} failure={failure} sending={sending} />
        <section className="playground-samples" aria-label="Request as code">
          <h2 className="playground-panel__title">Request as code</h2>
          <Tabs
            selectedLabel={codeLanguage?.label}
            onSelectLabel={(label) => {
              const picked = languages.find((language) => language.label === label);
              if (picked) writeCodeLanguage(picked.id);
            }}
          >
            {languages.map((language) => (
              <Tab key={language.id} label={language.label}>
                {sample?.id !== language.id ? null : 'code' in sample ? (
                  <CodeView code={sample.code} language={sample.highlight} label={`${sample.label} code`} />
                ) : (
                  <p className="playground-field__error">{sample.problem}</p>
                )}
              </Tab>
            ))}
          </Tabs>
        </section>
      </div>
    </div>
  );
}
