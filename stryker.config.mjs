// `npm run mutation`: Stryker's mutation testing over the code that the site's correctness rests on most: the
// OpenAPI pipeline, the sandbox and search. Each mutant runs only the tests that cover it (perTest); the
// incremental file lets a later run test only the mutants of code or tests that changed since. The score is in
// the README ("Mutation testing").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'lib/openapi/**/*.ts',
    'lib/sandbox/**/*.ts',
    'lib/search/**/*.ts',
    '!**/*.test.ts',
    '!**/fixtures/**',
    // Reviewed word lists, not logic: a mutant of a synonym or a suggestion tests the list, not the code. (The
    // relevance set is test data, in lib/search/fixtures/.)
    '!lib/search/synonyms.ts',
    '!lib/search/suggestions.ts',
  ],
  coverageAnalysis: 'perTest',
  // A static mutant (in code that runs when a module loads, such as a constant's initialiser) is covered by every
  // test, so each costs a whole run of the tests: they are left out of the run and of the score.
  ignoreStatic: true,
  concurrency: 2,
  // A mutant that makes a loop endless must fail by time, not hold the run: the tests' own time plus this.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // The sandbox is a copy of the project without its builds: the tests read .generated and .contentlayer only.
  ignorePatterns: [
    '.next*',
    'out',
    'test-results',
    'playwright-report',
    'reports',
    'public/generated',
    'public/sandbox',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
