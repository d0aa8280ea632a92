import { SPEC_ENUMS, SPEC_INTERFACES } from '../lib/typedoc/spec-names';
import { expect, searchIndexUrl, test, waitForHydration } from './fixtures';

const BASE = '/sdk/packages/kilowise-client/typedoc';

test.describe('TypeDoc reference', () => {
  test('every enum of the spec has a page listing its members with values', async ({ request }) => {
    for (const name of SPEC_ENUMS) {
      const response = await request.get(`${BASE}/enums/${name}`);
      expect(response.status(), name).toBe(200);
      const html = await response.text();
      expect(html, name).toContain(`<h1 class="doc__title">${name}</h1>`);
      const rows = html.match(/<tr id="[A-Za-z0-9_]+" class="typedoc-row">/g) ?? [];
      expect(rows.length, `${name} members`).toBeGreaterThan(0);
    }
  });

  test('every interface of the spec has a page listing its properties', async ({ request }) => {
    for (const name of SPEC_INTERFACES) {
      const response = await request.get(`${BASE}/interfaces/${name}`);
      expect(response.status(), name).toBe(200);
      const html = await response.text();
      expect(html, name).toContain(`<h1 class="doc__title">${name}</h1>`);
      expect(html, name).toContain('<h2 id="properties">Properties</h2>');
    }
  });

  test('KilowiseClient, its areas and its errors have class pages: constructor, properties, and each method with the operation it calls', async ({
    page,
  }) => {
    await page.goto(`${BASE}/classes/KilowiseClient`);
    await expect(page.getByText('Class', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Constructor' })).toBeVisible();
    await expect(page.locator('.typedoc-throws')).toContainText('KilowiseUsageError when apiKey is empty');
    await page.getByRole('link', { name: 'LocationsApi' }).first().click();
    await expect(page).toHaveURL(`${BASE}/classes/LocationsApi`);
    const list = page.getByRole('region', { name: 'list()' });
    await expect(list.getByRole('link', { name: 'getLocations' })).toHaveAttribute(
      'href',
      '/api#operation/getLocations',
    );
    await expect(list.locator('pre code').last()).toContainText('kilowise.locations.list');
    await page.goto(`${BASE}/classes/KilowiseApiError`);
    await expect(page.locator('tr#status')).toContainText('number');
    await expect(page.getByText('Extends Error.')).toBeVisible();
  });

  test('an enum page shows each member, its value and description', async ({ page }) => {
    await page.goto(`${BASE}/enums/ChargingSessionStatus`);
    const rows = page.locator('tr.typedoc-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("ACTIVE'ACTIVE'Charging has started and the session has not ended.");
    await expect(page.getByText('Enumeration', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'the SessionStatus schema' })).toHaveAttribute(
      'href',
      '/api#schema/SessionStatus',
    );
  });

  test('the index groups enumerations and interfaces with one line each', async ({ page }) => {
    await page.goto(BASE);
    await expect(page.getByRole('heading', { level: 2, name: 'Enumerations' })).toBeVisible();
    const enumRows = page.locator('h2#enumerations + .table-scroll tr');
    const interfaceRows = page.locator('h2#interfaces + .table-scroll tr');
    expect(await enumRows.count()).toBeGreaterThanOrEqual(SPEC_ENUMS.length);
    expect(await interfaceRows.count()).toBeGreaterThanOrEqual(SPEC_INTERFACES.length);
    await expect(enumRows.filter({ hasText: 'SpotPriceArea' })).toContainText('Electricity market bidding zones');
  });

  test('types link to their pages, and a property anchor lands on its row', async ({ page }) => {
    await page.goto(`${BASE}/interfaces/VehiclePreferences`);
    await waitForHydration(page);
    const row = page.locator('tr#chargingBehavior');
    await row.getByRole('link', { name: 'VehicleChargingBehavior' }).click();
    await expect(page).toHaveURL(`${BASE}/enums/VehicleChargingBehavior`);
    await expect(page.locator('tr#SMART_CHARGE_AT_LOCATION')).toContainText('Smart charge only at the locations');
    // Used by: back to the property that uses the enum.
    await page.getByRole('link', { name: 'VehiclePreferences.chargingBehavior' }).click();
    await expect(page).toHaveURL(`${BASE}/interfaces/VehiclePreferences#chargingBehavior`);
    await expect(page.locator('tr#chargingBehavior')).toBeInViewport();
  });

  test('REST and SDK link both ways: interface → /api schema → interface', async ({ page }) => {
    await page.goto(`${BASE}/interfaces/VehiclePreferences`);
    await page.getByRole('link', { name: 'the EvPreferences schema' }).click();
    await expect(page).toHaveURL('/api#schema/EvPreferences');
    const schema = page.locator('[id="schema/EvPreferences"]');
    await expect(schema).toBeInViewport();
    await schema.getByRole('link', { name: 'VehiclePreferences' }).click();
    await expect(page).toHaveURL(`${BASE}/interfaces/VehiclePreferences`);
  });

  test('the pages sit in the SDK sidebar under the client package', async ({ page }) => {
    await page.goto(`${BASE}/interfaces/UserLocation`);
    const sidebar = page.getByRole('navigation', { name: /SDK/ }).first();
    await expect(sidebar.getByRole('link', { name: 'TypeDoc reference' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'UserLocation' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('kilowise-client');
  });
});

test('every /api operation has a kilowise-client sample', async ({ page }) => {
  await page.goto('/api#operation/getSpotPrices');
  const operation = page.locator('[id="operation/getSpotPrices"]');
  await operation.getByRole('tab', { name: 'kilowise-client' }).click();
  await expect(operation.getByRole('tabpanel', { name: 'kilowise-client' })).toContainText(
    "await kilowise.spotPrices.get('SE3', {",
  );
  // Details past the first screen become DOM after load.
  await expect(page.locator('#main-content')).toHaveAttribute('data-deferred-html', 'done', { timeout: 20_000 });
  const samples = await page.locator('[role="tab"]', { hasText: 'kilowise-client' }).count();
  expect(samples).toBe(49);
});

test.describe('TypeDoc reference of kilowise-brands, kilowise-charts and kilowise-ui', () => {
  test('each index groups the exports, and every page it lists answers', async ({ page, request }) => {
    for (const [pkg, groups] of [
      ['kilowise-brands', ['Functions', 'Interfaces', 'Type aliases', 'Variables']],
      ['kilowise-charts', ['Components', 'Functions', 'Interfaces', 'Type aliases']],
      ['kilowise-ui', ['Components', 'Functions', 'Interfaces', 'Type aliases', 'Variables']],
    ] as const) {
      await page.goto(`/sdk/packages/${pkg}/typedoc`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${pkg} reference`);
      await expect(page.locator('article').getByRole('heading', { level: 2 })).toHaveText([...groups]);
      const links = await page
        .locator('.typedoc-index a')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
      expect(links.length, pkg).toBeGreaterThan(5);
      for (const href of links) expect((await request.get(href)).status(), href).toBe(200);
    }
  });

  test('a component page lists its props, and a prop typed by the client links to the client page', async ({
    page,
  }) => {
    await page.goto('/sdk/packages/kilowise-ui/typedoc/functions/ChargingBehaviorSwitch');
    await expect(page.getByText('Component', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'ChargingBehaviorSwitchProps' }).first().click();
    await expect(page).toHaveURL('/sdk/packages/kilowise-ui/typedoc/types/ChargingBehaviorSwitchProps');
    await page.getByRole('link', { name: 'VehicleBehaviorProps' }).click();
    await expect(page.locator('tr#value')).toContainText('VehicleChargingBehavior');
    await page.locator('tr#value').getByRole('link', { name: 'VehicleChargingBehavior' }).click();
    await expect(page).toHaveURL('/sdk/packages/kilowise-client/typedoc/enums/VehicleChargingBehavior');
  });

  test('a function page shows its signature, parameters and result', async ({ page }) => {
    await page.goto('/sdk/packages/kilowise-brands/typedoc/functions/getVehicleBrand');
    await expect(page.locator('.typedoc-signature')).toHaveText(
      'function getVehicleBrand(id: string | null | undefined): Brand | undefined',
    );
    await expect(page.locator('tr#id')).toBeVisible();
    await page.locator('.typedoc-signature').getByRole('link', { name: 'Brand' }).click();
    await expect(page).toHaveURL('/sdk/packages/kilowise-brands/typedoc/interfaces/Brand');
    await expect(page.getByRole('link', { name: 'getVehicleBrand()' })).toBeVisible();
  });

  test('search and the sitemap know the pages', async ({ request }) => {
    const index = await (await request.get(await searchIndexUrl(request))).text();
    expect(index).toContain('/sdk/packages/kilowise-ui/typedoc/functions/SocSlider');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const pkg of ['kilowise-brands', 'kilowise-charts', 'kilowise-ui'])
      expect(sitemap).toContain(`/sdk/packages/${pkg}/typedoc</loc>`);
    expect(sitemap).toContain('/sdk/packages/kilowise-charts/typedoc/functions/SpotPriceChart</loc>');
  });
});

test('a package page is its README, with the site components and its table of contents', async ({ page }) => {
  await page.goto('/sdk/packages/kilowise-ui');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('kilowise-ui');
  await expect(page.getByRole('tab', { name: 'curl' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'What it exports' }),
  ).toBeVisible();
  // The README links to the site with full URLs (they work on npm); on the site they are local links.
  await expect(page.locator('article').getByRole('link', { name: 'kilowise-ui versions' })).toHaveAttribute(
    'href',
    '/sdk/packages/kilowise-ui/versions',
  );
  await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveAttribute(
    'href',
    /packages\/kilowise-ui\/README\.md$/,
  );
});
