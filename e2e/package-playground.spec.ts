import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The four package playgrounds: each renders its first example, follows an edit, and recovers from an error. */

const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
const frame = (page: Page): FrameLocator => page.frameLocator('iframe[title^="Preview of the"]');

async function open(page: Page, pkg: string, query = ''): Promise<void> {
  const response = await page.goto(`/sdk/packages/${pkg}/playground${query}`);
  expect(response?.status()).toBe(200);
  await expect(preview(page)).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
}

/** Edits the code as a reader would, by changing one piece of it. */
async function replaceInCode(page: Page, from: string, to: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Code' });
  const code = await editor.inputValue();
  expect(code, `the code holds ${from}`).toContain(from);
  await editor.fill(code.replace(from, to));
}

interface Case {
  pkg: string;
  /** What the first example shows in the preview. */
  first: (view: FrameLocator) => Promise<void>;
  /** An edit, and what it changes in the preview. */
  edit: { from: string; to: string; shows: (view: FrameLocator) => Promise<void> };
  /** kilowise-client runs on Run, not as you type. */
  run?: boolean;
}

const CASES: Case[] = [
  {
    pkg: 'kilowise-ui',
    first: async (view) => {
      await expect(view.getByRole('radio', { name: 'At my charging locations' })).toBeChecked();
      await expect(view.getByRole('slider', { name: 'Charge to' })).toHaveAttribute('aria-valuetext', '80 %');
    },
    edit: {
      from: 'targetSoC: 80',
      to: 'targetSoC: 65',
      shows: async (view) =>
        await expect(view.getByRole('slider', { name: 'Charge to' })).toHaveAttribute('aria-valuetext', '65 %'),
    },
  },
  {
    pkg: 'kilowise-charts',
    first: async (view) => {
      await expect(view.getByRole('img', { name: 'Spot prices, SE3' })).toBeVisible();
      await expect(view.getByRole('table', { name: 'Spot prices, SE3' }).getByRole('row')).toHaveCount(25);
    },
    edit: {
      from: 'areaId="SE3"',
      to: 'areaId="SE4"',
      shows: async (view) => await expect(view.getByRole('img', { name: 'Spot prices, SE4' })).toBeVisible(),
    },
  },
  {
    pkg: 'kilowise-brands',
    first: async (view) => {
      await expect(view.getByRole('heading', { name: /^\d+ brands$/ })).toBeVisible();
      await expect(view.getByRole('img', { name: 'Volvo' })).toBeVisible();
    },
    edit: {
      from: 'export default vehicleBrands;',
      to: "export default vehicleBrands.filter((brand) => brand.id === 'VOLVO');",
      shows: async (view) => {
        await expect(view.getByRole('heading', { name: '1 brand' })).toBeVisible();
        await expect(view.getByRole('listitem')).toHaveCount(1);
      },
    },
  },
  {
    pkg: 'kilowise-client',
    run: true,
    first: async (view) => {
      await expect(view.getByText('/v2/kilowise/users/user-4711/locations')).toBeVisible();
      await expect(view.getByText('200', { exact: false }).first()).toBeVisible();
      await expect(view.getByText('Home: Storgatan 12, Stockholm (SE3)')).toBeVisible();
    },
    edit: {
      from: 'const locations = await kilowise.locations.list();',
      to: "const locations = await kilowise.locations.list();\n  console.log('found', locations.length);",
      shows: async (view) => await expect(view.getByRole('region', { name: 'Console' })).toContainText('found 1'),
    },
  },
];

