// `npm run build`: every step of the production build, each started as soon as the steps it needs have ended
// (lib/build/steps.ts), so that both cores stay busy; each step's start, end and time are printed at the end.
//   - at once: the SDK reference (TypeDoc), the package playgrounds' preview frame, the inline scripts,
//     contentlayer, and the type check of the whole project (scripts/typecheck.ts; not when
//     KILOWISE_NEXT_TYPECHECK=off, which `npm test` sets for its builds after the first, of the same code);
//   - the API model, once the SDK reference and the inline scripts are there (it links operations to the one and
//     puts two of the other in the reference's HTML), then the search index (public/search-*.json), and the one-file sandbox
//     partners download (public/sandbox/kilowise-sandbox.mjs), with the contract the API model step wrote;
//   - `next build`'s compile half, once every file the app reads is there (it traces them for the host; the
//     check-traces step holds that), then its generate half (every page, prerendered);
//   - each page's Content-Security-Policy and the link check, side by side, once the pages are written.
// `next build` itself never type-checks: the typecheck step does, beside the others.
// A failing step stops the build with its own output and the step named, once the steps under way have ended.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatTimings, runSteps, type BuildStep, type StepTiming } from '../lib/build/steps';
import { runMain } from '../lib/build/run-main';

interface Step extends BuildStep {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** A command of node_modules/.bin, run directly: through `npx` or `npm run` each step cost a Node start more. */
const bin = (name: string, command: string, args: string[], options: Partial<Step> = {}): Step => ({
  name,
  command: path.join('node_modules', '.bin', command),
  args,
  ...options,
});
/** A script of scripts/, named as its `npm run` entry in package.json. */
const tsx = (name: string, file: string, options: Partial<Step> = {}): Step => bin(name, 'tsx', [file], options);
/** `next build` with its type check off: the typecheck step does it. */
const next = (name: string, args: string[], options: Partial<Step>): Step =>
  bin(name, 'next', args, { ...options, env: { KILOWISE_NEXT_TYPECHECK: 'off' } });

const STEPS: readonly Step[] = [
  tsx('playground:build', 'scripts/build-playground-frame.ts'),
  tsx('inline:build', 'scripts/build-inline-scripts.ts'),
  bin('contentlayer2 build', 'contentlayer2', ['build']),
  tsx('sdk:build', 'scripts/build-sdk-reference.ts'),
  ...(process.env.KILOWISE_NEXT_TYPECHECK === 'off' ? [] : [tsx('typecheck', 'scripts/typecheck.ts')]),
  // The reference's HTML carries two inline scripts, bundled by inline:build.
  tsx('spec:build', 'scripts/build-api-model.ts', { after: ['sdk:build', 'inline:build'] }),
  // The search index, from the guides, the API model and the SDK reference, into public/ (sent compressed).
  bin('search:build', 'tsx', ['--conditions=react-server', 'scripts/build-search-index.ts'], {
    after: ['contentlayer2 build', 'spec:build', 'sdk:build'],
  }),
  // The one-file sandbox, with the contract spec:build wrote, into public/: the link check looks for it there.
  tsx('sandbox:build', 'scripts/build-sandbox-bundle.ts', { after: ['spec:build'] }),
  // `next build` in its two halves. The compile half also writes each route's file trace (which files a host such
  // as Vercel ships with its function), from the files that exist then: it waits for every file the app reads.
  next('next compile', ['build', '--experimental-build-mode', 'compile'], {
    after: ['contentlayer2 build', 'spec:build', 'playground:build', 'inline:build', 'search:build'],
  }),
  next('next generate', ['build', '--experimental-build-mode', 'generate'], { after: ['next compile'] }),
  tsx('check-traces', 'scripts/check-traces.ts', { after: ['next compile'] }),
  tsx('apply-csp', 'scripts/apply-csp.ts', { after: ['next generate'] }),
  tsx('check-links', 'scripts/check-links.ts', { after: ['next generate', 'sandbox:build'] }),
];

function run(step: Step): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    child.on('error', (error) => reject(new Error(`${step.name} could not start: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${step.name} failed (${signal ?? `exit code ${code}`}); its output is above`));
    });
  });
}

/** Each step that is also an `npm run` script must run the same file, so that the two never drift apart. */
function checkScripts(): void {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  for (const step of STEPS) {
    const script = scripts[step.name];
    const command = `${path.basename(step.command)} ${step.args.join(' ')}`;
    if (script !== undefined && script !== command)
      throw new Error(`the step ${step.name} runs \`${command}\`, but package.json's script runs \`${script}\``);
  }
}

async function main(): Promise<void> {
  checkScripts();
  const started = performance.now();
  const timings: StepTiming[] = [];
  try {
    await runSteps(STEPS, run, timings);
  } finally {
    console.log('\n[build] step times (start → end, from the start of the build)');
    for (const line of formatTimings(timings, (performance.now() - started) / 1000)) console.log(`[build]   ${line}`);
  }
}

runMain(main, { tag: 'build' });
