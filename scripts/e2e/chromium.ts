import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags that work on these machines: no sandbox as root, no network chatter. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function fromPlaywrightCache(): string | undefined {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!existsSync(cache)) return undefined;
  const dirs = readdirSync(cache)
    .filter((name) => name.startsWith('chromium'))
    .sort()
    .reverse();
  for (const dir of dirs) {
    for (const binary of ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-linux/headless_shell']) {
      const candidate = path.join(cache, dir, binary);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The Chromium for the end-to-end tests, in this order (the README's): `CHROMIUM_PATH`, Debian's
 * `/usr/bin/chromium`, then Playwright's own cache. Undefined when there is none.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return fromPlaywrightCache();
}