test.describe('package playgrounds', () => {
  for (const { pkg, first, edit, run } of CASES) {
    test.describe(pkg, () => {
      test('renders its first example', async ({ page }) => {
        await open(page, pkg);
        await expect(page.getByRole('combobox', { name: 'Example' })).toBeVisible();
        await first(frame(page));
        await expect(preview(page).getByRole('alert')).toHaveCount(0);
      });

      test('an edit changes the preview, and the URL reproduces it', async ({ page }) => {
        await open(page, pkg);
        await replaceInCode(page, edit.from, edit.to);
        if (run) await page.getByRole('button', { name: 'Run' }).click();
        await edit.shows(frame(page));
        await expect(page).toHaveURL(/#code\/[\w-]+$/);
        await page.reload();
        await expect(preview(page)).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
        await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(
          new RegExp(edit.to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        );
        await edit.shows(frame(page));
      });

      test('a broken edit shows the red box, and a fix recovers', async ({ page }) => {
        await open(page, pkg);
        const editor = page.getByRole('textbox', { name: 'Code' });
        const good = await editor.inputValue();
        await editor.fill(good.replace('export default', 'export default {'));
        if (run) await page.getByRole('button', { name: 'Run' }).click();
        const alert = preview(page).getByRole('alert');
        await expect(alert).toContainText('The code does not compile');
        await expect(alert).toContainText(/\(\d+:\d+\)/);
        // The page keeps working while the code is broken.
        await expect(page.getByRole('combobox', { name: 'Example' })).toBeEnabled();
        await editor.fill(good);
        if (run) await page.getByRole('button', { name: 'Run' }).click();
        await expect(alert).toHaveCount(0);
        await expect(preview(page)).toHaveAttribute('data-status', 'ready');
        await first(frame(page));
      });
    });
  }

  test('an example runs without the compiler script, which loads once code needs compiling', async ({ page }) => {
    const compilers: string[] = [];
    page.on('request', (request) => {
      if (/\/generated\/package-playground\/compiler\.[\w-]+\.js$/.test(request.url())) compilers.push(request.url());
    });
    await open(page, 'kilowise-ui');
    const view = frame(page);
    await expect(view.getByRole('slider', { name: 'Charge to' })).toHaveAttribute('aria-valuetext', '80 %');
    await page.getByRole('combobox', { name: 'Example' }).selectOption('comfort-range');
    await expect(view.getByRole('spinbutton', { name: 'Highest temperature' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Example' }).selectOption('ev-preferences');
    await expect(view.getByRole('slider', { name: 'Charge to' })).toHaveAttribute('aria-valuetext', '80 %');
    expect(compilers, 'the compiler script, before any edit').toEqual([]);
    await replaceInCode(page, 'targetSoC: 80', 'targetSoC: 65');
    await expect(view.getByRole('slider', { name: 'Charge to' })).toHaveAttribute('aria-valuetext', '65 %');
    await replaceInCode(page, 'targetSoC: 65', 'targetSoC: 70');
    await expect(view.getByRole('slider', { name: 'Charge to' })).toHaveAttribute('aria-valuetext', '70 %');
    expect(compilers, 'the compiler script, after two edits').toHaveLength(1);
  });

  test('an error thrown while rendering shows its message, and the next edit recovers', async ({ page }) => {
    await open(page, 'kilowise-ui');
    const editor = page.getByRole('textbox', { name: 'Code' });
    const good = await editor.inputValue();
    await editor.fill("export default function Broken() {\n  throw new RangeError('no such ready time');\n}\n");
    await expect(preview(page).getByRole('alert')).toHaveText('The code failed: RangeError: no such ready time');
    await editor.fill(good);
    await expect(preview(page).getByRole('alert')).toHaveCount(0);
    await expect(frame(page).getByRole('slider', { name: 'Charge to' })).toBeVisible();
  });

  test('kilowise-ui in the preview works with the keyboard, and says why a value cannot be saved', async ({ page }) => {
    await open(page, 'kilowise-ui');
    const view = frame(page);
    const slider = view.getByRole('slider', { name: 'Charge to' });
    await slider.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '81 %');
    await slider.press('End');
    await expect(slider).toHaveAttribute('aria-valuetext', '100 %');
    await view.getByRole('radio', { name: 'At my charging locations' }).press('ArrowDown');
    await expect(view.getByRole('radio', { name: 'Anywhere' })).toBeChecked();
    await expect(view.getByText('"chargingBehavior": "SMART_CHARGE_ANYWHERE"')).toBeVisible();
    await open(page, 'kilowise-ui', '?example=comfort-range');
    const highest = frame(page).getByRole('spinbutton', { name: 'Highest temperature' });
    await highest.fill('40');
    await expect(highest).toHaveAttribute('aria-invalid', 'true');
    await expect(frame(page).getByText('Enter 30 °C or less.')).toBeVisible();
    await expect(frame(page).getByText('"maxComfortLimit": 23')).toBeVisible();
    await highest.fill('22.5');
    await expect(frame(page).getByText('"maxComfortLimit": 22.5')).toBeVisible();
  });

  test('?example= picks an example, and an unknown one falls back to the first with a notice', async ({ page }) => {
    await open(page, 'kilowise-charts', '?example=charging-schedule');
    await expect(page.getByRole('combobox', { name: 'Example' })).toHaveValue('charging-schedule');
    await expect(frame(page).getByRole('img', { name: /schedule/i })).toBeVisible();
    await open(page, 'kilowise-charts', '?example=no-such-example');
    await expect(page.getByRole('status').filter({ hasText: 'There is no example "no-such-example"' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Example' })).toHaveValue('spot-prices');
  });

  test("the reader's code cannot read the site's storage: the preview is a sandboxed frame", async ({ page }) => {
    await open(page, 'kilowise-ui');
    await expect(page.locator('iframe[title^="Preview of the"]')).toHaveAttribute('sandbox', 'allow-scripts');
    await page
      .getByRole('textbox', { name: 'Code' })
      .fill('export default function Probe() {\n  return <p>{String(localStorage.length)}</p>;\n}\n');
    await expect(preview(page).getByRole('alert')).toContainText('SecurityError');
  });

  test("the reader's code has no WebRTC, and cannot fetch it from a frame it adds", async ({ page }) => {
    await open(page, 'kilowise-ui');
    const probe = [
      'const frame = document.createElement("iframe");',
      'document.body.appendChild(frame);',
      'let child = "";',
      'try {',
      '  child = typeof (frame.contentWindow as any).RTCPeerConnection;',
      '} catch (error) {',
      '  child = (error as Error).name;',
      '}',
      'const reached = [typeof RTCPeerConnection, typeof (window as any).webkitRTCPeerConnection, child];',
      'export default function Probe() {',
      '  return <p>{"webrtc: " + reached.join(",")}</p>;',
      '}',
    ].join('\n');
    await page.getByRole('textbox', { name: 'Code' }).fill(probe);
    await expect(frame(page).getByText(/^webrtc: /)).toHaveText('webrtc: undefined,undefined,SecurityError');
  });

  test("the client playground's sandbox remembers what the code adds, until Reset sandbox", async ({ page }) => {
    await open(page, 'kilowise-client', '?example=add-location');
    await expect(frame(page).getByText('"count": 2')).toBeVisible();
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(frame(page).getByText('"count": 3')).toBeVisible();
    await page.getByRole('button', { name: 'Reset sandbox' }).click();
    await expect(frame(page).getByText('"count": 2')).toBeVisible();
  });

  test('the client playground says when an edit has not run yet, and Run brings the preview up to date', async ({
    page,
  }) => {
    await open(page, 'kilowise-client');
    const label = preview(page).locator('.package-playground__label');
    await expect(label).toHaveText(/^Preview: up to date/);
    const editor = page.getByRole('textbox', { name: 'Code' });
    await editor.fill(`${await editor.inputValue()}\n// an edit\n`);
    await expect(label).toHaveText('Preview: out of date, Run updates it');
    await page.getByRole('button', { name: 'Run' }).click();
    await expect(label).toHaveText(/^Preview: up to date/);
  });
});
