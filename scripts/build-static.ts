// `npm run build:static`: the site as a folder any CDN or nginx can serve, made from the production build in
// .next (run `npm run build` first). It copies every prerendered route, the hashed assets and public/ into
// out/, writes a .gz and a .br beside each text file, and the host configuration: out/_headers and
// out/_redirects (Netlify, Cloudflare Pages) and deploy/nginx.conf. Routes that need a server are left out,
// each with a line saying so; a route that can be neither exported nor left out stops the command.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { z } from 'zod';
import { listenAddress, NGINX_BROTLI_MODULE, nginxConf, nginxProxyConf } from '../lib/deploy/nginx';
import { COMPRESSIBLE, exportedPath, headersFile, redirectsFile, SERVER_ROUTES } from '../lib/deploy/static-export';
import { parseWith } from '../lib/validation';
import { runMain } from '../lib/build/run-main';

const DIST = process.env.KILOWISE_DIST_DIR || '.next';
const OUT = 'out';
const NGINX_CONF = path.join('deploy', 'nginx.conf');
const NGINX_PROXY_CONF = path.join('deploy', 'nginx-proxy.conf');
/** Compressions running at once: zlib's work runs on libuv's threads, so both cores are busy. */
const PARALLEL = 4;
/**
 * Brotli's quality: 11 for the hashed assets (cached for a year, loaded by every page; 1.5 MB takes about
 * 2 s), 9 for the rest (about 20 times faster than 11 for 10% more bytes: /api's 800 KB of HTML is 46 KB
 * instead of 41 KB, in 44 ms instead of 1 s).
 */
const brotliQuality = (file: string) => (file.startsWith(`${OUT}/_next/static/`) ? 11 : 9);

const prerenderManifestSchema = z.object({
  routes: z.record(z.string(), z.object({ initialStatus: z.number().optional() })),
  dynamicRoutes: z.record(z.string(), z.object({ fallback: z.union([z.literal(false), z.string(), z.null()]) })),
});
const appPathsSchema = z.record(z.string(), z.string());

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  if (!existsSync(file))
    throw new Error(`${file} is missing: run \`npm run build\` first (build:static exports that build).`);
  return parseWith(schema, JSON.parse(readFileSync(file, 'utf8')), file);
}

function copy(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true });
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/** Copies each prerendered route to its place in out/; returns the count of pages and files. */
function exportRoutes(appDir: string, routes: readonly string[]): { pages: number; files: number } {
  let pages = 0;
  let files = 0;
  for (const route of routes) {
    const base = path.join(appDir, route === '/' ? 'index' : route.slice(1));
    const kind = existsSync(`${base}.html`) ? 'page' : existsSync(`${base}.body`) ? 'file' : undefined;
    if (!kind)
      throw new Error(`The route ${route} cannot be exported: the build has neither ${base}.html nor ${base}.body.`);
    const target = exportedPath(route, kind);
    if (!target) continue;
    if (kind === 'page') {
      // Each page's own policy is added after `next build` (scripts/apply-csp.ts); a page without it is not exported.
      if (!readFileSync(`${base}.html`, 'utf8').includes('<meta http-equiv="Content-Security-Policy"')) {
        throw new Error(
          `${base}.html has no Content-Security-Policy <meta>: run the whole \`npm run build\` (its apply-csp step adds it), not \`next build\` alone.`,
        );
      }
      copy(`${base}.html`, path.join(OUT, target));
      // The router's payloads, so nginx can keep navigation client-side (deploy/nginx.conf).
      const stem = path.join(OUT, target.replace(/\.html$/, ''));
      if (existsSync(`${base}.rsc`)) copy(`${base}.rsc`, `${stem}.rsc`);
      if (existsSync(`${base}.segments`)) copy(`${base}.segments`, `${stem}.segments`);
      pages += 1;
    } else {
      copy(`${base}.body`, path.join(OUT, target));
      files += 1;
    }
  }
  return { pages, files };
}

/** Stops on an app route that is neither prerendered nor known to need a server. */
function checkEveryRouteIsCovered(
  appPaths: readonly string[],
  manifest: z.infer<typeof prerenderManifestSchema>,
): void {
  for (const route of appPaths) {
    if (route in SERVER_ROUTES || route.startsWith('/_')) continue;
    if (route.includes('[')) {
      const dynamic = manifest.dynamicRoutes[route];
      if (!dynamic || dynamic.fallback !== false) {
        throw new Error(
          `The route ${route} cannot be exported: its pages are rendered on request (set dynamicParams = false and list them in generateStaticParams).`,
        );
      }
    } else if (!(route in manifest.routes)) {
      throw new Error(
        `The route ${route} cannot be exported: it is rendered on request. Prerender it, or add it to SERVER_ROUTES in lib/deploy/static-export.ts with the reason.`,
      );
    }
  }
}

