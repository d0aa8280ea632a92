import { javaNethttp } from '@scalar/snippetz/plugins/java/nethttp';
import { javaDouble } from '../escape';
import { jsonText } from '../json';
import { API_KEY_ENV as env, block, quotedMark, replaceExactly, type Target } from './target';

/** Java 11 or later, with java.net.http. */
export const java: Target = {
  plugin: javaNethttp,
  header: javaDouble,
  key: (header, placeholder) => [`"${placeholder}"`, `System.getenv("${env}")`],
  bodyMark: quotedMark,
  body: (value) => `"${javaDouble(jsonText(value))}"`,
  comment: '//',
  // A whole program (the plugin writes statements): the imports, a class, and the status printed before the body.
  complete: (code, head) =>
    [
      '// Java 11 or later: save as Main.java and run it with: java Main.java',
      'import java.net.URI;',
      'import java.net.http.HttpClient;',
      'import java.net.http.HttpRequest;',
      'import java.net.http.HttpResponse;',
      '',
      'public class Main {',
      '  public static void main(String[] args) throws Exception {',
      block(
        `${head}${replaceExactly(
          code,
          'System.out.println(response.body());',
          'System.out.println(response.statusCode());\nSystem.out.println(response.body());',
          'java',
        )}`,
        '    ',
      ),
      '  }',
      '}',
    ].join('\n'),
};
