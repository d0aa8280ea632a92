// The order `npm run mutation` runs a mutant's test files in: the fastest first. Stryker stops a mutant's run at its
// first failing test (bail), so a mutant that a quick unit test catches should not wait for the slow files first
// (the partner flows drive Python, the fuzz sends 2,000 requests); vitest's own order runs the longest first.
// The durations are vitest's cache of the last run; a file it has not timed yet runs first.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class FastestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durationOf = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`)
        ?.duration ?? -1;
    return [...files].sort((a, b) => durationOf(a) - durationOf(b));
  }
}
