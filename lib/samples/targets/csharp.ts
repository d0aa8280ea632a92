import { csharpHttpclient } from '@scalar/snippetz/plugins/csharp/httpclient';
import { csharpDouble } from '../escape';
import { jsonText } from '../json';
import { API_KEY_ENV as env, block, replaceExactly, type Target } from './target';

/** C# 7 or later, with HttpClient. */
export const csharp: Target = {
  plugin: csharpHttpclient,
  header: csharpDouble,
  key: (header, placeholder) => [`"${placeholder}"`, `Environment.GetEnvironmentVariable("${env}")`],
  // A regular string, as in Java and Kotlin, in place of the plugin's raw """ literal (C# 11), which Mono's compiler
  // does not read.
  bodyMark: (mark) => `"""\n"${mark}"\n"""`,
  body: (value) => `"${csharpDouble(jsonText(value))}"`,
  comment: '//',
  // A whole program that C# 7 compilers read (.NET's and Mono's): a class whose Main waits for an async method,
  // no `using var` declarations (C# 8), and the status printed before the body.
  complete: (code, head) => {
    let body = replaceExactly(code, 'using var client = new HttpClient();', 'var client = new HttpClient();', 'csharp');
    body = replaceExactly(
      body,
      'using var response = await client.SendAsync(request);',
      [
        'var response = await client.SendAsync(request);',
        '',
        'Console.WriteLine((int)response.StatusCode);',
        'Console.WriteLine(await response.Content.ReadAsStringAsync());',
      ].join('\n'),
      'csharp',
    );
    return [
      '// C# 7 or later (.NET or Mono): Program.cs',
      'using System;',
      'using System.Net.Http;',
      'using System.Threading.Tasks;',
      '',
      'class Program',
      '{',
      '    static void Main() => Send().GetAwaiter().GetResult();',
      '',
      '    static async Task Send()',
      '    {',
      block(`${head}${body}`, '        '),
      '    }',
      '}',
    ].join('\n');
  },
};
