// The unit tests as `npm run mutation` (Stryker) runs them: every test but the four that drive real interpreters
// and compilers (Python, Java, Go, tsc …), which take 2 to 23 s a run. Stryker runs the tests that cover a mutant
// once per mutant, so with them a pass over lib/sandbox alone took hours. They stay in `npm test`; a mutant only
// they would kill counts here as surviving, so the score errs low.
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

const SLOW_INTEGRATION_TESTS = [
  'lib/samples/run-against-sandbox.test.ts',
  'lib/samples/guides-against-sandbox.test.ts',
  'lib/samples/client.test.ts',
  'lib/recipes/code.test.ts',
];

export default mergeConfig(base, defineConfig({ test: { exclude: SLOW_INTEGRATION_TESTS, isolate: false } }));
