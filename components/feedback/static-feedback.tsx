// The widgets as plain markup, for parts of a page that never hydrate (the API reference's operations are written
// at build time as static HTML: scripts/api-reference/). static-widgets.ts brings them to life from one listener,
// and CSS shows them only once the page knows where insights go (html[data-insights="on"]).

/** "Was {subject} helpful? Yes / No", then a comment, for a fixed section of a page. */
export function StaticFeedback({ path, section, subject }: { path: string; section: string; subject: string }) {
  const id = `feedback-${section.replace(/[^\w-]/g, '-')}`;
  return (
    <div
      className="feedback feedback--static"
      role="group"
      aria-labelledby={`${id}-q`}
      data-feedback-path={path}
      data-feedback-section={section}
    >
      <p id={`${id}-q`} className="feedback__question">
        Was {subject} helpful?
      </p>
      <button type="button" className="feedback__button" data-vote="yes">
        Yes
      </button>
      <button type="button" className="feedback__button" data-vote="no">
        No
      </button>
      <form className="feedback__form" data-feedback-form hidden>
        <label htmlFor={`${id}-c`}>Tell us more (optional)</label>
        <textarea id={`${id}-c`} maxLength={1000} rows={3} />
        <button type="submit" className="feedback__button">
          Send
        </button>
        <button type="button" className="feedback__button" data-skip="">
          Skip
        </button>
      </form>
      <p className="feedback__thanks" role="status" tabIndex={-1} hidden>
        Thank you for your feedback.
      </p>
    </div>
  );
}

/** "This did not work" under an operation's request samples: the language is the selected tab's under `tabsId`. */
export function StaticSampleFlag({ operationId, tabsId }: { operationId: string; tabsId: string }) {
  const id = `flag-${operationId.replace(/[^\w-]/g, '-')}`;
  return (
    <div className="sample-flag feedback--static" data-sample-flag={operationId} data-tabs={tabsId}>
      <button type="button" className="feedback__button" aria-expanded="false" aria-controls={`${id}-f`}>
        This did not work
      </button>
      <form id={`${id}-f`} className="feedback__form" data-flag-form hidden>
        <label htmlFor={`${id}-c`}>What went wrong? (optional)</label>
        <textarea id={`${id}-c`} maxLength={1000} rows={3} />
        <button type="submit" className="feedback__button">
          Send report
        </button>
      </form>
      <p className="feedback__thanks" role="status" tabIndex={-1} hidden>
        Thank you: the team will look into it.
      </p>
    </div>
  );
}
