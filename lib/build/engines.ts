// Which Node versions the dependencies take, from package-lock.json: the packages npm installs on a machine, and
// those whose `engines.node` leaves out a Node the project's own `engines` allows (npm ci warns EBADENGINE for each).
import semver from 'semver';

/** An entry of package-lock.json's `packages`, as far as these checks read it. */
export interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

/** What decides whether npm installs a package with `os`, `cpu` or `libc` (`libc` on Linux only). */
export interface Platform {
  os: string;
  cpu: string;
  libc?: string;
}

/** This machine, as npm sees it. */
export function thisPlatform(): Platform {
  const report = process.platform === 'linux' ? (process.report.getReport() as { header?: object }) : undefined;
  const glibc = report?.header && 'glibcVersionRuntime' in report.header;
  return { os: process.platform, cpu: process.arch, libc: report ? (glibc ? 'glibc' : 'musl') : undefined };
}

/** Whether a package's `os`, `cpu` or `libc` list takes `value`: `!value` refuses it, and a list of names needs it. */
function takes(list: string[] | undefined, value: string | undefined): boolean {
  if (!list || list.length === 0 || value === undefined) return true;
  if (list.includes(`!${value}`)) return false;
  const named = list.filter((entry) => !entry.startsWith('!'));
  return named.length === 0 || named.includes(value);
}

/** The key of the package `name` as Node finds it from the package at `from` (`''` is the project). */
function resolveKey(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

/**
 * The keys of the lock's packages that npm installs on `platform`: those the project reaches through dependencies
 * (its own dev dependencies too, and peers that are not optional), leaving out a package whose `os`, `cpu` or
 * `libc` does not fit, and what only it reaches.
 */
export function installedPackages(packages: Record<string, LockEntry>, platform: Platform): string[] {
  const installed = new Set<string>();
  const visit = (key: string) => {
    if (installed.has(key)) return;
    let entry = packages[key];
    if (!entry) return;
    if (entry.link && entry.resolved !== undefined) entry = packages[entry.resolved] ?? entry;
    if (!takes(entry.os, platform.os) || !takes(entry.cpu, platform.cpu)) return;
    if (platform.os === 'linux' && !takes(entry.libc, platform.libc)) return;
    installed.add(key);
    const peers = Object.keys(entry.peerDependencies ?? {}).filter(
      (name) => !entry.peerDependenciesMeta?.[name]?.optional,
    );
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...(key === '' ? Object.keys(entry.devDependencies ?? {}) : []),
      ...peers,
    ];
    for (const name of names) {
      const found = resolveKey(packages, key, name);
      if (found !== undefined) visit(found);
    }
  };
  visit('');
  installed.delete('');
  return [...installed].sort();
}

/** The lowest version of each `||` part of a range: `^20.19.0 || >=22.13.0` gives 20.19.0 and 22.13.0. */
export function lowestVersions(range: string): string[] {
  return new semver.Range(range).set.flatMap((comparators) => {
    const lowest = semver.minVersion(comparators.map((comparator) => comparator.value).join(' '));
    return lowest ? [lowest.version] : [];
  });
}

/** A package's name, from its entry or its key (`node_modules/a/node_modules/@s/b` is `@s/b`). */
const nameOf = (key: string, entry: LockEntry) => entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 13);

/**
 * Each installed package whose `engines.node` leaves out one of `versions` (each with why it is checked, e.g.
 * `the lowest of ^20.19.0`), as a sentence naming the package, its range, the version and the project's range.
 */
export function engineProblems(
  packages: Record<string, LockEntry>,
  installed: readonly string[],
  versions: readonly { version: string; why: string }[],
  projectRange: string,
): string[] {
  const problems: string[] = [];
  for (const key of installed) {
    const entry = packages[key];
    const range = entry && !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
    if (!entry || range === undefined) continue;
    for (const { version, why } of versions) {
      if (semver.satisfies(version, range, { includePrerelease: true })) continue;
      const at = key === `node_modules/${nameOf(key, entry)}` ? '' : ` (at ${key})`;
      problems.push(
        `${nameOf(key, entry)}@${entry.version ?? '?'}${at} declares node "${range}", which leaves out Node ${version} ` +
          `(${why}); the project declares node "${projectRange}"`,
      );
    }
  }
  return problems;
}
