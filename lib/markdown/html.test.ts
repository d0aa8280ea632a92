import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './html';

describe('htmlToMarkdown', () => {
  it('writes paragraphs, code, links made absolute, emphasis, lists and fenced code with its language', () => {
    const html =
      '<p>Send your key in the <code>x-api-key</code> header; see <a href="/docs/account#your-api-key">the key</a>. <strong>Never</strong> in a <em>browser</em>.</p>' +
      '<ul><li>one</li><li>two &amp; three</li></ul><pre><code class="language-json">{"a": 1}\n</code></pre>';
    expect(htmlToMarkdown(html, 'https://developers.kilowise.io')).toBe(
      'Send your key in the `x-api-key` header; see [the key](https://developers.kilowise.io/docs/account#your-api-key). **Never** in a _browser_.\n\n- one\n- two & three\n\n```json\n{"a": 1}\n```',
    );
  });

  it('keeps markup-like text as text, escaped, and leaves external links as they are', () => {
    expect(htmlToMarkdown('<p>a &lt;b&gt; *c* <a href="https://example.com/x">x</a></p>')).toBe(
      'a \\<b> \\*c\\* [x](https://example.com/x)',
    );
    expect(htmlToMarkdown(undefined)).toBe('');
  });
});
