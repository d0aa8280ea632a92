import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalScroll, seriousFindings, test, waitForHydration } from './fixtures';

const RECIPES = {
  'charge-now-and-back-to-smart': 'Charging now, and back to smart',
  'first-smart-charging-smartcar': 'First smart charging with a Smartcar vehicle',
  'link-wallbox-account': 'Linking a Wallbox account',
  'onboard-ocpp-charger': 'Onboarding an OCPP charger',
  'spot-prices-for-a-location': "Spot prices for a user's location",
  'tariff-information': 'Tariff information',
  'schedule-follows-prices': 'Schedules follow the price curve',
  'plug-in-to-completed-session': 'From plug-in to a completed session',
  'heating-in-cheap-hours': 'Heating in the cheap hours',
  'car-another-user-connected': 'A car that another user connected',
} as const;

const steps = (page: Page) => page.locator('.recipe-steps > li');
/** The run's status line (role=status). */
const status = (page: Page) => page.locator('.recipe-runner__status');

async function open(page: Page, workflowId: string) {
  await page.goto(`/docs/recipes/${workflowId}`);
  await waitForHydration(page);
}

async function run(page: Page) {
  await page.getByRole('button', { name: 'Run recipe' }).click();
  await expect(status(page)).toHaveText(/passed|failed/);
}

