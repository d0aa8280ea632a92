'use client';
// "Was this helpful? Yes / No" under a guide and under each API operation, with an optional comment of at most
// 1,000 characters. The vote goes when the reader sends or skips the comment, or leaves the page first.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { whenIdle } from '@/lib/browser/when-idle';
import { currentSection } from './section';
import { insightsEndpoint, sendInsight } from './send';
import { hasVoted, rememberVote } from './storage';

interface PageFeedbackProps {
  /** The page's path. */
  path: string;
  /** A fixed section (an operation's anchor); unset, the section the reader is in when they vote. */
  section?: string;
  /** What is asked about, for the group's name: `this page`, `Get devices`. */
  subject?: string;
}

type Step = { at: 'ask' } | { at: 'comment'; helpful: boolean; section: string | null } | { at: 'done' };

function sendVote(path: string, scope: string, vote: Step, comment?: string): void {
  if (vote.at !== 'comment') return;
  void sendInsight({
    type: 'feedback',
    path,
    section: vote.section,
    helpful: vote.helpful,
    ...(comment ? { comment } : {}),
  });
  rememberVote(scope);
}

/** The optional comment after a vote: sent, or skipped; either way the vote goes. */
function CommentForm({
  id,
  helpful,
  box,
  onFinish,
}: {
  id: string;
  helpful: boolean;
  box: RefObject<HTMLTextAreaElement | null>;
  onFinish: (event?: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className="feedback__form" onSubmit={onFinish}>
      <label htmlFor={id}>{helpful ? 'What helped?' : 'What was missing or wrong?'} (optional)</label>
      <textarea id={id} ref={box} maxLength={1000} rows={3} />
      <button type="submit" className="feedback__button">
        Send
      </button>
      <button type="button" className="feedback__button" onClick={() => onFinish()}>
        Skip
      </button>
    </form>
  );
}

/**
 * Whether insights have somewhere to go, known once the page is idle: the widget then shows in a render of its own,
 * and the hydration's task stays as short as it is without it. A reader who voted on `scope` before is told so then.
 */
function useInsightsShown(scope: string, setStep: (step: Step) => void): boolean {
  const [shown, setShown] = useState(false);
  // A widget gone before then is not shown: React drops the state of an unmounted component.
  useEffect(() => {
    void insightsEndpoint().then((url) => {
      if (url !== undefined)
        whenIdle(() => {
          setShown(true);
          if (hasVoted(scope)) setStep({ at: 'done' });
        });
    });
  }, [scope, setStep]);
  return shown;
}

export function PageFeedback({ path, section, subject = 'this page' }: PageFeedbackProps) {
  const scope = section ? `${path}#${section}` : path;
  const [step, setStep] = useState<Step>({ at: 'ask' });
  const shown = useInsightsShown(scope, setStep);
  const pending = useRef<Step>(step);
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);

  const send = (vote: Step, comment?: string) => {
    if (vote.at !== 'comment') return;
    pending.current = { at: 'done' };
    sendVote(path, scope, vote, comment);
  };

  // A vote whose comment was never sent still counts: it goes as the page is left or the widget unmounts.
  useEffect(() => {
    const leave = () => {
      const vote = pending.current;
      pending.current = { at: 'done' };
      sendVote(path, scope, vote);
    };
    addEventListener('pagehide', leave);
    return () => {
      removeEventListener('pagehide', leave);
      leave();
    };
  }, [path, scope]);

  useEffect(() => {
    if (step.at === 'comment') box.current?.focus();
    if (step.at === 'done' && pending.current.at === 'done') thanks.current?.focus();
  }, [step.at]);

  const vote = (helpful: boolean) => {
    const next: Step = { at: 'comment', helpful, section: section ?? currentSection() };
    pending.current = next;
    setStep(next);
  };
  const finish = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    send(pending.current, box.current?.value.trim());
    setStep({ at: 'done' });
  };

  return (
    <div className="feedback" role="group" aria-labelledby={`${id}-q`} hidden={!shown}>
      <p id={`${id}-q`} className="feedback__question">
        {step.at === 'done' ? `Feedback on ${subject}` : `Was ${subject} helpful?`}
      </p>
      {step.at === 'ask' ? (
        <>
          <button type="button" className="feedback__button" onClick={() => vote(true)}>
            Yes
          </button>
          <button type="button" className="feedback__button" onClick={() => vote(false)}>
            No
          </button>
        </>
      ) : step.at === 'comment' ? (
        <CommentForm id={`${id}-c`} helpful={step.helpful} box={box} onFinish={finish} />
      ) : (
        <p ref={thanks} tabIndex={-1} role="status" className="feedback__thanks">
          Thank you for your feedback.
        </p>
      )}
    </div>
  );
}
