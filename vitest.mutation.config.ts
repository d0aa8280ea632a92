// The unit tests as `npm run mutation` (Stryker) runs them: the tests of the three folders it mutates (lib/openapi,
// lib/sandbox, lib/search), so the score says how well each folder's own tests catch a change to its code. Stryker
// runs the tests that cover a mutant once per mutant, setup included; with the whole suite, whose tests build the
// API model, run TypeDoc or drive Python, Java and Go through the same code, a pass took hours. The other tests stay
// in `npm test`; a mutant only they would kill counts here as surviving, so the score errs low. The sandbox's tests
// get the snapshot's contract built once (scripts/testing/mutation-global-setup.ts), not once per mutant.
import { defineConfig } from 'vitest/config';
import base from './vitest.config';
import FastestFirst from './scripts/testing/fastest-first';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['lib/{openapi,sandbox,search}/**/*.test.ts'],
    isolate: false,
    globalSetup: ['scripts/testing/mutation-global-setup.ts'],
    setupFiles: ['scripts/testing/mutation-setup.ts'],
    // A mutant's files fastest first, so the first test to catch it is a quick one (scripts/testing/fastest-first.ts).
    sequence: { ...base.test?.sequence, sequencer: FastestFirst },
    // The sandbox's fuzz runs a tenth of its cases per mutant (lib/sandbox/fuzz.test.ts says why).
    // KILOWISE_MUTATION skips the tests that start redis-server on each run: the sandbox server's with Redis (the
    // store is not mutated, and the same sandbox code runs in the in-memory tests) and the CLI's in child processes
    // (where Stryker's active mutant is off, so they can catch none).
    env: { ...base.test?.env, KILOWISE_FUZZ_SHARE: '0.1', KILOWISE_MUTATION: '1' },
  },
});
