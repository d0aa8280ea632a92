import { chromium } from '@playwright/test';
import { measurePage } from './bench/measure-page';
import { findChromium } from './e2e/chromium';
async function main() {
  const browser = await chromium.launch({ executablePath: findChromium() });
  const f = await measurePage(browser, 'http://127.0.0.1:3310', '/api'); console.log(JSON.stringify(f));
  await browser.close();
}
main();
