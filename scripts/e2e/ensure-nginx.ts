// Step of `npm test` before the static export: Debian's nginx and its brotli_static module, which the export's
// e2e tests serve out/ with. Installs them with apt when missing and this runs as root on Debian (as the e2e
// step does for Chromium), before `npm run build:static`, so the generated deploy/nginx.conf turns brotli on.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NGINX_BROTLI_MODULE } from '../../lib/deploy/nginx';
import { canInstallWithApt, installWithApt } from '../testing/apt';
import { runMain } from '../../lib/build/run-main';

export const NGINX = '/usr/sbin/nginx';
export const BROTLI_MODULE = NGINX_BROTLI_MODULE;

/** Installs nginx and the brotli_static module when either is missing; throws with the command to run when it cannot. */
export function ensureNginx(): void {
  if (existsSync(NGINX) && existsSync(BROTLI_MODULE)) return;
  if (!canInstallWithApt())
    throw new Error(
      'nginx or its brotli_static module is missing. Install them (Debian: `sudo apt-get install nginx libnginx-mod-http-brotli-static`).',
    );
  console.log("[nginx] Installing Debian's nginx and libnginx-mod-http-brotli-static with apt-get");
  installWithApt(['nginx', 'libnginx-mod-http-brotli-static']);
}

/**
 * A temporary nginx prefix that runs the server block `siteIn` writes for it (the generated deploy/nginx.conf, or
 * nginx-proxy.conf with its cache in the prefix's `cache` folder) inside a
 * minimal nginx.conf of our own: its temp folders, pid and error log in the prefix, `workers` worker processes, and
 * the brotli_static module loaded when the block turns it on. Gives the prefix and the nginx.conf to run with
 * `nginx -p prefix -c conf`.
 */
export function nginxPrefix(
  siteIn: (prefix: string) => string,
  options: { tag: string; workers: number },
): { prefix: string; conf: string } {
  const prefix = mkdtempSync(path.join(tmpdir(), `kilowise-${options.tag}-`));
  // nginx's workers drop root for an unprivileged user: they must reach and write the temp and cache folders.
  chmodSync(prefix, 0o755);
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) {
    mkdirSync(path.join(prefix, folder));
    chmodSync(path.join(prefix, folder), 0o777);
  }
  const site = siteIn(prefix);
  writeFileSync(path.join(prefix, 'site.conf'), site);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    [
      site.includes('brotli_static on;') ? `load_module ${BROTLI_MODULE};` : '',
      `worker_processes ${options.workers};`,
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      'daemon off;',
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (folder) => `  ${folder === 'body' ? 'client_body' : folder}_temp_path ${prefix}/${folder};`,
      ),
      `  include ${prefix}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return { prefix, conf };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runMain(
    () => {
      ensureNginx();
      console.log(`[nginx] ${NGINX} with ${BROTLI_MODULE}`);
    },
    { tag: 'nginx' },
  );
}
