// `npm run typecheck` (after contentlayer), and a step of `npm run build`: the type check of the whole project,
// the routes' generated types included.
// - `next typegen` writes those types into .next-typecheck rather than .next, which `next build` empties as it
//   starts, so the check can run beside the build. tsconfig.typecheck.json reads them from there, and
//   .next-typecheck/env.d.ts stands in for next-env.d.ts, which each of them rewrites.
// - The checker is TypeScript 7 (the `typescript-7` alias: the compiler ported to native code, with the same
//   checks), 4 s here against 13 s for TypeScript 6. TypeScript 6 stays the `typescript` package, for the tools
//   that load the compiler as a library (Next.js, TypeDoc, typescript-eslint), which TypeScript 7 does not offer.
//   Both declare a `tsc` command; this runs 7's by its path, so the order npm links them in does not matter.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const DIST_DIR = '.next-typecheck';
const TSC = 'node_modules/typescript-7/bin/tsc';
const NEXT = 'node_modules/next/dist/bin/next';

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`[typecheck] ${command} ${args.join(' ')} failed; its output is above`);
    process.exit(1);
  }
}

// Next's own entry point, run directly: through npx it cost a second Node start.
run(process.execPath, [NEXT, 'typegen'], { KILOWISE_DIST_DIR: DIST_DIR });
writeFileSync(
  `${DIST_DIR}/env.d.ts`,
  '/// <reference types="next" />\n/// <reference types="next/image-types/global" />\n',
);
run(process.execPath, [TSC, '--noEmit', '-p', 'tsconfig.typecheck.json']);
