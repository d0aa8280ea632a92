import { goNative } from '@scalar/snippetz/plugins/go/native';
import { goDouble } from '../escape';
import { jsonText } from '../json';
import { API_KEY_ENV as env, quotedMark, replaceExactly, type Target } from './target';

/** Go, with net/http. */
export const go: Target = {
  plugin: goNative,
  header: goDouble,
  key: (header, placeholder) => [`"${placeholder}"`, `os.Getenv("${env}")`],
  // The plugin writes the body in a "…" string; ours is a raw string between backticks, where nothing can be
  // escaped and the JSON reads as written: jsonInner writes ` as \u0060.
  bodyMark: quotedMark,
  body: (value) => `\`${jsonText(value)}\``,
  comment: '//',
  // Prints the status (the plugin prints the whole response struct), then the body.
  complete: (code, head) =>
    `${head}${replaceExactly(
      code.replace('\t"net/http"\n', '\t"net/http"\n\t"os"\n'),
      '\tfmt.Println(res)\n',
      '\tfmt.Println(res.StatusCode)\n',
      'go',
    )}`,
};
