import { execFileSync } from 'node:child_process';
import { z } from 'zod';
import { parseWith } from './validation';

/** What kind of build this is: production, or a preview of a branch at a commit (for editors). */
export type BuildKind = { preview: false } | { preview: true; branch: string; sha: string; shortSha: string };

const envSchema = z.object({
  VERCEL_ENV: z
    .enum(['production', 'preview', 'development'], { error: 'must be production, preview or development' })
    .optional(),
  KILOWISE_PREVIEW: z.enum(['0', '1'], { error: 'must be 1 (a preview build) or 0' }).optional(),
  VERCEL_GIT_COMMIT_REF: z.string().trim().min(1, 'must not be empty').max(250).optional(),
  VERCEL_GIT_COMMIT_SHA: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{7,40}$/i, 'must be a git commit hash')
    .optional(),
});

/** The git branch and commit of the working copy, or undefined outside a checkout. */
function fromGit(args: readonly string[]): string | undefined {
  try {
    const out = execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return out === '' || out === 'HEAD' ? undefined : out;
  } catch {
    return undefined;
  }
}

/**
 * Reads the build kind from the environment: a preview when `VERCEL_ENV=preview` (a Vercel-style host) or
 * `KILOWISE_PREVIEW=1`; its branch and commit from `VERCEL_GIT_COMMIT_REF` and `VERCEL_GIT_COMMIT_SHA`, or
 * from git when those are unset. A bad value stops the build, naming the variable.
 */
export function readBuildKind(
  env: Record<string, string | undefined>,
  git: (args: readonly string[]) => string | undefined = fromGit,
): BuildKind {
  const blankToUndefined = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = parseWith(envSchema, blankToUndefined, 'environment');
  if (parsed.VERCEL_ENV !== 'preview' && parsed.KILOWISE_PREVIEW !== '1') return { preview: false };
  const branch = parsed.VERCEL_GIT_COMMIT_REF ?? git(['rev-parse', '--abbrev-ref', 'HEAD']) ?? 'unknown branch';
  const sha = parsed.VERCEL_GIT_COMMIT_SHA ?? git(['rev-parse', 'HEAD']) ?? '0000000';
  return { preview: true, branch, sha, shortSha: sha.slice(0, 7) };
}

let cached: BuildKind | undefined;

/** This build's kind, read once. */
export function buildKind(): BuildKind {
  cached ??= readBuildKind(process.env);
  return cached;
}
