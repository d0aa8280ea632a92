// Runs against the build of the OpenAPI 3.2 fixture (`npm run build:openapi32`, served from .next-openapi32):
// lib/openapi/fixtures/v32-telemetry.yaml, an API with nested tags, QUERY and LINK, a querystring parameter and
// streamed responses.
import type { Locator, Page } from '@playwright/test';
import { expect, expectInViewBelowNavbar, test } from './fixtures';

const response = (page: Page) => page.getByRole('region', { name: 'Response' });

async function openPlayground(page: Page, operationId: string) {
  await page.goto(`/playground?operation=${operationId}`);
  await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
  await expect(page.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
}

test.describe('API reference of an OpenAPI 3.2 document', () => {
  test('nests each tag’s operations under its parent, labelled by the tag’s summary', async ({ page }) => {
    await page.goto('/api');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gridline Telemetry API');
    await expect(page.locator('.api-header__meta')).toContainText('OpenAPI 3.2.0');
    await expect(page.locator('.api-header__meta')).toContainText('(Sandbox)');
    // Another API's document: no claim about the Kilowise sandbox running its samples.
    await expect(page.locator('.api-header__samples')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'API reference' });
    // A tag's group: the list item whose own link is the tag's, nested in the children of `parent`.
    const group = (parent: Locator, label: string) =>
      parent
        .locator(':scope > ul.api-nav__children > li')
        .filter({ has: page.locator(':scope > a.api-nav__tag', { hasText: new RegExp(`^${label}$`) }) });
    const meters = nav
      .locator(':scope > ul > li')
      .filter({ has: page.locator(':scope > a.api-nav__tag', { hasText: /^Meters$/ }) });
    await expect(meters).toHaveCount(1);
    const readings = group(meters, 'Meter readings');
    await expect(readings).toHaveCount(1);
    await expect(readings.locator(':scope > ul:not(.api-nav__children) > li > a.api-nav__operation')).toHaveText([
      'GETList readings',
    ]);
    const live = group(readings, 'Live streams');
    await expect(live.getByRole('link', { name: 'GET Follow live readings' })).toBeVisible();
    // The parent's own operations, QUERY and LINK among them, with their methods as sent.
    await expect(meters.locator(':scope > ul:not(.api-nav__children) > li > a.api-nav__operation')).toHaveText([
      'GETList meters',
      'QUERYSearch meters',
      'GETGet a meter',
      'LINKLink a meter to a site',
      "PURGEPurge a meter's cache",
    ]);
    // The child's section says where it sits.
    const section = page.locator('[id="tag/live"]');
    await expect(section.locator('.api-tag__parents')).toHaveText('Meters › Meter readings ›');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Live streams');
  });

  test('a QUERY operation’s anchor cold-loads, and its card shows the method, the badge tag and the QUERY sample', async ({
    page,
  }) => {
    await page.goto('/api#operation/searchMeters');
    await expectInViewBelowNavbar(page, 'operation/searchMeters');
    const card = page.locator('[id="operation/searchMeters"]');
    await expect(card.locator('.operation__endpoint .method')).toHaveText('QUERY');
    await expect(card.locator('.badge--tag')).toHaveText('Beta');
    await expect(card.getByRole('tabpanel', { name: 'curl' })).toContainText('--request QUERY');
  });

  test('an operation without an id has an anchor that cold-loads', async ({ page }) => {
    await page.goto('/api#operation/link-meters-meterId-');
    await expectInViewBelowNavbar(page, 'operation/link-meters-meterId-');
    await expect(page.locator('[id="operation/link-meters-meterId-"] .operation__endpoint .method')).toHaveText('LINK');
  });

  test('a streamed response reads as a stream of its item, and the device flow shows with the schemes', async ({
    page,
  }) => {
    await page.goto('/api#operation/streamReadings');
    const card = page.locator('[id="operation/streamReadings"]');
    await expectInViewBelowNavbar(page, 'operation/streamReadings');
    await expect(card.locator('.api-media--stream').first()).toContainText(
      'A stream of object, sent one item at a time as server-sent events.',
    );
    await expect(card.locator('.response__summary').first()).toHaveText('A stream of readings');
    const schemes = page.locator('details.api-auth');
    await schemes.locator('summary').click();
    await expect(schemes).toContainText(
      'Device authorization flow · device authorization https://auth.gridline.example/device',
    );
    await expect(schemes.locator('.badge--deprecated')).toHaveText('deprecated');
  });
});

test.describe('Playground on an OpenAPI 3.2 document', () => {
  test('sends a QUERY with its body to the sandbox and shows the answer', async ({ page }) => {
    await openPlayground(page, 'searchMeters');
    await expect(page.getByLabel('Request body')).toHaveValue(/"status": "online"/);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
    await expect(response(page)).toContainText('"id": "mtr_7Qk2"');
    await expect(page.getByRole('tabpanel', { name: 'curl' })).toContainText('--request QUERY');
  });

  test('shows a querystring parameter as a form of its fields, and sends them in the query', async ({ page }) => {
    await openPlayground(page, 'listReadings');
    const form = page.getByRole('group', { name: 'Query string: filter' });
    await expect(form.getByLabel('from')).toHaveValue('2026-11-24T00:00:00Z');
    await form.getByLabel('resolution').selectOption('P1D');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
    await expect(page.getByRole('tabpanel', { name: 'curl' })).toContainText('resolution=P1D');
  });

  test('shows a streamed response’s items as they arrive', async ({ page }) => {
    await openPlayground(page, 'streamReadings');
    await page.getByRole('button', { name: 'Send request' }).click();
    const status = response(page).getByRole('status');
    // The sandbox sends one item every 300 ms: the count is seen growing before the stream ends.
    await expect(status).toHaveText(/Receiving the stream: [12] items? so far/);
    await expect(status).toHaveText('The stream ended after 3 items.');
    const items = response(page).getByRole('list', { name: 'Stream items' }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('event: reading');
    await expect(items.first()).toContainText('"kWh":0.42');
  });

  test('Stop ends a stream that is still sending, and keeps the items that came', async ({ page }) => {
    await openPlayground(page, 'streamReadings');
    await page.getByRole('button', { name: 'Send request' }).click();
    const status = response(page).getByRole('status');
    await expect(status).toHaveText(/Receiving the stream: [12] items? so far/);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(status).toHaveText(/^The stream was stopped after [12] items?\.$/);
    await expect(page.getByText('Stopped: the request was cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });
});
