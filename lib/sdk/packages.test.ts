import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config';
import { SDK_PACKAGES } from './packages';

const ROOT = path.join(import.meta.dirname, '..', '..');
const entryOf = (name: string) => `packages/${name}/src/index.ts`;

/** The list in lib/sdk/packages.ts is the one place the packages are named: the other places must agree with it. */
describe('the SDK package list', () => {
  it('names each folder of packages/, and no other', () => {
    const folders = readdirSync(path.join(ROOT, 'packages'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...SDK_PACKAGES].sort());
  });

  it("is tsconfig.json's paths of the packages, each to its package's entry", () => {
    const tsconfig = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    const packagePaths = Object.entries(tsconfig.compilerOptions.paths).filter(([name]) => name !== '@/*');
    expect(Object.fromEntries(packagePaths)).toEqual(
      Object.fromEntries(SDK_PACKAGES.map((name) => [name, [`./${entryOf(name)}`]])),
    );
  });

  it("is the bench's list of packages, unless the bench imports it", () => {
    const bench = readFileSync(path.join(ROOT, 'scripts', 'bench.ts'), 'utf8');
    if (/import \{[^}]*\bSDK_PACKAGES\b[^}]*\} from '\.\.\/lib\/sdk\/packages'/.test(bench)) return;
    const list = /const PACKAGES = \[([^\]]*)\]/.exec(bench)?.[1];
    expect(
      list ?? '',
      'scripts/bench.ts names its packages in `const PACKAGES = [...]` or imports SDK_PACKAGES',
    ).toMatch(/'kilowise-/);
    expect([...(list ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1])).toEqual([...SDK_PACKAGES]);
  });

  it("is vitest's aliases of the packages", () => {
    const aliases = vitestConfig.resolve?.alias as Record<string, string>;
    const packageAliases = Object.entries(aliases)
      .filter(([name]) => name.startsWith('kilowise-'))
      .map(([name, target]) => [name, path.relative(ROOT, target)]);
    expect(Object.fromEntries(packageAliases)).toEqual(
      Object.fromEntries(SDK_PACKAGES.map((name) => [name, entryOf(name)])),
    );
  });
});
