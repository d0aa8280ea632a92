import { describe, expect, it } from 'vitest';
import { FRAME_PATH, IMMUTABLE_CACHE, SECURITY_HEADERS } from './headers.mjs';
import { nginxConf, nginxProxyConf } from './nginx';

describe('nginx.conf', () => {
  it('serves precompressed files, brotli only where the module is, and the RSC payloads', () => {
    const conf = nginxConf({ root: '/srv/out', listen: 8080, brotli: true, preview: false });
    expect(conf).toContain('root /srv/out;');
    expect(conf).toContain('gzip_static on;');
    expect(conf).toContain('brotli_static on;');
    expect(conf).toContain('try_files $uri$kilowise_segment $uri$kilowise_rsc $uri $uri.html =404;');
    expect(conf).toContain('add_header Allow "GET, HEAD" always;');
    expect(conf).toContain(`add_header Cache-Control "${IMMUTABLE_CACHE}" always;`);
    expect(nginxConf({ root: '/srv/out', listen: 8080, brotli: false, preview: false })).not.toContain('brotli_static');
    expect(nginxConf({ root: '/srv/out', listen: 8080, brotli: false, preview: true })).toContain('X-Robots-Tag');
  });
});

describe('nginx.conf against hostile and by-name paths', () => {
  const conf = nginxConf({ root: '/srv/out', listen: 8080, brotli: true, preview: false });
  /** The server block's own lines, before its first location: what applies to every request and to nginx's own errors. */
  const serverLevel = conf.slice(conf.indexOf('server {'), conf.indexOf('  location'));
  /** A location's regular expression (nginx's PCRE, here also valid JavaScript), found by a piece of it. */
  const locationRegex = (piece: string) => {
    const line = conf.split('\n').find((text) => text.startsWith('  location ~ ') && text.includes(piece));
    return new RegExp((line ?? '').replace(/^ {2}location ~ "?(.*?)"? \{$/, '$1'));
  };
  const guard = /if \(\$uri ~ "([^"]+)"\) \{\s*return 400;/.exec(serverLevel);

  it('refuses, before any location, a decoded path with a backslash or a control character or starting with //', () => {
    expect(guard).not.toBeNull();
    const refused = new RegExp(guard?.[1] ?? '$^');
    // nginx matches $uri, the decoded path: /%5Cevil.example/, /%09/evil.example/, //evil.example/, /%2F%2Fevil.example/, a CRLF.
    for (const path of [
      '/\\evil.example/',
      '/\t/evil.example/',
      '//evil.example/',
      '/\r\nSet-Cookie:a=b/',
      '/docs/a\\b',
      '/\x7f/',
    ])
      expect(refused.test(path), JSON.stringify(path)).toBe(true);
    for (const path of [
      '/docs/locations/',
      '/',
      '/docs/a b',
      '/sdk/packages/kilowise-client/typedoc/classes/KilowiseClient/',
    ])
      expect(refused.test(path), path).toBe(false);
    // The trailing-slash redirect comes after it, and writes only what the check let through.
    expect(conf).toContain('return 308 $without_slash$is_args$args;');
  });

  it('sends the security headers with nginx’s own answers: at server level, always', () => {
    for (const header of SECURITY_HEADERS) expect(serverLevel).toContain(`\n  add_header ${header.key} `);
    expect(serverLevel).toMatch(/\n {2}add_header X-Frame-Options "DENY" always;/);
  });

  it('answers 404 for the precompressed files and the pages’ .html files by name, as next start does', () => {
    expect(conf).toMatch(/location ~ \\\.\(\?:gz\|br\)\$ \{\s*return 404;/);
    const compressed = locationRegex('gz|br');
    for (const path of ['/foo.html.gz', '/docs/locations.md.br', '/_next/static/chunks/a.js.gz'])
      expect(compressed.test(path), path).toBe(true);
    expect(compressed.test('/docs/locations')).toBe(false);
    const html = locationRegex('.html$');
    for (const path of ['/index.html', '/404.html', '/docs/locations.html']) expect(html.test(path), path).toBe(true);
    // The API reference's fragments and the preview frame under /generated/ are fetched by name.
    for (const path of ['/generated/api/abc/schema/Coordinates.html', `${FRAME_PATH}/frame.html`])
      expect(html.test(path), path).toBe(false);
    // 404.html stays the error page: internal, so error_page can still serve it.
    expect(conf).toMatch(/location ~ "\^\(\?!\/generated\/\)\.\*\\\.html\$" \{\s*internal;/);
    expect(conf).toContain('error_page 404 /404.html;');
  });

  it('listens on 127.0.0.1 unless asked for every interface, as does the proxy configuration', () => {
    expect(conf).toMatch(/^ {2}listen 127\.0\.0\.1:8080;$/m);
    expect(nginxConf({ root: '/srv/out', listen: 8080, allInterfaces: true, brotli: false, preview: false })).toMatch(
      /^ {2}listen 8080;$/m,
    );
    const proxy = { listen: 80, upstream: '127.0.0.1:3000', cacheDir: '/var/cache/nginx/kilowise-docs' };
    expect(nginxProxyConf(proxy)).toMatch(/^ {2}listen 127\.0\.0\.1:80;$/m);
    expect(nginxProxyConf({ ...proxy, allInterfaces: true })).toMatch(/^ {2}listen 80;$/m);
  });
});

describe('nginx-proxy.conf', () => {
  it('caches GET and HEAD for a second behind next start, bypasses the router’s RSC requests, and streams /mcp', () => {
    const conf = nginxProxyConf({ listen: 80, upstream: '127.0.0.1:3000', cacheDir: '/var/cache/nginx/kilowise-docs' });
    expect(conf).toContain('server 127.0.0.1:3000;');
    expect(conf).toContain('proxy_cache_path /var/cache/nginx/kilowise-docs ');
    expect(conf).toContain('proxy_cache_valid 200 301 307 308 404 1s;');
    expect(conf).toContain('proxy_cache_bypass $http_rsc;');
    expect(conf).toContain('proxy_cache_use_stale updating');
    expect(conf).toMatch(/location = \/mcp \{[^}]*proxy_buffering off;/);
    // The app counts the address nginx appends only from a proxy it trusts: the file says which setting names it.
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('Start the app with KILOWISE_TRUSTED_PROXIES=127.0.0.1');
  });

  it('forwards reader insights (the ingest POSTs, the report behind a token) to the app and never caches them', () => {
    const conf = nginxProxyConf({ listen: 80, upstream: '127.0.0.1:3000', cacheDir: '/var/cache/nginx/kilowise-docs' });
    expect(conf).toMatch(/location \/insights \{[^}]*proxy_pass http:\/\/kilowise_next;[^}]*proxy_cache off;/);
  });

  it('answers TRACE itself with 405 and Allow, since next start cannot (the Fetch standard refuses the method)', () => {
    const conf = nginxProxyConf({ listen: 80, upstream: '127.0.0.1:3000', cacheDir: '/var/cache/nginx/kilowise-docs' });
    expect(conf).toMatch(/if \(\$request_method = TRACE\) \{\s*return 405;/);
    expect(conf).toMatch(/location @trace_not_allowed \{[^}]*add_header Allow "GET, HEAD" always;/);
  });
});
