// Loaded when a reader first picks a sample language other than curl on /api: the site's one sample generator
// (lib/samples) and highlight.js with the languages' grammars, so no language's samples travel in the page.
import { highlight } from '@/components/playground/highlight';
import { httpSample, sampleLanguage, type SampleRequest } from '@/lib/samples';

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
  // highlight.js escapes the code it writes, so its HTML is safe to insert.
  element.innerHTML = highlight(code, language.highlight);
  pre.append(element);
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'code-block__copy';
  copy.setAttribute('aria-label', 'Copy code to clipboard');
  copy.title = 'Copy';
  copy.dataset.copyCode = '';
  copy.textContent = 'Copy';
  body.append(pre, copy);
  figure.append(body);
  return figure;
}
