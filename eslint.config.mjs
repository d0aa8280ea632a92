import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description' }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits hides its failure, and an async callback where a void one
    // is expected (an event handler, forEach) drops its rejection.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  globalIgnores([
    '.next/**',
    '.next-scale/**',
    '.next-preview/**',
    '.next-large/**',
    '.next-openapi32/**',
    '.next-typecheck/**',
    '.generated/**',
    'public/generated/**',
    'public/sandbox/**',
    '.contentlayer/**',
    'node_modules/**',
    'test-results/**',
    'playwright-report/**',
    'reports/**',
    '.stryker-tmp/**',
    'next-env.d.ts',
  ]),
]);
