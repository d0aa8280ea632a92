import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The preview build (`npm run build:preview`, in .next-preview) is served beside the production one. */
const PREVIEW_PORT = PORT + 1;
// `npm test` always builds it; a local run of single specs without it leaves the preview tests out.
const WITH_PREVIEW = Boolean(process.env.CI) || existsSync('.next-preview/BUILD_ID');
const PREVIEW_SPECS = /preview\.spec\.ts$/;
/** The build of a generated large document (`npm run build:large`, in .next-large), served beside them. */
const LARGE_PORT = PORT + 2;
const WITH_LARGE = Boolean(process.env.CI) || existsSync('.next-large/BUILD_ID');
const LARGE_SPECS = /api-large\.spec\.ts$/;

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: [PREVIEW_SPECS, LARGE_SPECS] },
    ...(WITH_PREVIEW ? [{ name: 'preview', use: { ...chromium, baseURL: `http://127.0.0.1:${PREVIEW_PORT}` }, testMatch: PREVIEW_SPECS }] : []),
    ...(WITH_LARGE ? [{ name: 'large', use: { ...chromium, baseURL: `http://127.0.0.1:${LARGE_PORT}` }, testMatch: LARGE_SPECS }] : []),
  ],
  webServer: [
    {
      command: `npx next start -p ${PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    ...(WITH_PREVIEW
      ? [
          {
            command: `npx next start -p ${PREVIEW_PORT} -H 127.0.0.1`,
            url: `http://127.0.0.1:${PREVIEW_PORT}/`,
            // next.config.mjs reads the build folder and the preview flag from these.
            env: { KILOWISE_DIST_DIR: '.next-preview', KILOWISE_PREVIEW: '1' },
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
        ]
      : []),
    ...(WITH_LARGE
      ? [
          {
            command: `npx next start -p ${LARGE_PORT} -H 127.0.0.1`,
            url: `http://127.0.0.1:${LARGE_PORT}/`,
            env: { KILOWISE_DIST_DIR: '.next-large' },
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
        ]
      : []),
  ],
});
