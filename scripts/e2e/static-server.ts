// Serves out/ (`npm run build:static`) with Debian's nginx and the generated deploy/nginx.conf, for the e2e
// suite's "static" project and the bench: the site as a CDN or nginx would serve it.
//   tsx scripts/e2e/static-server.ts PORT                  out/ with deploy/nginx.conf
//   tsx scripts/e2e/static-server.ts PORT --proxy UPSTREAM deploy/nginx-proxy.conf in front of next start on UPSTREAM (a port)
// Installs nginx with apt when it is missing and this runs as root on Debian, as the e2e step does for Chromium.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BROTLI_MODULE, ensureNginx, NGINX, nginxPrefix } from './ensure-nginx';
import { runMain } from '../../lib/build/run-main';

const SITE_CONF = path.join('deploy', 'nginx.conf');
const PROXY_CONF = path.join('deploy', 'nginx-proxy.conf');
/** The generated `listen` line: 127.0.0.1 by default, every interface with KILOWISE_NGINX_LISTEN_ALL=1. */
const LISTEN = /^ {2}listen (?:127\.0\.0\.1:)?\d+;$/m;

/** The generated server block, on the test's port (and, for the proxy, its upstream and a cache of its own). */
function serverBlock(port: number, prefix: string, upstreamPort: number | undefined): string {
  const file = upstreamPort === undefined ? SITE_CONF : PROXY_CONF;
  if (!existsSync(file) || (upstreamPort === undefined && !existsSync(path.join('out', 'index.html'))))
    throw new Error(`${file} or out/ is missing: run \`npm run build:static\` first.`);
  const conf = readFileSync(file, 'utf8');
  if (!LISTEN.test(conf)) throw new Error(`${file} has no "listen" line: regenerate it with \`npm run build:static\`.`);
  if (conf.includes('brotli_static on;') && !existsSync(BROTLI_MODULE))
    throw new Error(`${file} turns brotli_static on but ${BROTLI_MODULE} is missing.`);
  const listened = conf.replace(LISTEN, `  listen 127.0.0.1:${port};`);
  if (upstreamPort === undefined) return listened;
  return listened
    .replace(/^ {2}server [^;]+;$/m, `  server 127.0.0.1:${upstreamPort};`)
    .replace(/^proxy_cache_path \S+/m, `proxy_cache_path ${prefix}/cache`);
}

function main(): void {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error('Give the port: tsx scripts/e2e/static-server.ts PORT [--proxy UPSTREAM_PORT]');
  const proxyAt = process.argv.indexOf('--proxy');
  const upstreamPort = proxyAt > 0 ? Number(process.argv[proxyAt + 1]) : undefined;
  if (upstreamPort !== undefined && (!Number.isInteger(upstreamPort) || upstreamPort <= 0))
    throw new Error('--proxy takes the port next start listens on');
  ensureNginx();

  // The generated server block as it is, on the test's port, inside a minimal nginx.conf of our own.
  const { conf } = nginxPrefix((prefix) => serverBlock(port, prefix, upstreamPort), { tag: 'nginx', workers: 2 });
  console.log(
    `[static-server] nginx serving ${upstreamPort === undefined ? `out/ with ${SITE_CONF}` : `next start on port ${upstreamPort} with ${PROXY_CONF}`} on http://127.0.0.1:${port}/`,
  );
  const child = spawn(NGINX, ['-p', path.dirname(conf), '-c', conf], { stdio: 'inherit' });
  const stop = () => child.kill('SIGQUIT');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

runMain(main, { tag: 'static-server' });
