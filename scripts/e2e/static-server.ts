// Serves out/ (`npm run build:static`) with Debian's nginx and the generated deploy/nginx.conf, for the e2e
// suite's "static" project: the site as a CDN or nginx would serve it. Usage: tsx scripts/e2e/static-server.ts PORT
// Installs nginx with apt when it is missing and this runs as root on Debian, as the e2e step does for Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BROTLI_MODULE, ensureNginx, NGINX } from './ensure-nginx';

const SITE_CONF = path.join('deploy', 'nginx.conf');

function main(): void {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || port <= 0) throw new Error('Give the port: tsx scripts/e2e/static-server.ts PORT');
  if (!existsSync(SITE_CONF) || !existsSync(path.join('out', 'index.html'))) throw new Error(`${SITE_CONF} or out/ is missing: run \`npm run build:static\` first.`);
  ensureNginx();
  const site = readFileSync(SITE_CONF, 'utf8');
  if (!/^ {2}listen \d+;$/m.test(site)) throw new Error(`${SITE_CONF} has no "listen" line: regenerate it with \`npm run build:static\`.`);
  if (site.includes('brotli_static on;') && !existsSync(BROTLI_MODULE)) throw new Error(`${SITE_CONF} turns brotli_static on but ${BROTLI_MODULE} is missing.`);

  // The generated server block as it is, on the test's port, inside a minimal nginx.conf of our own.
  const prefix = mkdtempSync(path.join(tmpdir(), 'kilowise-nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, folder));
  writeFileSync(path.join(prefix, 'site.conf'), site.replace(/^ {2}listen \d+;$/m, `  listen 127.0.0.1:${port};`));
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      site.includes('brotli_static on;') ? `load_module ${BROTLI_MODULE};` : '',
      'worker_processes 2;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'daemon off;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((folder) => `  ${folder === 'body' ? 'client_body' : folder}_temp_path ${prefix}/${folder};`),
      `  include ${prefix}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  console.log(`[static-server] nginx serving out/ with ${SITE_CONF} on http://127.0.0.1:${port}/`);
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  const stop = () => child.kill('SIGQUIT');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

try {
  main();
} catch (error) {
  console.error(`[static-server] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
