/** One step of a build: a name, and the steps that must have ended before it starts. */
export interface BuildStep {
  name: string;
  after?: readonly string[];
}

/** When a step ran, in seconds from the start of the build. */
export interface StepTiming {
  name: string;
  startedAt: number;
  endedAt: number;
}

/**
 * Runs every step as soon as the steps it names in `after` have ended, so that independent steps run side by
 * side. After a failure no new step starts; the ones under way finish (so that their output is complete), and the
 * first failure is thrown. A step that waits for an unknown name, or for itself through others, is an error
 * before anything runs. `timings` gets each step that ended, in the order they ended.
 */
export async function runSteps<Step extends BuildStep>(
  steps: readonly Step[],
  run: (step: Step) => Promise<void>,
  timings: StepTiming[] = [],
  now: () => number = () => performance.now() / 1000,
): Promise<StepTiming[]> {
  checkOrder(steps);
  const origin = now();
  const ended = new Set<string>();
  const started = new Set<string>();
  const running = new Map<string, Promise<void>>();
  let failure: { error: unknown } | undefined;
  for (;;) {
    if (!failure)
      for (const step of steps) {
        if (started.has(step.name) || !(step.after ?? []).every((name) => ended.has(name))) continue;
        started.add(step.name);
        const startedAt = now() - origin;
        running.set(
          step.name,
          run(step).then(
            () => {
              timings.push({ name: step.name, startedAt, endedAt: now() - origin });
              ended.add(step.name);
            },
            (error: unknown) => {
              failure ??= { error };
            },
          ),
        );
      }
    if (running.size === 0) break;
    const done = await Promise.race([...running].map(([name, promise]) => promise.then(() => name)));
    running.delete(done);
  }
  if (failure) throw failure.error;
  return timings;
}

function checkOrder(steps: readonly BuildStep[]): void {
  const byName = new Map(steps.map((step) => [step.name, step]));
  if (byName.size !== steps.length) throw new Error('two build steps have the same name');
  for (const step of steps)
    for (const name of step.after ?? [])
      if (!byName.has(name)) throw new Error(`the build step "${step.name}" waits for "${name}", which is not a step`);
  // Depth-first: a step met again while its own wait is being followed closes a cycle.
  const state = new Map<string, 'open' | 'done'>();
  const visit = (step: BuildStep, trail: string[]): void => {
    if (state.get(step.name) === 'done') return;
    if (state.get(step.name) === 'open')
      throw new Error(`the build steps wait for each other: ${[...trail, step.name].join(' → ')}`);
    state.set(step.name, 'open');
    for (const name of step.after ?? []) visit(byName.get(name) as BuildStep, [...trail, step.name]);
    state.set(step.name, 'done');
  };
  for (const step of steps) visit(step, []);
}

/** The timings as lines, in the order the steps started: name, start → end, and duration. */
export function formatTimings(timings: readonly StepTiming[], total: number): string[] {
  const width = Math.max(0, ...timings.map((timing) => timing.name.length));
  const seconds = (value: number) => value.toFixed(1).padStart(5);
  return [
    ...[...timings]
      .sort((a, b) => a.startedAt - b.startedAt)
      .map(
        ({ name, startedAt, endedAt }) =>
          `${name.padEnd(width)}  ${seconds(startedAt)} → ${seconds(endedAt)} s  (${(endedAt - startedAt).toFixed(1)} s)`,
      ),
    `total ${total.toFixed(1)} s`,
  ];
}
