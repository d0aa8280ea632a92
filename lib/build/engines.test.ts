import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { engineProblems, installedPackages, lowestVersions, thisPlatform, type LockEntry } from './engines';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const manifest = readJson('package.json') as { engines?: { node?: string } };

describe("the dependencies take every Node the project's engines allow", () => {
  const projectRange = manifest.engines?.node ?? '';

  it('package.json declares a Node range, and package-lock.json was written from it', () => {
    expect(semver.validRange(projectRange), `engines.node "${projectRange}"`).not.toBeNull();
    expect(lock.packages['']?.engines).toEqual(manifest.engines);
  });

  it('this machine runs a Node the project declares', () => {
    expect(
      semver.satisfies(process.version, projectRange),
      `Node ${process.version} is not in the project's engines.node "${projectRange}"`,
    ).toBe(true);
  });

  it("no installed package's engines.node leaves out this Node or the lowest of each part of the project's range", () => {
    const versions = [
      ...lowestVersions(projectRange).map((version) => ({ version, why: `the lowest the project allows` })),
      { version: process.version.slice(1), why: "this machine's" },
    ];
    const installed = installedPackages(lock.packages, thisPlatform());
    expect(installed.length).toBeGreaterThan(100);
    const problems = engineProblems(lock.packages, installed, versions, projectRange);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('installedPackages and engineProblems', () => {
  const packages: Record<string, LockEntry> = {
    '': {
      dependencies: { a: '1', 'win-only': '1' },
      devDependencies: { d: '1' },
      optionalDependencies: { 'wasm-binding': '1', missing: '1' },
    },
    'node_modules/a': { version: '1.0.0', dependencies: { b: '2' }, engines: { node: '>=22' } },
    'node_modules/a/node_modules/b': { version: '2.0.0', engines: { node: '^20.19.0 || ^22.13.0' } },
    'node_modules/b': { version: '1.0.0', engines: { node: '>=18' } },
    'node_modules/d': {
      version: '3.0.0',
      dependencies: { b: '1' },
      peerDependencies: { p: '1', q: '1' },
      peerDependenciesMeta: { q: { optional: true } },
    },
    'node_modules/p': { version: '1.0.0', engines: { node: '>=20' } },
    'node_modules/q': { version: '1.0.0', engines: { node: '>=99' } },
    'node_modules/win-only': { version: '1.0.0', os: ['win32'], engines: { node: '^20.9.0' } },
    'node_modules/wasm-binding': { version: '1.0.0', cpu: ['wasm32'], dependencies: { runtime: '1' } },
    'node_modules/runtime': { version: '1.0.0', engines: { node: '>=99' } },
    'node_modules/not-reached': { version: '1.0.0', engines: { node: '>=99' } },
    'node_modules/musl-only': { version: '1.0.0', libc: ['musl'] },
  };
  const linux: Parameters<typeof installedPackages>[1] = { os: 'linux', cpu: 'x64', libc: 'glibc' };

  it("follows dependencies as Node resolves them, and leaves out another platform's packages and what only they reach", () => {
    expect(installedPackages(packages, linux)).toEqual([
      'node_modules/a',
      'node_modules/a/node_modules/b',
      'node_modules/b',
      'node_modules/d',
      'node_modules/p',
    ]);
    expect(installedPackages(packages, { os: 'win32', cpu: 'x64' })).toContain('node_modules/win-only');
    expect(installedPackages(packages, { os: 'linux', cpu: 'wasm32' })).toContain('node_modules/runtime');
    expect(
      installedPackages({ ...packages, '': { dependencies: { 'musl-only': '1' } } }, { ...linux, libc: 'musl' }),
    ).toEqual(['node_modules/musl-only']);
    expect(installedPackages({ ...packages, '': { dependencies: { 'musl-only': '1' } } }, linux)).toEqual([]);
  });

  it('reads the lowest version of each part of a range', () => {
    expect(lowestVersions('^20.19.0 || >=22.13.0')).toEqual(['20.19.0', '22.13.0']);
    expect(lowestVersions('>=20')).toEqual(['20.0.0']);
  });

  it('names the package, where it is, its range, the Node it leaves out and why, and the project range', () => {
    const installed = installedPackages(packages, linux);
    const versions = [
      { version: '20.19.0', why: 'the lowest the project allows' },
      { version: '22.12.0', why: 'the lowest the project allows' },
    ];
    expect(engineProblems(packages, installed, versions, '^20.19.0 || >=22.12.0')).toEqual([
      'a@1.0.0 declares node ">=22", which leaves out Node 20.19.0 (the lowest the project allows); the project declares node "^20.19.0 || >=22.12.0"',
      'b@2.0.0 (at node_modules/a/node_modules/b) declares node "^20.19.0 || ^22.13.0", which leaves out Node 22.12.0 (the lowest the project allows); the project declares node "^20.19.0 || >=22.12.0"',
    ]);
  });
});
