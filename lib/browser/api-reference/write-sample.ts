// Loaded when a reader first picks a sample language other than curl on /api: the site's one sample generator
// (lib/samples), so no language's samples travel in the page. The code shows at once as plain text; highlight.js
// and its grammars, twice the generator's size, follow in a chunk of their own and colour it when they arrive.
import { httpSample, type SampleRequest } from '@/lib/samples/http';
import { sampleLanguage } from '@/lib/samples/languages';
import { afterPaint } from '@/lib/browser/after-paint';
import { createStaticCopyButton } from '@/lib/browser/copy-button';

let highlighter: Promise<typeof import('@/lib/browser/playground/highlight')> | undefined;

/** The sample as a code block's markup (the reference's copy button included), or a paragraph saying why there is none. */
export function writeSample(request: SampleRequest, languageId: string): HTMLElement {
  const language = sampleLanguage(languageId);
  if (!language || language.id === 'kilowise-client') throw new Error(`no sample language ${languageId}`);
  const code = httpSample(language.id, request);
  if (typeof code !== 'string') {
    const problem = document.createElement('p');
    problem.className = 'api-sample-problem';
    problem.textContent = code.problem;
    return problem;
  }
  const figure = document.createElement('figure');
  figure.className = 'code-block';
  const body = document.createElement('div');
  body.className = 'code-block__body';
  const pre = document.createElement('pre');
  pre.className = 'api-sample hljs';
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', `${language.label} sample`);
  const element = document.createElement('code');
  element.textContent = code;
  pre.append(element);
  highlighter ??= import('@/lib/browser/playground/highlight');
  void highlighter.then(
    // After the plain code has painted: highlight.js compiles a language's grammar the first time it meets it
    // (Java's took 120 ms on a phone), which must not hold back the sample. It escapes the code it writes, so its
    // HTML is safe to insert.
    ({ highlight }) => afterPaint(() => void (element.innerHTML = highlight(code, language.highlight))),
    () => {
      // Uncoloured code is still the whole sample; the next sample tries the chunk again.
      highlighter = undefined;
    },
  );
  body.append(pre, createStaticCopyButton(document));
  figure.append(body);
  return figure;
}
