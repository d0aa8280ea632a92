import type { Browser } from '@playwright/test';
import { axeViolations } from '../../e2e/axe';
import { AXE_TAGS } from '../../e2e/axe-tags';

export interface AxeFigures {
  /** Elements in /api once every deferred detail is in. */
  elements: number;
  /** How long one axe-core run over the whole page takes, at desktop speed (no CPU slowdown). */
  seconds: number;
  /** Serious and critical findings (the end-to-end suite fails on any). */
  serious: number;
}

/**
 * axe-core over `/api` with every deferred detail in, as the end-to-end suite runs it (violations only):
 * the cost a large page puts on assistive technology and on the accessibility tests.
 */
export async function measureApiAxe(browser: Browser, origin: string): Promise<AxeFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/api`);
    await page.waitForSelector('#main-content[data-deferred-html="done"]', { timeout: 60_000 });
    const elements = await page.evaluate(() => document.querySelectorAll('*').length);
    const started = performance.now();
    const violations = await axeViolations(page, { tags: AXE_TAGS });
    const seconds = (performance.now() - started) / 1000;
    const serious = violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    ).length;
    return { elements, seconds, serious };
  } finally {
    await context.close();
  }
}
