// Brings StaticFeedback and StaticSampleFlag (static-feedback.tsx) to life with listeners on the document, so that
// markup written at build time, or inserted later (the API reference's deferred parts), works without hydrating.
import { insightsEndpoint, recordInsight, sendInsight } from './send';
import { rememberVote } from './storage';

let installed = false;

/**
 * The language of the sample tab selected under `tabsId`, looked up in the flag's own operation: the page holds a
 * tab list per operation, and the reader's pick switches them all in turn after it paints.
 */
function selectedLanguage(widget: HTMLElement, tabsId: string | undefined): string {
  if (!tabsId) return 'unknown';
  const scope = widget.closest('[id^="operation/"]') ?? document;
  const tab = scope.querySelector<HTMLElement>(`[id^="${CSS.escape(tabsId)}-tab-"][aria-selected="true"]`);
  return tab?.dataset.language ?? 'unknown';
}

function finish(widget: HTMLElement) {
  for (const child of widget.children) (child as HTMLElement).hidden = !child.matches('.feedback__thanks');
  widget.querySelector<HTMLElement>('.feedback__thanks')?.focus();
}

function onClick(event: MouseEvent) {
  const button = (event.target as Element | null)?.closest?.('button');
  const widget = button?.closest<HTMLElement>('.feedback--static');
  if (!button || !widget) return;
  const form = widget.querySelector<HTMLFormElement>('form');
  if (button.dataset.vote && form) {
    widget.dataset.helpful = button.dataset.vote;
    for (const vote of widget.querySelectorAll<HTMLElement>('[data-vote]')) vote.hidden = true;
    const label = form.querySelector('label');
    if (label)
      label.textContent = `${button.dataset.vote === 'yes' ? 'What helped?' : 'What was missing or wrong?'} (optional)`;
    form.hidden = false;
    form.querySelector('textarea')?.focus();
  } else if (button.dataset.skip !== undefined && form) {
    form.requestSubmit();
  } else if (button.getAttribute('aria-expanded') !== null && form) {
    form.hidden = !form.hidden;
    button.setAttribute('aria-expanded', String(!form.hidden));
    if (!form.hidden) form.querySelector('textarea')?.focus();
  }
}

function onSubmit(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  const widget = form.closest<HTMLElement>('.feedback--static');
  if (!widget) return;
  event.preventDefault();
  const skipped = (event.submitter as HTMLElement | null)?.dataset.skip !== undefined;
  const text = skipped ? '' : (form.querySelector('textarea')?.value.trim() ?? '');
  const comment = text ? { comment: text } : {};
  const { feedbackPath, feedbackSection, sampleFlag, tabs, helpful } = widget.dataset;
  if (feedbackPath && feedbackSection) {
    void sendInsight({
      type: 'feedback',
      path: feedbackPath,
      section: feedbackSection,
      helpful: helpful === 'yes',
      ...comment,
    });
    rememberVote(`${feedbackPath}#${feedbackSection}`);
  } else if (sampleFlag) {
    void sendInsight({
      type: 'sample_flag',
      path: location.pathname,
      language: selectedLanguage(widget, tabs),
      operationId: sampleFlag,
      recipe: null,
      step: null,
      ...comment,
    });
  }
  finish(widget);
}

/** A copy of a code sample: its language (the tab's on /api, else the code block's) and its operation, if any. */
function onCopy(event: MouseEvent) {
  const button = (event.target as Element | null)?.closest?.('.code-block__copy');
  if (!button) return;
  const panel = button.closest('[role="tabpanel"]');
  const tab = panel && document.getElementById(panel.getAttribute('aria-labelledby') ?? '');
  const language = tab?.dataset.language ?? button.closest<HTMLElement>('[data-language]')?.dataset.language ?? 'text';
  const operation = button.closest('[id^="operation/"]')?.id.slice('operation/'.length) ?? null;
  if (/^[\w.:/@ -]{1,120}$/.test(language))
    recordInsight({ type: 'sample_copy', path: location.pathname, language, operationId: operation || null });
}

/** Listens once for the static widgets, and shows them once insights have somewhere to go. */
export function installStaticWidgets(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('click', onCopy);
  void insightsEndpoint().then((url) => {
    if (!url) return;
    // At once, not when idle: on /api they sit inside the operations above the one a link lands on, and showing them
    // after the landing would push it down (the deferred details keep it in place only for what they insert).
    document.documentElement.dataset.insights = 'on';
    document.addEventListener('click', onClick);
    document.addEventListener('submit', onSubmit);
  });
}
