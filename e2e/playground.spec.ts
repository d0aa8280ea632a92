import type { Page, Request } from '@playwright/test';
import { expect, expectNoHorizontalScroll, seriousFindings, test, waitForHydration } from './fixtures';

const SERVER = 'https://api.kilowise.io';

const response = (page: Page) => page.getByRole('region', { name: 'Response' });
const body = (page: Page) => page.getByLabel('Request body');
const controls = (page: Page) => page.getByRole('region', { name: 'Sandbox controls' });

/** Opens the playground and waits until it can send. */
async function open(page: Page, query: string) {
  await page.goto(`/playground${query}`);
  await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
}

async function send(page: Page) {
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(response(page).locator('.playground-status')).toBeVisible();
}

async function chooseOperation(page: Page, label: string) {
  await page.getByLabel('Operation', { exact: true }).selectOption({ label });
}

const cabin = {
  name: 'E2E Cabin',
  coordinates: { latitude: 63.4, longitude: 13.1 },
  countryCode: 'SE',
  postalCode: '83013',
  streetAddress: 'Fjällvägen 3',
  city: 'Åre',
};

test.describe('API playground', () => {
  test('opens the operation a link names, sends it to the sandbox and shows 200 and the body', async ({ page }) => {
    await open(page, '?operation=getSpotPriceAreas');
    await expect(page.getByRole('heading', { level: 1, name: 'API playground' })).toBeVisible();
    await expect(page.getByLabel('Operation', { exact: true })).toHaveValue('getSpotPriceAreas');
    await expect(page.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
    await page.getByLabel('countryCode').fill('SE');
    await page.getByLabel('postalCode').fill('21120');
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
    await expect(response(page)).toContainText('"id": "SE4"');
    await expect(response(page)).toContainText('"name": "Malmö"');
    await expect(page).toHaveURL(/countryCode=SE/);
    await expect(page.getByRole('tabpanel', { name: 'curl' })).toContainText(
      "spot-price-areas?countryCode=SE&postalCode=21120'",
    );
    await page.getByRole('tab', { name: 'kilowise-client' }).click();
    await expect(page.getByRole('tabpanel', { name: 'kilowise-client' })).toContainText(
      "kilowise.spotPrices.listAreas({ countryCode: 'SE', postalCode: '21120' })",
    );
  });

  test('a location added is listed, also after a reload, and Reset sandbox removes it', async ({ page }) => {
    await open(page, '?operation=addLocation');
    await body(page).fill(JSON.stringify(cabin, null, 2));
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
    await expect(response(page)).toContainText('"spotPriceAreaId": "SE2"');

    await chooseOperation(page, "GET List a user's locations");
    await send(page);
    await expect(response(page)).toContainText('E2E Cabin');

    await page.reload();
    await expect(page.getByLabel('Operation', { exact: true })).toHaveValue('getLocations');
    await send(page);
    await expect(response(page)).toContainText('E2E Cabin');
    expect(await page.evaluate(() => sessionStorage.getItem('kilowise.playground.sandbox'))).toContain('E2E Cabin');

    await page.getByRole('button', { name: 'Reset sandbox' }).click();
    await send(page);
    await expect(response(page)).toContainText('"id": "loc-8c1e52"');
    await expect(response(page)).not.toContainText('E2E Cabin');
  });

  test('an invalid body gets 400 with a message naming the field', async ({ page }) => {
    await open(page, '?operation=addLocation');
    await body(page).fill(JSON.stringify({ ...cabin, coordinates: { latitude: 'north', longitude: 13.1 } }));
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('400 Bad Request');
    await expect(response(page)).toContainText(
      'Request body: field \\"coordinates.latitude\\" must be number, not string',
    );
  });

  test('bad input gets a message at its field and never breaks the page', async ({ page }) => {
    await open(page, '?operation=addLocation');
    await body(page).fill('{"name": ');
    await expect(page.getByText(/^Not valid JSON: /)).toBeVisible();
    await expect(body(page)).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('userId').fill('');
    await expect(page.getByText('userId is required')).toBeVisible();
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('404 Not Found');
    await body(page).fill(JSON.stringify(cabin));
    await page.getByLabel('userId').fill('user-1');
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
  });

  test('Live sends x-api-key straight to the server URL; the key is kept nowhere after a reload', async ({
    page,
    context,
  }) => {
    const calls: Request[] = [];
    await page.route(`${SERVER}/**`, async (route) => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': '*',
      };
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      calls.push(route.request());
      return route.fulfill({
        status: 200,
        headers: { ...cors, 'content-type': 'application/json' },
        body: '["AT","DE","FI","SE"]',
      });
    });
    await open(page, '?operation=getCountries');
    await page.getByRole('radio', { name: 'Live' }).check();
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Enter your API key to call the live API.')).toBeVisible();
    expect(calls).toHaveLength(0);

    await page.getByLabel('API key', { exact: true }).fill('live-key-4711');
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
    await expect(response(page)).toContainText('Live API');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url()).toBe(`${SERVER}/v2/kilowise/countries`);
    expect(await calls[0]?.headerValue('x-api-key')).toBe('live-key-4711');

    await page.reload();
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(page.url()).not.toContain('live-key-4711');
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain('live-key-4711');
    expect(JSON.stringify(await context.cookies())).not.toContain('live-key-4711');
  });

  test('Remember keeps the key on this device until Forget', async ({ page }) => {
    await open(page, '?operation=getCountries');
    await page.getByLabel('API key', { exact: true }).fill('remembered-key');
    await page.getByRole('checkbox', { name: 'Remember API key on this device' }).check();
    expect(await page.evaluate(() => localStorage.getItem('kilowise.playground.api-key'))).toBe('remembered-key');
    await page.reload();
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('remembered-key');
    await page.getByRole('button', { name: 'Forget' }).click();
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'Remember API key on this device' })).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('kilowise.playground.api-key'))).toBeNull();
  });

  test.describe('when the browser gets no answer', () => {
    // The browser itself reports the failed request in the console; the page must explain it.
    test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED \(https:\/\/api\.kilowise\.io\//] });

    test('it says so and offers the curl command', async ({ page }) => {
      await page.route(`${SERVER}/**`, (route) => route.abort('failed'));
      await open(page, '?operation=getCountries&target=live');
      await page.getByLabel('API key', { exact: true }).fill('k');
      await page.getByRole('button', { name: 'Send request' }).click();
      const alert = response(page).getByRole('alert');
      await expect(alert).toContainText('CORS');
      await expect(alert).toContainText('curl https://api.kilowise.io/v2/kilowise/countries');
    });
  });

  test('a copied link reproduces the request', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '?operation=getSpotPrices');
    await page.getByLabel('areaId').fill('FI');
    await page.getByRole('button', { name: 'Copy link' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('path.areaId=FI');
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByLabel('areaId')).toHaveValue('FI');
    await expect(other.getByLabel('startDateTime')).toHaveValue('2025-03-14T17:00:00+01:00');
  });

  test('each operation on /api has a Try it link that opens the playground on it', async ({ page }) => {
    await page.goto('/api');
    const tryIt = page.locator('[id="operation/updateEvPreferences"]').getByRole('link', { name: 'Try it' });
    await expect(tryIt).toHaveAttribute('href', '/playground?operation=updateEvPreferences');
    await expect(page.getByRole('link', { name: 'Try it' })).toHaveCount(49);
    await tryIt.click();
    await expect(page).toHaveURL(/\/playground\?operation=updateEvPreferences/);
    await expect(page.getByLabel('Operation', { exact: true })).toHaveValue('updateEvPreferences');
    await expect(body(page)).toHaveValue(/SMART_CHARGE_AT_LOCATION/);
  });

  test('search finds the playground by its name', async ({ page }) => {
    // By its name: "sandbox playground" puts the SDK's "Try it in the playground" section first and this page second,
    // as a page's own record counts less where its title lacks a word of the query (lib/search/engine.ts).
    await page.goto('/search?q=api%20playground');
    await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toHaveAttribute(
      'href',
      '/playground',
    );
  });

  test('works with the keyboard alone', async ({ page }) => {
    await open(page, '?operation=getCountries');
    await page.getByLabel('Filter operations').focus();
    await page.keyboard.type('spot prices get');
    await expect(page.getByLabel('Operation', { exact: true })).toHaveValue('getSpotPrices');
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press('Tab');
      if (
        await page.getByRole('button', { name: 'Send request' }).evaluate((button) => button === document.activeElement)
      )
        break;
    }
    await page.keyboard.press('Enter');
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
  });

  test('Sandbox controls unplug and plug in a car and move the clock; the status the API gives follows', async ({
    page,
  }) => {
    await open(page, '?operation=getDeviceStatus');
    const panel = controls(page);
    const said = panel.getByRole('status').last();
    const plugged = panel.getByRole('checkbox', { name: 'Cable plugged in' });
    await expect(panel.getByRole('group', { name: 'Device dev-5b1f0c' })).toBeVisible();
    await plugged.uncheck();
    await expect(said).toHaveText('dev-5b1f0c unplugged: status CABLE_UNPLUGGED.');
    await send(page);
    await expect(response(page)).toContainText('"status": "CABLE_UNPLUGGED"');

    await panel.getByLabel('State of charge (%)').fill('30');
    await panel.getByRole('button', { name: 'Set SoC' }).click();
    await expect(said).toHaveText('dev-5b1f0c state of charge set to 30 %: status CABLE_UNPLUGGED.');
    // With the keyboard alone: Space on the switch.
    await plugged.focus();
    await page.keyboard.press('Space');
    await expect(plugged).toBeChecked();
    await expect(said).toHaveText(/^dev-5b1f0c plugged in: status (?!CABLE_UNPLUGGED)[A-Z_]+\.$/);
    await expect(panel.locator('dt', { hasText: /^SoC$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      '30 %',
    );

    const clock = panel.locator('time');
    const before = Date.parse((await clock.getAttribute('datetime')) ?? '');
    await panel.getByRole('button', { name: '+1 hour' }).click();
    await expect(said).toHaveText(/^Clock moved to \d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC\.$/);
    const after = Date.parse((await clock.getAttribute('datetime')) ?? '');
    // The clock followed real time until it moved: an hour on from what the panel read, and what passed since.
    expect(after - before).toBeGreaterThanOrEqual(3_600_000);
    expect(after - before).toBeLessThan(3_600_000 + 60_000);
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
    await expect(response(page)).toContainText('"status": "');
    await expect(response(page)).not.toContainText('CABLE_UNPLUGGED');

    // An unknown device is the sandbox's 404 message, said politely; the page goes on.
    await page.getByLabel('deviceId').fill('dev-unknown');
    await expect(panel.getByRole('group', { name: 'Device dev-unknown' }).getByRole('status')).toHaveText(
      'Device dev-unknown not found',
    );
    await expect(plugged).toHaveCount(0);
  });

  test('Sandbox controls set the clock, show only with the Sandbox target, and a bad value is said, not sent', async ({
    page,
  }) => {
    await open(page, '?operation=getCountries');
    const panel = controls(page);
    const said = panel.getByRole('status').last();
    await expect(panel.getByText('An operation with a deviceId path parameter')).toBeVisible();
    // Back in time: a sandbox nothing has changed yet starts again then.
    await panel.getByLabel('Set the clock to (UTC)').fill('2025-03-14T17:00');
    await panel.getByRole('button', { name: 'Set clock' }).click();
    await expect(said).toHaveText('Clock set to 2025-03-14 17:00 UTC.');
    await expect(panel.locator('time')).toHaveAttribute('datetime', '2025-03-14T17:00:00.000Z');
    await panel.getByRole('button', { name: '+1 day' }).click();
    await expect(said).toHaveText('Clock moved to 2025-03-15 17:00 UTC.');

    await chooseOperation(page, "GET Get a device's unified status");
    await panel.getByLabel('State of charge (%)').fill('');
    await panel.getByRole('button', { name: 'Set SoC' }).click();
    await expect(said).toHaveText('Enter a state of charge from 0 to 100.');
    await panel.getByLabel('State of charge (%)').fill('140');
    await panel.getByRole('button', { name: 'Set SoC' }).click();
    await expect(said).toHaveText('Field "soc" must be a number from 0 to 100 (percent)');
    await panel.getByLabel('Fault (OCPP error code)').selectOption('GroundFailure');
    await expect(said).toHaveText('dev-5b1f0c fault GroundFailure raised: status ERROR.');

    await page.getByRole('radio', { name: 'Live' }).check();
    await expect(panel).toHaveCount(0);
    await page.getByRole('radio', { name: 'Sandbox' }).check();
    // The sandbox kept the moved clock across the restart.
    await expect(panel.locator('time')).toHaveAttribute('datetime', '2025-03-15T17:00:00.000Z');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`the Sandbox controls have no serious or critical axe violations in ${mode} mode`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await open(page, '?operation=getDeviceStatus');
      await controls(page).getByLabel('Fault (OCPP error code)').selectOption('HighTemperature');
      await expect(controls(page).getByRole('status').last()).toContainText('HighTemperature');
      expect(await seriousFindings(page, { include: '.playground-controls' })).toEqual([]);
      await expectNoHorizontalScroll(page);
    });
  }

  for (const [width, mode] of [
    [1280, 'light'],
    [390, 'dark'],
  ] as const) {
    test(`has no serious or critical axe violations at ${width} px in ${mode} mode, and no sideways scroll`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await open(page, '?operation=addLocation');
      await send(page);
      expect(await seriousFindings(page, { include: 'main' })).toEqual([]);
      await expectNoHorizontalScroll(page);
    });
  }

  test('no playground code loads on other pages', async ({ page }) => {
    /**
     * The scripts a page loads (prefetches included) that hold a string only the sandbox's code holds. The page is
     * given time to hydrate, let `ready` hold and finish its prefetches; each script is then fetched again, since a
     * response body the browser has already dropped cannot be read back.
     */
    const playgroundScripts = async (path: string, ready: () => Promise<void> = async () => {}) => {
      const urls = new Set<string>();
      const listener = (request: Request) => {
        if (request.resourceType() === 'script') urls.add(request.url());
      };
      page.on('request', listener);
      await page.goto(path);
      await waitForHydration(page);
      await ready();
      await page.waitForLoadState('networkidle');
      // A fixed wait, on purpose: the test proves that no playground script is requested. networkidle saw 500 ms
      // without a request; prefetches of links scrolled into view start in idle time after that, so the page gets
      // as long again, and a script requested in it is counted.
      await page.waitForTimeout(500);
      page.off('request', listener);
      const texts = await Promise.all(
        [...urls].map(async (url) => ({ url, text: await (await page.request.get(url)).text() })),
      );
      return texts.filter(({ text }) => text.includes('x-kilowise-sandbox')).map(({ url }) => url);
    };
    const playgroundReady = () => expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
    expect(await playgroundScripts('/playground', playgroundReady)).not.toEqual([]);
    for (const path of ['/', '/docs/smart-charging', '/api']) expect(await playgroundScripts(path), path).toEqual([]);
  });
});
