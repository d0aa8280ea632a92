import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The tiers the folders show (CONTRIBUTING.md, "Where code goes"). Each rule's message says where the code goes
// instead. scripts/lint/tiers.test.ts plants a wrong import of each kind and checks that lint names the rule, and
// checks what one import at a time cannot show: no two folders depend on each other, and zod reaches the browser
// only after lib/browser/zod-jitless.ts.
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/** Code the browser runs: client components, hooks, lib/browser/, the package playgrounds' preview frame. */
export const CLIENT_FILES = [
  '**/*.client.tsx',
  'hooks/**',
  'lib/browser/**',
  'components/**/use-*.ts',
  'components/package-playground/frame/**',
  'app/error.tsx',
  'app/global-error.tsx',
];

/** Code of the site itself (its pages, components and libraries), as against the build's code. */
const SITE_FILES = [
  'app/**',
  'components/**',
  'hooks/**',
  'lib/**',
  'proxy.ts',
  'instrumentation.ts',
  'mdx-components.tsx',
];

const BUILD_CODE = {
  regex: '^(@/|(\\.\\./)+)(lib/build|scripts)(/|$)|^\\.\\./build(/|$)',
  message:
    'lib/build/ and scripts/ are build-time code (esbuild, TypeDoc, writing files): the site reads what they wrote (.generated/, public/generated/), never their modules. Put what both need in a folder of lib/.',
};

const NODE_IN_CLIENT = {
  regex: `^(node:.*|(${builtinModules.filter((name) => !name.startsWith('_')).join('|')})(/.*)?)$`,
  message:
    'Client code runs in the browser, where Node.js modules are not: read files or hash at build time (lib/build/, scripts/) or in a server component, and hand the client the result as props or as a generated file.',
};

const ZOD_IN_BROWSER = {
  regex: '^zod(/v[34](/classic)?)?$',
  message:
    "zod builds its object parsers with new Function unless told not to, which the pages' Content-Security-Policy reports: browser code takes zod from '@/lib/browser/zod-jitless' (import { z } from it, first), or uses zod/mini, which compiles nothing.",
};

const REACT_PARTS = {
  regex: '^(@/|(\\.\\./)+)(components|hooks|app)(/|$)',
  message:
    'lib/ is plain TypeScript below the React tiers: a component goes in components/<feature>/, a hook in hooks/ or beside its component, a route in app/; pass them what lib/ computes.',
};

const REACT_IN_LIB = {
  regex: '^react(-dom)?(/|$)',
  message:
    'React code does not go in lib/: a component goes in components/<feature>/, a hook in hooks/ (or beside the one component that uses it).',
};

const ROUTES = {
  regex: '^(@/|(\\.\\./)+)app(/|$)',
  message:
    'app/ holds the routes only: what a component needs from a route goes in lib/ (data) or components/ (markup).',
};

const COMPONENTS_IN_HOOKS = {
  regex: '^(@/|(\\.\\./)+)components(/|$)',
  message:
    'hooks/ holds the React hooks any component may use, so it imports no component: a hook that needs one component’s code goes beside that component (components/<feature>/use-*.ts).',
};

const FEATURES_IN_UI = {
  regex: '^(@/components/(?!ui/)|@/lib/(?!browser/)|@/hooks/(?!use-)|\\.\\./)',
  message:
    'components/ui/ holds the building blocks every feature shares, so it imports no feature folder (components/<feature>/, lib/<feature>/): move what it needs into components/ui/ or lib/browser/, or keep the component in its feature.',
};

/** The code the size limits hold: the site's and the build's. */
const SIZED_FILES = ['app/**', 'components/**', 'hooks/**', 'lib/**', 'scripts/**'];

const restrict = (...patterns) => ['error', { patterns }];

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
  {
    // Where code runs: the site never loads the build's code; the browser never loads Node's modules, nor zod but
    // through its jitless entry. (The client block comes second: its list is the site's and more.)
    files: SITE_FILES,
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(BUILD_CODE) },
  },
  {
    files: CLIENT_FILES,
    ignores: TESTS,
    rules: { 'no-restricted-imports': restrict(BUILD_CODE, NODE_IN_CLIENT, ZOD_IN_BROWSER) },
  },
  {
    // The jitless entry itself is the one browser module that imports zod.
    files: ['lib/browser/zod-jitless.ts'],
    rules: { 'no-restricted-imports': restrict(BUILD_CODE, NODE_IN_CLIENT) },
  },
  {
    // Which folder may use which: lib/ under components/ and hooks/ under app/; components/ui/ under every feature.
    files: ['lib/**'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': restrict(REACT_PARTS, REACT_IN_LIB) },
  },
  {
    files: ['hooks/**'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': restrict(COMPONENTS_IN_HOOKS, ROUTES) },
  },
  {
    files: ['components/**'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': restrict(ROUTES) },
  },
  {
    files: ['components/ui/**'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': restrict(ROUTES, FEATURES_IN_UI) },
  },
  {
    // A function that needs more than a screenful says it is several: split it along its seams (sub-components,
    // helpers, a context object its parts share). A file past 400 lines (comments and blank lines count: the
    // reader reads them too) holds more than one job: give each its own module. Tests and their fixtures are left
    // out: a table of cases or a checked-in data set may be long.
    files: SIZED_FILES,
    ignores: [...TESTS, '**/fixtures/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80 }],
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  globalIgnores([
    // Every build folder: .next, and the others a build is told to use (KILOWISE_DIST_DIR=.next-…).
    '.next*/**',
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
