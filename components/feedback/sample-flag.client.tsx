'use client';
// "This did not work" under a runnable code sample or a recipe step: a flag with the sample's language and its
// operation (or recipe and step), and an optional comment.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { insightsEndpoint, sendInsight } from './send';

interface SampleFlagProps {
  /** The sample's language (the API reference's samples use StaticSampleFlag, which reads the selected tab). */
  language: string;
  operationId: string | null;
  recipe?: string | null;
  step?: string | null;
}

export function SampleFlag({ language, operationId, recipe = null, step = null }: SampleFlagProps) {
  const [shown, setShown] = useState(false);
  const [state, setState] = useState<'closed' | 'open' | 'sent'>('closed');
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => void insightsEndpoint().then((url) => setShown(url !== undefined)), []);
  useEffect(() => {
    if (state === 'open') box.current?.focus();
  }, [state]);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const comment = box.current?.value.trim();
    void sendInsight({
      type: 'sample_flag',
      path: location.pathname,
      language,
      operationId,
      recipe,
      step,
      ...(comment ? { comment } : {}),
    });
    setState('sent');
  };

  if (state === 'sent')
    return (
      <p className="sample-flag" role="status" hidden={!shown}>
        Thank you: the team will look into it.
      </p>
    );
  return (
    <div className="sample-flag" hidden={!shown}>
      <button
        type="button"
        className="feedback__button"
        aria-expanded={state === 'open'}
        aria-controls={`${id}-f`}
        onClick={() => setState(state === 'open' ? 'closed' : 'open')}
      >
        This did not work
      </button>
      {state === 'open' ? (
        <form id={`${id}-f`} className="feedback__form" onSubmit={send}>
          <label htmlFor={`${id}-c`}>What went wrong? (optional)</label>
          <textarea id={`${id}-c`} ref={box} maxLength={1000} rows={3} />
          <button type="submit" className="feedback__button">
            Send report
          </button>
        </form>
      ) : null}
    </div>
  );
}
