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
/** The build of the OpenAPI 3.2 fixture (`npm run build:openapi32`, in .next-openapi32), served beside them. */
const OPENAPI32_PORT = PORT + 4;
const WITH_OPENAPI32 = Boolean(process.env.CI) || existsSync('.next-openapi32/BUILD_ID');
const OPENAPI32_SPECS = /api-openapi32\.spec\.ts$/;

/**
 * The static export (`npm run build:static`, in out/) served by Debian's nginx with the generated
 * deploy/nginx.conf (scripts/e2e/static-server.ts): its own spec and the routes, shell and search specs.
 */
const STATIC_PORT = PORT + 3;
const WITH_STATIC = Boolean(process.env.CI) || existsSync('out/index.html');
const STATIC_ONLY_SPECS = /static\.spec\.ts$/;
const STATIC_SPECS = /(static|routes|shell|search)\.spec\.ts$/;

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // In CI, one retry: on two shared cores two tests (the mobile search, the preview's change link) each failed
  // once in five full runs and passed alone; a retry is reported as flaky, never as passed silently.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: [PREVIEW_SPECS, LARGE_SPECS, OPENAPI32_SPECS, STATIC_ONLY_SPECS] },
    ...(WITH_PREVIEW
      ? [
          {
            name: 'preview',
            use: { ...chromium, baseURL: `http://127.0.0.1:${PREVIEW_PORT}` },
            testMatch: PREVIEW_SPECS,
          },
        ]
      : []),
    ...(WITH_LARGE
      ? [{ name: 'large', use: { ...chromium, baseURL: `http://127.0.0.1:${LARGE_PORT}` }, testMatch: LARGE_SPECS }]
      : []),
    ...(WITH_OPENAPI32
      ? [
          {
            name: 'openapi32',
            use: { ...chromium, baseURL: `http://127.0.0.1:${OPENAPI32_PORT}` },
            testMatch: OPENAPI32_SPECS,
          },
        ]
      : []),
    ...(WITH_STATIC
      ? [{ name: 'static', use: { ...chromium, baseURL: `http://127.0.0.1:${STATIC_PORT}` }, testMatch: STATIC_SPECS }]
      : []),
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
    ...(WITH_OPENAPI32
      ? [
          {
            command: `npx next start -p ${OPENAPI32_PORT} -H 127.0.0.1`,
            url: `http://127.0.0.1:${OPENAPI32_PORT}/`,
            env: { KILOWISE_DIST_DIR: '.next-openapi32' },
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          },
        ]
      : []),
    ...(WITH_STATIC
      ? [
          {
            command: `npx tsx scripts/e2e/static-server.ts ${STATIC_PORT}`,
            url: `http://127.0.0.1:${STATIC_PORT}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 300_000,
          },
        ]
      : []),
  ],
});
