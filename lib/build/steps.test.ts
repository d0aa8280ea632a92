import { describe, expect, it } from 'vitest';
import { formatTimings, runSteps, type BuildStep } from './steps';

/** A runner whose steps end when the test says so, recording what started. */
function manualRunner() {
  const started: string[] = [];
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const run = (step: BuildStep) =>
    new Promise<void>((resolve, reject) => {
      started.push(step.name);
      pending.set(step.name, { resolve, reject });
    });
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  const end = async (name: string) => {
    pending.get(name)?.resolve();
    await settle();
  };
  const fail = async (name: string) => {
    pending.get(name)?.reject(new Error(`${name} failed`));
    await settle();
  };
  return { started, run, end, fail, settle };
}

const STEPS: BuildStep[] = [
  { name: 'sdk' },
  { name: 'content' },
  { name: 'typecheck', after: ['content'] },
  { name: 'spec', after: ['sdk'] },
  { name: 'next', after: ['spec', 'content'] },
];

describe('runSteps', () => {
  it('starts each step as soon as what it waits for has ended, not when a whole group has', async () => {
    const runner = manualRunner();
    const done = runSteps(STEPS, runner.run);
    await runner.settle();
    expect(runner.started).toEqual(['sdk', 'content']);
    await runner.end('content');
    // The type check starts beside the SDK reference, which has not ended.
    expect(runner.started).toEqual(['sdk', 'content', 'typecheck']);
    await runner.end('sdk');
    expect(runner.started).toEqual(['sdk', 'content', 'typecheck', 'spec']);
    await runner.end('spec');
    expect(runner.started.at(-1)).toBe('next');
    await runner.end('next');
    await runner.end('typecheck');
    const timings = await done;
    expect(timings.map((timing) => timing.name)).toEqual(['content', 'sdk', 'spec', 'next', 'typecheck']);
  });

  it('starts nothing new after a failure, lets the running steps end, and throws the failure', async () => {
    const runner = manualRunner();
    const done = runSteps(STEPS, runner.run);
    const outcome = done.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await runner.settle();
    await runner.fail('sdk');
    await runner.end('content');
    // `typecheck` would start now; after the failure it does not, and `spec` never does.
    expect(runner.started).toEqual(['sdk', 'content']);
    expect(await outcome).toBe('sdk failed');
  });

  it('waits for a step under way before it reports the failure', async () => {
    const runner = manualRunner();
    let settled = false;
    const done = runSteps(STEPS, runner.run).catch(() => {
      settled = true;
    });
    await runner.settle();
    await runner.fail('content');
    expect(settled).toBe(false);
    await runner.end('sdk');
    await done;
    expect(settled).toBe(true);
  });

  it('names an unknown step and a cycle before running anything', async () => {
    const runner = manualRunner();
    await expect(runSteps([{ name: 'a', after: ['b'] }], runner.run)).rejects.toThrow(
      'the build step "a" waits for "b", which is not a step',
    );
    await expect(
      runSteps(
        [
          { name: 'a', after: ['c'] },
          { name: 'b', after: ['a'] },
          { name: 'c', after: ['b'] },
        ],
        runner.run,
      ),
    ).rejects.toThrow('the build steps wait for each other: a → c → b → a');
    expect(runner.started).toEqual([]);
  });
});

describe('formatTimings', () => {
  it('lists the steps in the order they started, with start, end and duration', () => {
    expect(
      formatTimings(
        [
          { name: 'next build', startedAt: 9.04, endedAt: 40 },
          { name: 'sdk', startedAt: 0, endedAt: 8.44 },
        ],
        47.25,
      ),
    ).toEqual(['sdk           0.0 →   8.4 s  (8.4 s)', 'next build    9.0 →  40.0 s  (31.0 s)', 'total 47.3 s']);
  });
});
