// Facts the docs state in several places (guides, SDK doc comments) must agree: each is taken from one constant.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHARGER_ONLINE_WINDOW_MS } from 'kilowise-client';

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((extension) => entry.name.endsWith(extension)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const sources = () => [...filesUnder('content', ['.mdx', '.yaml']), ...filesUnder('packages', ['.ts', '.tsx']).filter((file) => !file.includes('node_modules'))];

describe('one threshold for a charger being online', () => {
  it('every page and doc comment that gives a heartbeat age gives the SDK constant, in minutes', () => {
    const minutes = CHARGER_ONLINE_WINDOW_MS / 60_000;
    const stated = sources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/heartbeat/i.test(line) ? [...line.matchAll(/(\d+)\s*(?:minutes?|min\b)/g)].map((match) => ({ where: `${file}:${index + 1}`, value: Number(match[1]) })) : [])),
    );
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.filter((entry) => entry.value !== minutes)).toEqual([]);
  });

  it('no code works the threshold out for itself: it calls isChargerOnline', () => {
    const own = sources().filter((file) => !file.endsWith('charger-online.ts') && !file.endsWith('charger-online.test.ts') && /heartbeatTimestamp[^\n]*60_?000|60_?000[^\n]*heartbeat/.test(readFileSync(file, 'utf8')));
    expect(own).toEqual([]);
  });
});