/** Writes name.gz and name.br beside every text file of out/; returns the bytes before and after brotli. */
async function precompress(): Promise<{ count: number; raw: number; brotli: number }> {
  const files = filesUnder(OUT).filter((file) => COMPRESSIBLE.test(file));
  let raw = 0;
  let brotli = 0;
  let next = 0;
  const work = async () => {
    while (next < files.length) {
      const file = path.join(OUT, files[next++] as string);
      const data = readFileSync(file);
      const [gz, br] = await Promise.all([
        gzipAsync(data, { level: 9 }),
        brotliAsync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      ]);
      writeFileSync(`${file}.gz`, gz);
      writeFileSync(`${file}.br`, br);
      raw += data.length;
      brotli += br.length;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, work));
  return { count: files.length, raw, brotli };
}

/** out/'s top-level entries and /generated's children, as paths, for the header rules. */
function topLevelPaths(): string[] {
  const top = readdirSync(OUT).map((name) => `/${name}`);
  const generated = existsSync(path.join(OUT, 'generated'))
    ? readdirSync(path.join(OUT, 'generated')).map((name) => `/generated/${name}`)
    : [];
  return [...top, ...generated];
}

async function main(): Promise<void> {
  const started = performance.now();
  const manifest = readJson(path.join(DIST, 'prerender-manifest.json'), prerenderManifestSchema);
  const appPaths = Object.values(readJson(path.join(DIST, 'app-path-routes-manifest.json'), appPathsSchema));
  checkEveryRouteIsCovered(appPaths, manifest);

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const appDir = path.join(DIST, 'server', 'app');
  const { pages, files } = exportRoutes(appDir, Object.keys(manifest.routes));
  copy(path.join(appDir, '_not-found.html'), path.join(OUT, '404.html'));
  copy(path.join(DIST, 'static'), path.join(OUT, '_next', 'static'));
  cpSync('public', OUT, { recursive: true });
  const preview = process.env.VERCEL_ENV === 'preview' || process.env.KILOWISE_PREVIEW === '1';
  writeFileSync(path.join(OUT, '_headers'), headersFile(topLevelPaths(), preview));
  writeFileSync(path.join(OUT, '_redirects'), redirectsFile());
  const copied = performance.now();

  const compressed = await precompress();
  const root = path.resolve(process.env.KILOWISE_STATIC_ROOT ?? OUT);
  const listen = Number(process.env.KILOWISE_NGINX_PORT ?? 80);
  // Both configurations listen on 127.0.0.1 unless KILOWISE_NGINX_LISTEN_ALL=1 asks for every interface.
  const allInterfaces = process.env.KILOWISE_NGINX_LISTEN_ALL === '1';
  const brotli = process.env.KILOWISE_NGINX_BROTLI
    ? process.env.KILOWISE_NGINX_BROTLI === '1'
    : existsSync(NGINX_BROTLI_MODULE);
  mkdirSync(path.dirname(NGINX_CONF), { recursive: true });
  writeFileSync(NGINX_CONF, nginxConf({ root, listen, allInterfaces, brotli, preview }));
  const upstream = process.env.KILOWISE_NEXT_UPSTREAM ?? '127.0.0.1:3000';
  writeFileSync(
    NGINX_PROXY_CONF,
    nginxProxyConf({
      listen,
      allInterfaces,
      upstream,
      cacheDir: process.env.KILOWISE_NGINX_CACHE ?? '/var/cache/nginx/kilowise-docs',
    }),
  );

  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const size = filesUnder(OUT).reduce((sum, file) => sum + statSync(path.join(OUT, file)).size, 0);
  console.log(
    `[static] ${pages} pages and ${files} other routes, the assets and public/ in ${OUT}/ (${seconds(copied - started)})`,
  );
  console.log(
    `[static] ${compressed.count} text files precompressed, .gz and .br: ${mb(compressed.raw)} → ${mb(compressed.brotli)} brotli (${seconds(performance.now() - copied)})`,
  );
  for (const [route, reason] of Object.entries(SERVER_ROUTES))
    console.log(`[static] left out, needs a server: ${route}: ${reason}`);
  console.log(
    `[static] host configuration: ${OUT}/_headers and ${OUT}/_redirects (Netlify, Cloudflare Pages), ${NGINX_CONF} (root ${root}, listen ${listenAddress(listen, allInterfaces)}, brotli_static ${brotli ? 'on' : 'off: module not found'})`,
  );
  console.log(
    `[static] and ${NGINX_PROXY_CONF}: nginx as a caching proxy in front of next start on ${upstream}, for a host that runs the app`,
  );
  console.log(`[static] ${mb(size)} in ${OUT}/, done in ${seconds(performance.now() - started)}`);
}

runMain(main, { tag: 'static' });
