// For `npm run mutation` only (vitest.mutation.config.ts's globalSetup). The sandbox's tests start from the contract
// of the pinned snapshot, which takes the whole OpenAPI pipeline and a TypeDoc run (3 s). Stryker runs a mutant's
// tests afresh each time, so that setup would be paid once per mutant. It is built here once per Stryker worker,
// before its first run, and mutation-setup.ts hands it to the tests. Mutants of the pipeline are left to the
// pipeline's own tests, which never read it.
import type { TestProject } from 'vitest/node';
import { snapshotBuild } from '../../lib/contract/snapshot';

export type SnapshotBuild = Awaited<ReturnType<typeof snapshotBuild>>;

declare module 'vitest' {
  export interface ProvidedContext {
    snapshotBuild: SnapshotBuild;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('snapshotBuild', await snapshotBuild());
}
