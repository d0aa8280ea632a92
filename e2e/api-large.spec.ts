// Runs against the build of a generated large document (`npm run build:large`, served from .next-large): 300
// operations over 60 tags, 400 schemas that refer to each other, and 16 webhooks.
import { expect, expectInViewBelowNavbar, test } from './fixtures';

test.describe('API reference of a large document', () => {
  test('holds groups of cards, not the cards, and names each group in the navigation', async ({ page }) => {
    await page.goto('/api');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Generated API, 300 operations and 400 schemas');
    const nav = page.getByRole('navigation', { name: 'API reference' });
    await expect(nav.getByRole('link', { name: 'Group 59 5 operations' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Webhooks 16 webhooks' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Schemas 401 schemas' })).toBeVisible();
    // The first group loads as it is in view; the last one is far below.
    await expect(page.locator('[id="operation/operation0"]')).toBeVisible();
    await expect(page.locator('[id="operation/operation299"]')).toHaveCount(0);
  });

  for (const anchor of ['webhook/event7', 'operation/operation250', 'schema/Model399']) {
    test(`a cold load of #${anchor} loads its group and lands on it`, async ({ page }) => {
      await page.goto(`/api#${anchor}`);
      await expectInViewBelowNavbar(page, anchor);
    });
  }

  test('a Redoc-style link into a group not loaded yet lands on the operation', async ({ page }) => {
    await page.goto('/api#tag/group-3/operation/operation243');
    await expectInViewBelowNavbar(page, 'operation/operation243');
    await expect(page).toHaveURL(/#operation\/operation243$/);
  });

  test('a webhook shows its payload; opening a named schema inside it shows that schema’s fields', async ({ page }) => {
    await page.goto('/api#webhook/event3');
    const card = page.locator('[id="webhook/event3"]');
    await expectInViewBelowNavbar(page, 'webhook/event3');
    await expect(card.getByRole('heading', { level: 4, name: 'Payload' })).toBeVisible();
    const disclosure = card.locator('details[data-schema-ref]').first();
    const name = await disclosure.getAttribute('data-schema-ref');
    await disclosure.locator('summary').click();
    // Its fields come from the group that holds the schema, fetched when the disclosure opens.
    await expect(disclosure.locator('.schema__properties').first()).toContainText('createdAt');
    await expect(disclosure).toHaveAttribute('data-expanded', 'true');
    expect(name).toMatch(/^Model\d+$/);
  });
});

test.describe('API reference of a large document without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each group points to the Markdown reference, which has every operation and webhook', async ({
    page,
    request,
  }) => {
    await page.goto('/api');
    await expect(page.getByRole('link', { name: 'the reference as Markdown' }).first()).toBeVisible();
    const markdown = await (await request.get('/api.md')).text();
    for (const id of ['operation0', 'operation150', 'operation299'])
      expect(markdown).toContain(`operationId \`${id}\``);
    expect(markdown).toContain('/api#webhook/event15');
  });
});
