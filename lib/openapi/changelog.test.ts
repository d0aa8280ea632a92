import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  API_CHANGELOG_PATH,
  apiChangelogToMarkdown,
  assertChangelogCovers,
  draftChangelogEntry,
  parseApiChangelog,
} from './changelog';
import type { ApiChange } from './diff';

const contractVersion = () =>
  (parse(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8')) as { info: { version: string } }).info.version;

describe('the API changelog', () => {
  it("has an entry for the pinned contract's version, and reads as the build reads it", () => {
    const changelog = parseApiChangelog(readFileSync(API_CHANGELOG_PATH, 'utf8'));
    expect(() => assertChangelogCovers(changelog, contractVersion())).not.toThrow();
  });

  it('stops the build when the contract has a version without an entry, naming the file, the version and the command', () => {
    const changelog = parseApiChangelog(readFileSync(API_CHANGELOG_PATH, 'utf8'));
    expect(() => assertChangelogCovers(changelog, '9.0.0')).toThrow(
      /^content\/changelogs\/api\.yaml: no entry for API version 9\.0\.0 .*npm run spec:diff -- .* --changelog/,
    );
  });

  it('refuses versions out of order and entries without changes, naming the field', () => {
    const release = (version: string) =>
      `  - version: ${version}\n    date: 2025-01-01\n    changes:\n      - { kind: added, text: x }\n`;
    expect(() => parseApiChangelog(`releases:\n${release('2.0.0')}${release('2.1.0')}`, 'api.yaml')).toThrow(
      'api.yaml: field "releases[1].version": 2.1.0 comes after 2.0.0',
    );
    expect(() =>
      parseApiChangelog('releases:\n  - { version: 2.0.0, date: 2025-01-01, changes: [] }\n', 'api.yaml'),
    ).toThrow(/api\.yaml: field "releases\[0\]\.changes"/);
    expect(() =>
      parseApiChangelog(
        'releases:\n  - { version: 2.0.0, date: 1 March, changes: [{ kind: added, text: x }] }\n',
        'api.yaml',
      ),
    ).toThrow(/field "releases\[0\]\.date"/);
  });

  it('drafts an entry from a diff, breaking changes first, that the changelog takes as it is', () => {
    const changes: ApiChange[] = [
      { kind: 'added', operationId: 'getCountries', where: 'GET /v2/kilowise/countries', detail: 'operation added' },
      {
        kind: 'removed',
        operationId: 'getLocations',
        where: 'getLocations: response 200 .name',
        detail: 'field removed',
        breaking: 'a removed response field: readers of it break',
      },
    ];
    const draft = draftChangelogEntry('2.5.0', '2026-11-24', changes);
    const changelog = parseApiChangelog(`releases:\n${draft.replace(/^/gm, '  ')}`);
    expect(changelog.releases[0]?.changes.map((change) => [change.kind, change.breaking !== undefined])).toEqual([
      ['removed', true],
      ['added', false],
    ]);
    expect(apiChangelogToMarkdown(changelog, '2.5.0', 'https://docs.example')).toContain(
      '- **Removed, breaking**: getLocations: response 200 .name: field removed ([reference](https://docs.example/api#operation/getLocations)) Why it breaks',
    );
  });
});
