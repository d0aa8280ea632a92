import { describe, expect, it } from 'vitest';
import { readBuildKind } from './preview';

const noGit = () => undefined;

describe('readBuildKind', () => {
  it('is production unless a Vercel-style preview or KILOWISE_PREVIEW=1 says otherwise', () => {
    expect(readBuildKind({}, noGit)).toEqual({ preview: false });
    expect(readBuildKind({ VERCEL_ENV: 'production', KILOWISE_PREVIEW: '0' }, noGit)).toEqual({ preview: false });
    expect(readBuildKind({ KILOWISE_PREVIEW: '' }, noGit)).toEqual({ preview: false });
  });

  it('takes the branch and commit from the Vercel variables', () => {
    expect(
      readBuildKind(
        {
          VERCEL_ENV: 'preview',
          VERCEL_GIT_COMMIT_REF: 'heat-pumps',
          VERCEL_GIT_COMMIT_SHA: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
        },
        noGit,
      ),
    ).toEqual({
      preview: true,
      branch: 'heat-pumps',
      sha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
      shortSha: 'a1b2c3d',
    });
  });

  it('asks git when the variables are unset', () => {
    const git = (args: readonly string[]) =>
      args.includes('--abbrev-ref') ? 'docs/tariffs' : 'fedcba9876543210fedcba9876543210fedcba98';
    expect(readBuildKind({ KILOWISE_PREVIEW: '1' }, git)).toMatchObject({
      branch: 'docs/tariffs',
      shortSha: 'fedcba9',
    });
  });

  it('names a variable with a bad value', () => {
    expect(() => readBuildKind({ KILOWISE_PREVIEW: 'yes' }, noGit)).toThrow(
      'environment: field "KILOWISE_PREVIEW": must be 1 (a preview build) or 0',
    );
    expect(() => readBuildKind({ VERCEL_ENV: 'preview', VERCEL_GIT_COMMIT_SHA: 'not-a-sha' }, noGit)).toThrow(
      'environment: field "VERCEL_GIT_COMMIT_SHA": must be a git commit hash',
    );
  });
});
