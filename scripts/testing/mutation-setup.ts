// For `npm run mutation` only (vitest.mutation.config.ts's setupFiles): every test file that imports the snapshot
// gets the one mutation-global-setup.ts built once, instead of building it again on each of Stryker's runs.
import { inject, vi } from 'vitest';

vi.mock('../../lib/contract/snapshot', () => {
  const built = inject('snapshotBuild');
  return { snapshotBuild: async () => built, snapshotContract: async () => built.contract };
});
