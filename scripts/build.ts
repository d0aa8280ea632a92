// `npm run build`: every step of the production build, independent steps side by side on the machine's
// cores, and each step's time printed at the end.
//   1. the SDK reference (TypeDoc), the package playgrounds' preview frame (esbuild) and contentlayer, at once;
//   2. the API model (it links operations to the SDK reference);
//   3. `next build`, with its type check (of the whole project, generated route types included) unless
//      KILOWISE_NEXT_TYPECHECK=off: `npm test` sets that for its second and third builds of the same code;
//   4. each page's Content-Security-Policy and the link check, side by side.
// A failing step stops the build with its own output and the step named.
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const npx = (name: string, args: string[], env?: Record<string, string>): Step => ({ name, command: 'npx', args, env });
const npmRun = (script: string): Step => ({ name: script, command: 'npm', args: ['run', '--silent', script] });

/** Each group's steps and their times; a group's steps ran side by side. */
const timings: { name: string; seconds: number }[][] = [];

function run(step: Step, group: { name: string; seconds: number }[] = newGroup()): Promise<void> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    child.on('error', (error) => reject(new Error(`${step.name} could not start: ${error.message}`)));
    child.on('exit', (code, signal) => {
      group.push({ name: step.name, seconds: (performance.now() - started) / 1000 });
      if (code === 0) resolve();
      else reject(new Error(`${step.name} failed (${signal ?? `exit code ${code}`}); its output is above`));
    });
  });
}

function newGroup(): { name: string; seconds: number }[] {
  const group: { name: string; seconds: number }[] = [];
  timings.push(group);
  return group;
}

/** Runs steps side by side; all finish (so their output is complete) before a failure is reported. */
async function together(steps: readonly Step[]): Promise<void> {
  const group = newGroup();
  const results = await Promise.allSettled(steps.map((step) => run(step, group)));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}

function printTimings(total: number): void {
  console.log('\n[build] step times (steps on one line ran side by side)');
  for (const group of timings)
    console.log(`[build]   ${group.map(({ name, seconds }) => `${name} ${seconds.toFixed(1)} s`).join(' | ')}`);
  console.log(`[build]   total ${total.toFixed(1)} s`);
}

async function main(): Promise<void> {
  const started = performance.now();
  try {
    await together([
      npmRun('sdk:build'),
      npmRun('playground:build'),
      npmRun('inline:build'),
      npx('contentlayer2 build', ['contentlayer2', 'build']),
    ]);
    await run(npmRun('spec:build'));
    await run(npx('next build', ['next', 'build']));
    // The link check reads links and ids, which the policy's <meta> does not change: both parse every page, side by side.
    await together([
      npx('apply-csp', ['tsx', 'scripts/apply-csp.ts']),
      npx('check-links', ['tsx', 'scripts/check-links.ts']),
    ]);
  } finally {
    printTimings((performance.now() - started) / 1000);
  }
}

main().catch((error: unknown) => {
  console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
