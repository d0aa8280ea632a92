import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SDK_PACKAGES } from './lib/sdk/packages.ts';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // The SDK packages by name, as partners import them (the same paths as tsconfig.json's, which
      // lib/sdk/packages.test.ts holds to the list).
      ...Object.fromEntries(
        SDK_PACKAGES.map((name) => [name, path.resolve(import.meta.dirname, `packages/${name}/src/index.ts`)]),
      ),
      // `server-only` throws outside React Server Components; under test it is an empty module.
      'server-only': path.resolve(import.meta.dirname, 'scripts/testing/empty-module.ts'),
    },
  },
  test: {
    include: ['{lib,scripts,components,packages}/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**', '.next/**'],
    environment: 'node',
  },
});
