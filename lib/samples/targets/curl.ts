import { shellCurl } from '@scalar/snippetz/plugins/shell/curl';
import { shellSingle } from '../escape';
import { jsonText } from '../json';
import { API_KEY_ENV as env, drift, replaceExactly, type Target } from './target';

/** A word a shell reads as it is (zsh too, whose globs `?` and `*` fail a command that matches no file), or quoted. */
const shellWord = (text: string) =>
  /^[A-Za-z0-9][A-Za-z0-9._~:/%@+,=-]*$/.test(text) ? text : `'${shellSingle(text)}'`;

/** curl, in a POSIX shell (bash or zsh). */
export const curl: Target = {
  plugin: shellCurl,
  header: shellSingle,
  // The plugin quotes the URL for some characters only (`%`, `$`, not `?`, `&` or `*`): the URL is a word of its
  // own, quoted unless every character is plain. curl reads [] (and {} in a query) as its globs, whatever the quotes.
  adapt: (code, { url, method, methodMark }) => {
    const written = [`curl '${url}'`, `curl ${url}`].find((form) => code === form || code.startsWith(`${form} \\\n`));
    if (written === undefined) throw drift('curl', `curl ${url}`);
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const globoff = /[[\]]/.test(url) || /[{}]/.test(query) ? ' \\\n  --globoff' : '';
    const adapted = `curl ${shellWord(url)}${globoff}${code.slice(written.length)}`;
    return methodMark
      ? replaceExactly(adapted, `--request ${methodMark.toUpperCase()}`, `--request ${shellWord(method)}`, 'curl')
      : adapted;
  },
  writesMethod: true,
  key: (header, placeholder) => [`'${header}: ${placeholder}'`, `"${header}: $${env}"`],
  bodyMark: (mark) => `"${mark}"`,
  body: (value) => shellSingle(jsonText(value)),
  comment: '#',
};
