import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The playground's Requests panel (#51): the tab's calls from the sandbox's request log, a failed one open with its
// reason, and the events of the clock's last move.

const requests = (page: Page) => page.getByRole('region', { name: 'Requests' });
const controls = (page: Page) => page.getByRole('region', { name: 'Sandbox controls' });
const response = (page: Page) => page.getByRole('region', { name: 'Response' });

async function open(page: Page, query: string) {
  await page.goto(`/playground${query}`);
  await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
}

async function send(page: Page) {
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(response(page).locator('.playground-status')).toBeVisible();
}

const cabin = {
  name: 'E2E Cabin',
  coordinates: { latitude: 63.4, longitude: 13.1 },
  countryCode: 'SE',
  postalCode: '83013',
  streetAddress: 'Fjällvägen 3',
  city: 'Åre',
};

test.describe('the Requests panel', () => {
  test('lists the tab’s calls newest first; a failed one opens with its reason, and the key is never shown', async ({
    page,
  }) => {
    await open(page, '?operation=addLocation');
    const panel = requests(page);
    await expect(panel.getByText('No calls yet: send a request.')).toBeVisible();
    await page.getByLabel('API key', { exact: true }).fill('e2e-secret-key-51');

    await page.getByLabel('Request body').fill('{"name": "Cabin"}');
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('400 Bad Request');
    const calls = panel.getByRole('list', { name: 'Calls' }).getByRole('listitem');
    await expect(calls).toHaveCount(1);
    const failed = calls.first();
    await expect(failed).toContainText('POST /v2/kilowise/users/user-4711/locations');
    await expect(failed).toContainText('400');
    await expect(failed.locator('details')).toHaveAttribute('open', '');
    await expect(failed).toContainText('Request body: field "coordinates" is required');
    await expect(failed).toContainText('#/components/schemas/UserLocationRequest/required');
    await expect(failed).toContainText('x-api-key: [redacted]');

    await page.getByLabel('Request body').fill(JSON.stringify(cabin));
    await send(page);
    await expect(response(page).locator('.playground-status')).toHaveText('200 OK');
    await expect(calls).toHaveCount(2);
    await expect(calls.first()).toContainText('200');
    await expect(calls.first().locator('details')).not.toHaveAttribute('open', '');
    // The failed call stays open below it.
    await expect(calls.nth(1).locator('details')).toHaveAttribute('open', '');
    await calls.first().locator('summary').click();
    await expect(calls.first()).toContainText('Response body');
    await expect(panel).not.toContainText('e2e-secret-key-51');
  });

  test('shows what the simulation did during the clock’s last move', async ({ page }) => {
    await open(page, '?operation=getDeviceStatus');
    const panel = requests(page);
    await expect(panel.getByText('Move the clock in Sandbox controls to see what the simulation did.')).toBeVisible();
    const plugged = controls(page).getByRole('checkbox', { name: 'Cable plugged in' });
    await plugged.uncheck();
    await expect(controls(page).getByRole('status').last()).toHaveText(/unplugged/);
    await plugged.check();
    await expect(controls(page).getByRole('status').last()).toHaveText(/plugged in/);
    await controls(page).getByRole('button', { name: '+1 hour' }).click();
    await expect(panel.getByRole('heading', { name: 'Events of the last clock move' })).toBeVisible();
    await expect(
      panel.getByText(/^From \d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC to .+: \d+ events?\.$/),
    ).toBeVisible();
    // The plug-in came before the move; the schedule it asked for is made 10 seconds later, within the hour.
    await expect(panel.getByRole('list', { name: 'Events' })).toContainText('dev-5b1f0c schedule-made (plug-in)');
  });
});
