import semver from 'semver';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CHANGE_KINDS, type ChangeKind } from '../change-kinds';
import { parseWith, ValidationError } from '../validation';
import { SDK_PACKAGES, type SdkPackage } from './packages';

export { SDK_PACKAGES, type SdkPackage } from './packages';

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;
const entries = z.array(z.string().min(1)).optional();

const releaseSchema = z.strictObject({
  version: z.string().regex(SEMVER, 'a version like 2.6.0'),
  date: z.iso.date(),
  /** The API version the release was built against, e.g. `2.4`. */
  apiVersion: z.string().regex(/^\d+\.\d+$/, 'an API version like 2.4'),
  /** The Node.js range, e.g. `>=18.18`. */
  node: z.string().min(1),
  /** The React range of the React packages; absent for the client. */
  react: z.string().min(1).optional(),
  /** One Markdown line about the release. */
  summary: z.string().min(1).optional(),
  added: entries,
  changed: entries,
  deprecated: entries,
  removed: entries,
  fixed: entries,
});

const changelogSchema = z.strictObject({
  package: z.enum(SDK_PACKAGES),
  /** The release marked current; for kilowise-client it comes from its package.json instead. */
  current: z.string().regex(SEMVER, 'a version like 2.6.0').optional(),
  releases: z.array(releaseSchema).min(1),
});

export type Release = z.infer<typeof releaseSchema>;
export { CHANGE_KINDS, type ChangeKind };

export interface Changelog {
  package: SdkPackage;
  current: string;
  /** Newest first. */
  releases: Release[];
}

/** The major version line of a release: `2.x`. */
export function majorLine(version: string): string {
  return `${version.split('.')[0]}.x`;
}

/** The anchor of a release on its versions page. */
export function releaseAnchor(version: string): string {
  return `v${version}`;
}

/**
 * Reads one package's changelog (YAML) and checks it: fields, newest-first order with no repeated
 * version, dates that do not go forward in time down the list, and a current release that exists.
 * `packageVersion` is the version in the package's own package.json, when the package lives here.
 */
export function parseChangelog(text: string, file: string, expected: SdkPackage, packageVersion?: string): Changelog {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    throw new ValidationError(
      `${file}: not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  const data = parseWith(changelogSchema, raw, file);
  const fail = (field: string, message: string) => {
    throw new ValidationError(`${file}: field "${field}": ${message}`);
  };
  if (data.package !== expected) fail('package', `is "${data.package}", but the file belongs to ${expected}`);
  data.releases.forEach((release, index) => {
    const previous = data.releases[index - 1];
    if (!previous) return;
    if (semver.compare(previous.version, release.version) <= 0) {
      fail(
        `releases[${index}].version`,
        `${release.version} must be older than ${previous.version} above it (newest first, no repeats)`,
      );
    }
    if (release.date > previous.date)
      fail(`releases[${index}].date`, `${release.date} is later than ${previous.version}'s ${previous.date}`);
  });
  const current = packageVersion ?? data.current;
  if (!current) fail('current', 'is missing: name the current release');
  if (packageVersion && data.current && data.current !== packageVersion) {
    fail(
      'current',
      `is ${data.current}, but the package.json says ${packageVersion}; drop the field, the package.json decides`,
    );
  }
  if (!data.releases.some((release) => release.version === current)) {
    fail(
      'releases',
      `has no entry for the current version ${current}${packageVersion ? ' (from its package.json)' : ''}`,
    );
  }
  return { package: data.package, current: current ?? '', releases: data.releases };
}
