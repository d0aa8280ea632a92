// Bench: `Run recipe` on a seven-step recipe, on the mobile profile: from the click to the last step's result shown.
import type { Browser } from '@playwright/test';
import { openMobilePage } from './measure-page';

/**
 * The recipe timed: seven steps (six until it got its authorization-URL step), writes and reads, values handed from
 * step to step.
 */
export const RECIPE_PAGE = '/docs/recipes/first-smart-charging-smartcar';
const RECIPE_STEPS = 7;
const RUNS = 5;

/**
 * Click to the last step's result, per run, measured in the page with a MutationObserver. The first run also loads
 * the sandbox and its contract; before each later one `Reset sandbox` clears the results (and the sandbox).
 */
export async function measureRecipeRun(
  browser: Browser,
  origin: string,
): Promise<{ steps: number; firstMs: number; laterP50Ms: number; laterMaxMs: number }> {
  const { context, page } = await openMobilePage(browser);
  await page.goto(`${origin}${RECIPE_PAGE}`, { waitUntil: 'load' });
  // Hydrated: the colour toggle is enabled only then.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button')].some(
        (button) => button.getAttribute('aria-label')?.startsWith('Switch between') && !button.disabled,
      ),
    undefined,
    { timeout: 30_000 },
  );
  const steps = await page.locator('.recipe-steps > li').count();
  if (steps !== RECIPE_STEPS)
    throw new Error(`[bench] ${RECIPE_PAGE} has ${steps} steps, not the ${RECIPE_STEPS} the figure is compared over`);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    if (run > 0) await page.getByRole('button', { name: 'Reset sandbox' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.recipe-result').length === 0);
    // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
    const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
      const list = document.querySelector('.recipe-steps');
      const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Run recipe');
      if (!list || !button) return reject(new Error('no steps or no Run recipe button'));
      const last = () => list.lastElementChild && list.lastElementChild.querySelector('.recipe-result');
      const failed = () => list.querySelector('.recipe-result--failed');
      const started = performance.now();
      const timer = setTimeout(() => reject(new Error('the run did not finish within 10 s')), 10000);
      const observer = new MutationObserver(() => {
        if (failed()) { clearTimeout(timer); observer.disconnect(); reject(new Error('a step failed: ' + failed().textContent)); }
        else if (last()) { clearTimeout(timer); observer.disconnect(); resolve(performance.now() - started); }
      });
      observer.observe(list, { childList: true, subtree: true });
      button.click();
    })`);
    times.push(ms);
  }
  await context.close();
  const [first = Number.NaN, ...later] = times;
  const sorted = later.toSorted((a, b) => a - b);
  return {
    steps,
    firstMs: first,
    laterP50Ms: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    laterMaxMs: Math.max(...later),
  };
}
