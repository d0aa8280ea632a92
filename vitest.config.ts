import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
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
