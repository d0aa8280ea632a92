import { rubyNative } from '@scalar/snippetz/plugins/ruby/native';
import { rubySingle } from '../escape';
import { jsonText } from '../json';
import { API_KEY_ENV as env, quotedMark, replaceExactly, type Target } from './target';

/** Ruby, with Net::HTTP. */
export const ruby: Target = {
  plugin: rubyNative,
  header: rubySingle,
  // A method Net::HTTP has no class for gets one the plugin names after it (Net::HTTP::Query): the class is
  // Net::HTTP::CustomRequest, whatever the method (M-SEARCH is no class name), and its METHOD is the method.
  adapt: (code, { methodMark }) => {
    if (!methodMark) return code;
    const upper = methodMark.toUpperCase();
    const named = `Net::HTTP::${upper.charAt(0)}${upper.slice(1).toLowerCase()}`;
    const defined = replaceExactly(
      code,
      `class ${named} < Net::HTTPRequest`,
      'class Net::HTTP::CustomRequest < Net::HTTPRequest',
      'ruby',
    );
    return replaceExactly(
      defined,
      `request = ${named}.new(url)`,
      'request = Net::HTTP::CustomRequest.new(url)',
      'ruby',
    );
  },
  key: (header, placeholder) => [`'${placeholder}'`, `ENV.fetch('${env}')`],
  // The plugin writes the body in a "…" string, which reads #{…}; a quoted heredoc keeps the JSON as written.
  bodyMark: quotedMark,
  body: (value) => `<<~'JSON'\n${jsonText(value)}\nJSON`,
  comment: '#',
  // TLS as the URL says (the plugin writes `use_ssl = true` for an https URL, and the same sample must run against
  // a local http:// server when only its server URL changes), and the status printed before the body.
  complete: (code, head) => {
    const tls = code.replace('http.use_ssl = true', "http.use_ssl = url.scheme == 'https'");
    return `${head}${replaceExactly(tls, 'puts response.read_body', 'puts response.code\nputs response.read_body', 'ruby')}`;
  },
};
