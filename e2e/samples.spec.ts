import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

const LANGUAGES = [
  'curl',
  'JavaScript',
  'Node.js',
  'Python',
  'Go',
  'Java',
  'C#',
  'PHP',
  'Ruby',
  'Kotlin',
  'kilowise-client',
];

const operation = (page: Page, id: string) => page.locator(`[id="operation/${id}"]`);

/**
 * Opens /api at an anchor and waits until the page has stopped growing around it, then scrolls a pixel as a reader
 * would: until a reader scrolls, the page holds the anchor it landed on in place, and a click aimed while it still
 * moves could land on the tab beside the one aimed at.
 */
async function openApi(page: Page, anchor = '') {
  await page.goto(`/api${anchor}`);
  await waitForHydration(page);
  await expect(page.locator('#main-content')).toHaveAttribute('data-deferred-html', 'done', { timeout: 20_000 });
  await page.mouse.wheel(0, 1);
}

test.describe('request samples on /api', () => {
  test('every operation offers every language; only curl is in the page until another is picked', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/api')).text();
    expect(html).toContain('--header');
    expect(html).not.toContain('import requests');
    await openApi(page, '#operation/getLocations');
    const card = operation(page, 'getLocations');
    await expect(card.getByRole('tab')).toHaveText(LANGUAGES);
    await card.getByRole('tab', { name: 'Python' }).click();
    const python = card.getByRole('tabpanel', { name: 'Python' });
    await expect(python).toContainText('import requests');
    await expect(python).toContainText('os.environ["KILOWISE_API_KEY"]');
  });

  test('a pick switches the tab with its sample in place, never to a "Loading" panel', async ({ page }) => {
    await openApi(page, '#operation/getLocations');
    const card = operation(page, 'getLocations');
    // Records every state the Go panel is shown in, from the click on, in the page.
    await card.evaluate((element) => {
      const tab = [...element.querySelectorAll('[role="tab"]')].find((candidate) => candidate.textContent === 'Go');
      const panel = document.getElementById(tab?.getAttribute('aria-controls') ?? '');
      const seen: string[] = [];
      (window as unknown as { __goPanel: string[] }).__goPanel = seen;
      if (!panel) return;
      new MutationObserver(() => {
        if (!panel.hidden) seen.push(panel.querySelector('pre code') ? 'code' : 'waiting');
      }).observe(panel, { attributes: true, childList: true, subtree: true });
    });
    // Pointing at a language loads the generator; once it is here, the pick's sample is written within the click,
    // so a panel shown before its code is the order of the pick, not the network.
    await card.getByRole('tab', { name: 'Python' }).hover();
    // Python's sample written means the generator has loaded and run (network idle alone did not say so under load).
    await expect(card.locator('[data-sample-language="python"]')).toHaveAttribute('data-state', 'loaded');
    // A click with no pointer over the tab first, as a tap or a keyboard gives: hovering would write the sample early.
    await card.getByRole('tab', { name: 'Go' }).dispatchEvent('click');
    await expect(card.getByRole('tabpanel', { name: 'Go' })).toContainText('os.Getenv("KILOWISE_API_KEY")');
    await expect(card.getByRole('tab', { name: 'Go' })).toHaveAttribute('aria-selected', 'true');
    const seen = await page.evaluate(() => (window as unknown as { __goPanel: string[] }).__goPanel);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain('waiting');
  });

  // Two tests, not one: all five loads of /api and the playground in one test outlasted its 30 s on two shared cores.
  test('the language picked holds on every operation and in another tab', async ({ page, context }) => {
    await openApi(page, '#operation/getLocations');
    await operation(page, 'getLocations').getByRole('tab', { name: 'Go' }).click();
    await expect(operation(page, 'getLocations').getByRole('tabpanel', { name: 'Go' })).toContainText(
      'os.Getenv("KILOWISE_API_KEY")',
    );
    expect(await page.evaluate(() => localStorage.getItem('kilowise.code-language'))).toBe('go');
    // Another operation, further down: its sample is written as it nears the viewport.
    const later = operation(page, 'getSpotPrices');
    await later.getByRole('tablist').last().scrollIntoViewIfNeeded();
    await expect(later.getByRole('tab', { name: 'Go' })).toHaveAttribute('aria-selected', 'true');
    await expect(later.getByRole('tabpanel', { name: 'Go' })).toContainText('http.NewRequest("GET"');

    const other = await context.newPage();
    await openApi(other, '#operation/getCountries');
    await expect(operation(other, 'getCountries').getByRole('tab', { name: 'Go' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Picked in one tab, followed in the other.
    await operation(other, 'getCountries').getByRole('tab', { name: 'Ruby' }).click();
    await expect(operation(other, 'getCountries').getByRole('tab', { name: 'Ruby' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(operation(page, 'getLocations').getByRole('tab', { name: 'Ruby' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The operation in view shows it at once.
    await expect(later.getByRole('tabpanel', { name: 'Ruby' })).toContainText("require 'net/http'");
  });

  test('the language picked holds after a reload and in the playground', async ({ page }) => {
    await openApi(page, '#operation/getLocations');
    await operation(page, 'getLocations').getByRole('tab', { name: 'Ruby' }).click();
    await expect(operation(page, 'getLocations').getByRole('tabpanel', { name: 'Ruby' })).toContainText(
      "require 'net/http'",
    );
    await page.reload();
    await waitForHydration(page);
    await expect(operation(page, 'getLocations').getByRole('tab', { name: 'Ruby' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The playground starts in the same language.
    await page.goto('/playground?operation=getCountries');
    await expect(page.getByRole('tab', { name: 'Ruby' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Ruby' })).toContainText("ENV.fetch('KILOWISE_API_KEY')");
  });

  test('arrow keys, Home and End move between languages and pick them', async ({ page }) => {
    await openApi(page, '#operation/getLocations');
    const card = operation(page, 'getLocations');
    await card.getByRole('tab', { name: 'curl' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('tab', { name: 'JavaScript' })).toBeFocused();
    await expect(card.getByRole('tabpanel', { name: 'JavaScript' })).toContainText(
      "'x-api-key': process.env.KILOWISE_API_KEY",
    );
    expect(await page.evaluate(() => localStorage.getItem('kilowise.code-language'))).toBe('javascript');
    // End picks the last language and Home the first, as in every tab list (WAI-ARIA's tabs pattern).
    await page.keyboard.press('End');
    await expect(card.getByRole('tab', { name: 'kilowise-client' })).toBeFocused();
    await expect(card.getByRole('tab', { name: 'kilowise-client' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(card.getByRole('tab', { name: 'curl' })).toBeFocused();
    await expect(card.getByRole('tabpanel', { name: 'curl' })).toContainText('KILOWISE_API_KEY');
    expect(await page.evaluate(() => localStorage.getItem('kilowise.code-language'))).toBe('curl');
  });
});

test.describe('hostile values in a shared playground link', () => {
  test('a shell command in a header stays a quoted value in the curl sample', async ({ page }) => {
    await page.goto(`/playground?operation=registerCharger&header.X-User-Id=${encodeURIComponent('$(touch /tmp/x)')}`);
    const curl = page.getByRole('tabpanel', { name: 'curl' });
    await expect(curl).toContainText("--header 'X-User-Id: $(touch /tmp/x)'");
    await expect(curl).not.toContainText('"X-User-Id: $(');
    await expect(curl).toContainText('--header "x-api-key: $KILOWISE_API_KEY"');
  });

  test('a body that is not JSON gets no runnable sample', async ({ page }) => {
    await page.goto(
      `/playground?operation=addLocation&path.userId=user-4711&body=${encodeURIComponent("{ name: 'x' }); alert(1); ({")}`,
    );
    await page.getByRole('tab', { name: 'JavaScript' }).click();
    const panel = page.getByRole('tabpanel', { name: 'JavaScript' });
    await expect(panel).toContainText('The request body is not valid JSON');
    await expect(panel).not.toContainText('alert(1)');
  });

  test('a path parameter of .. is a field error, and nothing is sent', async ({ page }) => {
    await page.goto('/playground?operation=deleteLocation&path.userId=user-4711&path.id=..');
    await expect(page.getByText('id cannot be "..": it would change the path').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/users/user-4711')) sent = true;
    });
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Not sent' })).toContainText('Not sent: id cannot be ".."');
    expect(sent).toBe(false);
  });

  test('the typed API key is never in the DOM', async ({ page }) => {
    await page.goto('/playground?operation=getCountries');
    const key = page.getByLabel('API key', { exact: true });
    await key.fill('kw_live_secret_1234');
    await expect(key).toHaveValue('kw_live_secret_1234');
    expect(await page.content()).not.toContain('kw_live_secret_1234');
    expect(await key.getAttribute('value')).toBeNull();
  });
});
