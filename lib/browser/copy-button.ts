// The copy button of every code block on the site: its attributes and text (one source for the React component
// of the guides and playgrounds, the reference's build-time HTML and the samples the reference writes in the
// browser), what it copies, and its "Copied" feedback.
import { copyText } from './clipboard';

/** The accessible name of a code block's copy button, until it has copied. */
export const COPY_LABEL = 'Copy code to clipboard';

/** How long the button says "Copied". */
export const COPIED_MS = 2000;

/**
 * The button's attributes, by their HTML names. `isStatic` marks the reference's buttons (`data-copy-code`), which
 * one delegated listener handles.
 */
export function copyButtonAttributes(copied: boolean, label = COPY_LABEL, isStatic = false): Record<string, string> {
  return {
    type: 'button',
    class: 'code-block__copy',
    'aria-label': copied ? 'Copied' : label,
    title: copied ? 'Copied' : 'Copy',
    ...(isStatic ? { 'data-copy-code': '' } : {}),
  };
}

/** The button's text. */
export const copyButtonText = (copied: boolean) => (copied ? 'Copied' : 'Copy');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The reference's copy button as HTML, for build-time markup that React renders as one string. */
export function staticCopyButtonHtml(): string {
  const attributes = Object.entries(copyButtonAttributes(false, COPY_LABEL, true))
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  return `<button ${attributes}>${copyButtonText(false)}</button>`;
}

/** The reference's copy button as an element, for a block written in the browser (a sample in another language). */
export function createStaticCopyButton(document: Document): HTMLButtonElement {
  const button = document.createElement('button');
  for (const [name, value] of Object.entries(copyButtonAttributes(false, COPY_LABEL, true)))
    button.setAttribute(name, value);
  button.textContent = copyButtonText(false);
  return button;
}

/** The code of the block a copy button sits in. */
export function codeOfBlock(button: Element): string {
  return button.closest('.code-block')?.querySelector('pre code')?.textContent ?? '';
}

/**
 * Copies the code of a build-time copy button's block and says "Copied" on it for a moment, through the DOM (no
 * React renders the reference's markup).
 */
export async function copyFromStaticButton(button: HTMLElement): Promise<void> {
  if (!(await copyText(codeOfBlock(button)))) return;
  const show = (copied: boolean) => {
    button.textContent = copyButtonText(copied);
    button.setAttribute('aria-label', copyButtonAttributes(copied)['aria-label'] ?? '');
    button.title = copyButtonAttributes(copied).title ?? '';
  };
  show(true);
  window.setTimeout(() => show(false), COPIED_MS);
}