test.describe('recipes', () => {
  test('/docs/recipes lists the six recipes, and the docs sidebar links each', async ({ page }) => {
    await page.goto('/docs/recipes');
    await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
    const main = page.getByRole('main');
    for (const [workflowId, title] of Object.entries(RECIPES)) {
      await expect(main.getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'href',
        `/docs/recipes/${workflowId}`,
      );
    }
    await expect(page.getByRole('complementary').getByRole('link', { name: 'Recipes', exact: true })).toHaveAttribute(
      'href',
      '/docs/recipes',
    );
  });

  for (const [workflowId, title] of Object.entries(RECIPES)) {
    test(`${workflowId} runs green against the sandbox in the browser`, async ({ page }) => {
      await open(page, workflowId);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const count = await steps(page).count();
      // Spot prices reads two things and stores nothing; every other recipe has more steps.
      expect(count).toBeGreaterThanOrEqual(2);
      await run(page);
      await expect(status(page)).toHaveText(`All ${count} steps passed.`);
      for (let index = 0; index < count; index++) {
        const result = steps(page).nth(index).locator('.recipe-result__status');
        // A step may pass on a 404 it expects: a new car has no preferences yet.
        await expect(result).toHaveText(/^Passed\s*[24]\d\d$/);
      }
      await expect(page.getByText('Failed', { exact: true })).toHaveCount(0);
    });
  }

  test('a step names its operation, linked to its /api anchor, and shows its request, response and the values it hands on', async ({
    page,
  }) => {
    await open(page, 'first-smart-charging-smartcar');
    const first = steps(page).first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText("List a user's locations");
    await expect(first.getByRole('link', { name: /GET \/v2\/kilowise\/users\/\{userId\}\/locations/ })).toHaveAttribute(
      'href',
      '/api#operation/getLocations',
    );
    await expect(first).toContainText('$statusCode == 200');
    await run(page);
    await first.getByText('Request and response').click();
    await expect(first.getByLabel('Request of step list-locations')).toContainText(
      'GET https://api.kilowise.io/v2/kilowise/users/user-4711/locations',
    );
    await expect(first.getByLabel('Response of step list-locations')).toContainText('"id": "loc-8c1e52"');
    const connect = steps(page).nth(2);
    await connect.getByText('Request and response').click();
    const deviceId = await connect.locator('.recipe-result__outputs dd').first().textContent();
    expect(deviceId).toMatch(/^"dev-/);
    // The value handed on is the one a later step sent.
    await steps(page).nth(4).getByText('Request and response').click();
    await expect(steps(page).nth(4).getByLabel('Request of step set-preferences')).toContainText(
      `/devices/${JSON.parse(deviceId ?? '""') as string}/smart-charging/ev-preferences`,
    );
  });

  test('a failed success criterion stops the run at that step, and says which criterion failed', async ({ page }) => {
    await open(page, 'first-smart-charging-smartcar');
    // The sandbox, like the API, refuses a charge target above 100 %.
    await page.getByLabel('targetSoC').fill('150');
    await run(page);
    await expect(status(page)).toHaveText('Step 5 (set-preferences) failed; the steps after it did not run.');
    for (const index of [0, 1, 2, 3])
      await expect(steps(page).nth(index).locator('.recipe-result__status')).toHaveText(/^Passed/);
    const failed = steps(page).nth(4);
    await expect(failed.locator('.recipe-result__status')).toContainText('Failed');
    await expect(failed.locator('.recipe-result__status')).toContainText('400');
    await expect(failed.locator('.recipe-result__status')).toContainText(
      'The criterion $statusCode == 200 does not hold',
    );
    for (const index of [5, 6]) await expect(steps(page).nth(index)).toContainText('Not run: an earlier step failed.');
  });

  test('an input that is not a number says so and keeps the run from starting', async ({ page }) => {
    await open(page, 'first-smart-charging-smartcar');
    await page.getByLabel('targetSoC').fill('eighty');
    await expect(status(page)).toHaveText('Fix the inputs first: targetSoC must be a whole number.');
    await expect(page.getByRole('button', { name: 'Run recipe' })).toBeDisabled();
  });

  test('Reset sandbox empties the sandbox the playground shares, and clears the run', async ({ page }) => {
    // A recipe that writes: the sandbox is stored for the tab once something changed.
    await open(page, 'tariff-information');
    await run(page);
    expect(await page.evaluate(() => sessionStorage.getItem('kilowise.playground.sandbox'))).not.toBeNull();
    await page.getByRole('button', { name: 'Reset sandbox' }).click();
    await expect(status(page)).toHaveText("The sandbox is reset: it holds only the contract's example data again.");
    await expect(page.locator('.recipe-result')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('kilowise.playground.sandbox'))).toBeNull();
  });

  test('runs from the keyboard alone', async ({ page }) => {
    await open(page, 'tariff-information');
    const button = page.getByRole('button', { name: 'Run recipe' });
    for (let presses = 0; presses < 80; presses++) {
      await page.keyboard.press('Tab');
      if (await button.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(status(page)).toHaveText(/^All \d+ steps passed\.$/);
  });

  test('shows the recipe as TypeScript and Python, and a diagram of which step feeds which', async ({ page }) => {
    await open(page, 'first-smart-charging-smartcar');
    await expect(page.getByRole('tabpanel', { name: 'TypeScript' })).toContainText("from 'kilowise-client'");
    await page.getByRole('tab', { name: 'Python' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Python' })).toContainText('import requests');
    await expect(
      page.getByRole('img', { name: /step 3 \(connect-car\) hands deviceId to step 5 \(set-preferences\)/ }),
    ).toBeVisible();
  });

  test('the page loads neither zod nor the sandbox until Run recipe is pressed', async ({ page }) => {
    const urls = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') urls.add(request.url());
    });
    await open(page, 'onboard-ocpp-charger');
    await page.waitForLoadState('networkidle');
    const texts = await Promise.all([...urls].map(async (url) => (await page.request.get(url)).text()));
    expect(texts.filter((text) => text.includes('ZodObject') || text.includes('x-kilowise-sandbox'))).toEqual([]);
  });

  test('an operation on /api lists the recipes that use it', async ({ page }) => {
    await page.goto('/api#operation/getLocations');
    const used = page.locator('[id="operation/getLocations"] .operation__recipes');
    await expect(used.getByRole('link', { name: RECIPES['first-smart-charging-smartcar'] })).toHaveAttribute(
      'href',
      '/docs/recipes/first-smart-charging-smartcar',
    );
  });

  test('recipes are in llms.txt, have Markdown twins, and are found by search', async ({ page, request }) => {
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toContain('## Recipes');
    expect(llms).toContain('/docs/recipes/onboard-ocpp-charger.md');
    const twin = await request.get('/docs/recipes/onboard-ocpp-charger.md');
    expect(twin.headers()['content-type']).toContain('text/markdown');
    expect(await twin.text()).toContain('# Onboarding an OCPP charger');
    // First, by its address: an option shows its breadcrumb only until the passages are in, so its name changes.
    await page.goto('/search?q=wallbox%20recipe');
    await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toHaveAttribute(
      'href',
      '/docs/recipes/link-wallbox-account',
    );
  });

  for (const [width, mode] of [
    [1280, 'light'],
    [390, 'dark'],
  ] as const) {
    test(`has no serious or critical axe violations after a run at ${width} px in ${mode} mode, and no sideways scroll`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await open(page, 'first-smart-charging-smartcar');
      await run(page);
      await steps(page).first().getByText('Request and response').click();
      expect(await seriousFindings(page, { include: 'main' })).toEqual([]);
      await expectNoHorizontalScroll(page);
    });
  }
});
