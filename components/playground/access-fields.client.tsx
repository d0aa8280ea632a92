'use client';

import { useEffect, useId, useRef } from 'react';
import type { Target } from '@/lib/playground/url-state';

/** Where the request goes, and the reader's API key for the live API. */
export function AccessFields({
  target,
  onTarget,
  apiKey,
  onApiKey,
  remember,
  onRemember,
  onForget,
  serverUrl,
  keyProblem,
}: {
  target: Target;
  onTarget: (target: Target) => void;
  apiKey: string;
  onApiKey: (key: string) => void;
  remember: boolean;
  onRemember: (remember: boolean) => void;
  onForget: () => void;
  serverUrl: string;
  keyProblem?: string;
}) {
  const id = useId();
  return (
    <div className="playground-access">
      <TargetChoice id={id} target={target} onTarget={onTarget} serverUrl={serverUrl} />
      <ApiKeyField
        id={id}
        target={target}
        apiKey={apiKey}
        onApiKey={onApiKey}
        remember={remember}
        onRemember={onRemember}
        onForget={onForget}
        keyProblem={keyProblem}
      />
    </div>
  );
}

/** Sandbox or live API, and what each means for the reader's requests. */
function TargetChoice({
  id,
  target,
  onTarget,
  serverUrl,
}: {
  id: string;
  target: Target;
  onTarget: (target: Target) => void;
  serverUrl: string;
}) {
  return (
    <>
      <div role="radiogroup" aria-labelledby={`${id}-target`} className="playground-target">
        <span id={`${id}-target`} className="playground-target__label">
          Target
        </span>
        {(['sandbox', 'live'] as const).map((value) => (
          <label key={value} className="playground-target__option">
            <input
              type="radio"
              name={`${id}-target`}
              value={value}
              checked={target === value}
              onChange={() => onTarget(value)}
            />
            {value === 'sandbox' ? 'Sandbox' : 'Live'}
          </label>
        ))}
      </div>
      <p className="playground-field__hint">
        {target === 'sandbox'
          ? 'The sandbox runs in this tab: it checks requests against the contract and remembers what you create until you reset it. No key needed.'
          : `Requests go from your browser straight to ${serverUrl}, with your key, and through no other server.`}
      </p>
    </>
  );
}

/** The API key (kept out of the DOM's attributes), why it is refused if it is, and whether this device keeps it. */
function ApiKeyField({
  id,
  target,
  apiKey,
  onApiKey,
  remember,
  onRemember,
  onForget,
  keyProblem,
}: {
  id: string;
  target: Target;
  apiKey: string;
  onApiKey: (key: string) => void;
  remember: boolean;
  onRemember: (remember: boolean) => void;
  onForget: () => void;
  keyProblem?: string;
}) {
  // The key field is uncontrolled: React writes a controlled input's value into its `value` attribute, where
  // anything that reads the DOM (an extension, a saved page) would find the key. Only the property holds it.
  const keyField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (keyField.current && keyField.current.value !== apiKey) keyField.current.value = apiKey;
  }, [apiKey]);
  return (
    <div className="playground-field">
      <label htmlFor={`${id}-key`}>API key</label>
      <input
        id={`${id}-key`}
        ref={keyField}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={target === 'sandbox' ? 'Not needed for the sandbox' : 'Your partner API key'}
        aria-invalid={keyProblem ? true : undefined}
        aria-describedby={keyProblem ? `${id}-key-error` : `${id}-key-hint`}
        onChange={(event) => onApiKey(event.target.value)}
      />
      {keyProblem ? (
        <p id={`${id}-key-error`} className="playground-field__error">
          {keyProblem}
        </p>
      ) : (
        <p id={`${id}-key-hint`} className="playground-field__hint">
          Kept in this page&apos;s memory only, unless you ask this device to remember it. Never put in links or code
          samples.
        </p>
      )}
      <div className="playground-key-actions">
        <label className="playground-check">
          <input type="checkbox" checked={remember} onChange={(event) => onRemember(event.target.checked)} />
          Remember API key on this device
        </label>
        <button type="button" className="button" onClick={onForget} disabled={!apiKey && !remember}>
          Forget
        </button>
      </div>
    </div>
  );
}
