// Step of `npm test` before the static export: Debian's nginx and its brotli_static module, which the export's
// e2e tests serve out/ with. Installs them with apt when missing and this runs as root on Debian (as the e2e
// step does for Chromium), before `npm run build:static`, so the generated deploy/nginx.conf turns brotli on.
import { existsSync } from 'node:fs';
import { NGINX_BROTLI_MODULE } from '../../lib/deploy/static-export';
import { canInstallWithApt, installWithApt } from '../testing/apt';

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

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureNginx();
    console.log(`[nginx] ${NGINX} with ${BROTLI_MODULE}`);
  } catch (error) {
    console.error(`[nginx] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
