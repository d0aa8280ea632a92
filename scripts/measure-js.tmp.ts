import { chromium } from '@playwright/test';
import { measurePage } from './bench/measure-page';
import { startNextServer } from './bench/server';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium';
const PORT = 3610;
const origin = `http://127.0.0.1:${PORT}`;
const stop = await startNextServer(PORT, { ...process.env, KILOWISE_DIST_DIR: process.env.KILOWISE_DIST_DIR });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const docs = await measurePage(browser, origin, '/docs/locations');
  for (const path of ['/playground', '/sdk/packages/kilowise-client/playground', '/sdk/packages/kilowise-ui/playground']) {
    const page = await measurePage(browser, origin, path);
    console.log(path, ((page.jsGzipBytes - docs.jsGzipBytes) / 1024).toFixed(1), 'KB above docs');
  }
} finally {
  await browser.close();
  stop();
}
