import type { Browser } from '@playwright/test';
import { openMobilePage } from './measure-page';

const EDITS = 21;

/**
 * Preview update after an edit in a package playground, on the mobile profile: the time from the edit to
 * the frame's report that the new preview is drawn (the page's `data-update-ms`), over edits that each
 * change the code.
 */
export async function measurePreviewUpdates(
  browser: Browser,
  origin: string,
  pkg: string,
): Promise<{ edits: number; p50Ms: number; p95Ms: number }> {
  const { context, page } = await openMobilePage(browser);
  await page.goto(`${origin}/sdk/packages/${pkg}/playground`, { waitUntil: 'load' });
  const preview = page.locator('section[aria-label="Preview"]');
  await preview.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
  const editor = page.getByRole('textbox', { name: 'Code' });
  const code = await editor.inputValue();
  const times: number[] = [];
  for (let edit = 0; edit < EDITS; edit += 1) {
    const before = Number(await preview.getAttribute('data-run'));
    // Each edit adds a line, as typing does, so every run has new code.
    await editor.fill(`${code}\n// edit ${edit}\n`);
    await page.waitForFunction(
      (previous) => {
        const section = document.querySelector('section[aria-label="Preview"]');
        return section?.getAttribute('data-status') === 'ready' && Number(section.getAttribute('data-run')) > previous;
      },
      before,
      { timeout: 10_000 },
    );
    const ms = Number(await preview.getAttribute('data-update-ms'));
    if (!Number.isFinite(ms) || ms <= 0)
      throw new Error(`[bench] ${pkg} playground reported no update time after edit ${edit}`);
    times.push(ms);
  }
  await context.close();
  const sorted = times.sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
  return { edits: times.length, p50Ms: at(0.5), p95Ms: at(0.95) };
}
