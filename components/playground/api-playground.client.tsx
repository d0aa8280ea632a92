'use client';

import { useMemo } from 'react';
import { writeCodeLanguage } from '@/lib/browser/code-language';
import { wireMethod } from '@/lib/openapi/methods';
import type { ContractOperation, OperationContract } from '@/lib/contract/operation-contract';
import { fieldKey, type RequestDraft } from '@/lib/contract/request-draft';
import { playgroundSample, type SampleLanguage } from '@/lib/samples';
import { Tab, Tabs } from '@/components/mdx/tabs.client';
import { AccessFields } from './access-fields.client';
import { CodeView } from './code-view.client';
import { OperationPicker } from './operation-picker.client';
import { RequestForm } from './request-form.client';
import { ResponseView } from './response-view.client';
import { SandboxControls } from './sandbox-controls.client';
import { SandboxRequests } from './sandbox-requests.client';
import { useApiPlayground } from './use-api-playground';
import { useCodeLanguage } from './use-code-language';

/**
 * The API playground: choose an operation, fill the generated form, send it to the in-browser
 * sandbox or the live API, and read the answer and the same request as code. Its state and actions are
 * useApiPlayground's; this is what the reader sees.
 */
export function ApiPlayground({ contract }: { contract: OperationContract }) {
  const { state, dispatch, operation, problems, languages, key, canSend, send, stop, copyLink, sandbox, resetSandbox } =
    useApiPlayground(contract);
  const { draft, target } = state;
  if (!operation) return null;
  const deviceParameter = operation.parameters.find(
    (parameter) => parameter.in === 'path' && parameter.name === 'deviceId',
  );

  return (
    <div className="playground">
      <div className="playground-input">
        <form className="playground-request" aria-label="Request" onSubmit={(event) => void send(event)} noValidate>
          <OperationPicker
            contract={contract}
            value={operation.operationId}
            onChange={(id) => {
              const next = contract.operations.find((candidate) => candidate.operationId === id);
              if (next) dispatch({ type: 'choose', operation: next });
            }}
          />
          <OperationSummary operation={operation} />
          <AccessFields
            target={target}
            onTarget={(next) => dispatch({ type: 'target', target: next })}
            apiKey={key.apiKey}
            onApiKey={key.change}
            remember={key.remember}
            onRemember={key.changeRemember}
            onForget={key.forget}
            serverUrl={contract.serverUrl}
            keyProblem={key.problem}
          />
          <RequestForm
            operation={operation}
            draft={draft}
            problems={problems}
            onChange={(next) => dispatch({ type: 'draft', draft: next })}
            onResetBody={() => dispatch({ type: 'resetBody', operation })}
          />
          <RequestActions
            canSend={canSend}
            sending={state.sending}
            onStop={stop}
            onCopyLink={() => void copyLink()}
            onResetSandbox={resetSandbox}
          />
          <p className="playground-notice" role="status">
            {state.notice}
          </p>
        </form>
        {target === 'sandbox' ? (
          <SandboxControls
            control={sandbox.control}
            deviceId={deviceParameter ? (draft.values[fieldKey(deviceParameter)] ?? '').trim() : undefined}
            version={sandbox.version}
          />
        ) : null}
        {target === 'sandbox' ? <SandboxRequests control={sandbox.control} version={sandbox.version} /> : null}
      </div>
      <div className="playground-output">
        <ResponseView answer={state.answer} failure={state.failure} sending={state.sending} />
        <RequestSamples operation={operation} draft={draft} serverUrl={contract.serverUrl} languages={languages} />
      </div>
    </div>
  );
}

/** The operation's method and path, its summary, and a link to its reference. */
function OperationSummary({ operation }: { operation: ContractOperation }) {
  return (
    <div className="playground-operation">
      <p className="playground-operation__endpoint">
        <span className={`method method--${operation.method.toLowerCase()}`}>{wireMethod(operation.method)}</span>{' '}
        <code>{operation.path}</code>
      </p>
      <p className="playground-field__hint">
        {operation.summary}
        {operation.deprecated ? ' (deprecated)' : ''}. <a href={`/api#operation/${operation.operationId}`}>Reference</a>
      </p>
    </div>
  );
}

/** Send (Stop while a request is under way), the link to this request, and the sandbox's reset. */
function RequestActions({
  canSend,
  sending,
  onStop,
  onCopyLink,
  onResetSandbox,
}: {
  canSend: boolean;
  sending: boolean;
  onStop: () => void;
  onCopyLink: () => void;
  onResetSandbox: () => void;
}) {
  return (
    <div className="playground-actions">
      <button type="submit" className="button button--primary" disabled={!canSend}>
        Send request
      </button>
      {sending ? (
        <button type="button" className="button" onClick={onStop}>
          Stop
        </button>
      ) : null}
      <button type="button" className="button" onClick={onCopyLink}>
        Copy link
      </button>
      <button type="button" className="button" onClick={onResetSandbox}>
        Reset sandbox
      </button>
    </div>
  );
}

/** The request as code, a tab per language; only the tab that shows is written. */
function RequestSamples({
  operation,
  draft,
  serverUrl,
  languages,
}: {
  operation: ContractOperation;
  draft: RequestDraft;
  serverUrl: string;
  languages: readonly SampleLanguage[];
}) {
  const stored = useCodeLanguage();
  const codeLanguage = languages.find((language) => language.id === stored) ?? languages[0];
  // Only the tab that shows is written: ten languages on every keystroke would be a long task on a phone.
  const sample = useMemo(
    () => (codeLanguage ? playgroundSample(operation, draft, serverUrl, codeLanguage) : undefined),
    [operation, draft, serverUrl, codeLanguage],
  );
  return (
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
  );
}
