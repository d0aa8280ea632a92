import { describe, expect, it } from 'vitest';
import { majorLine, parseChangelog, releaseAnchor } from './changelog';

const FILE = 'content/changelogs/kilowise-ui.yaml';
const release = (version: string, date: string) =>
  `  - { version: ${version}, date: ${date}, apiVersion: '2.4', node: '>=18.18' }\n`;
const changelog = (body: string, head = 'package: kilowise-ui\ncurrent: 2.1.0\n') => `${head}releases:\n${body}`;

describe('parseChangelog', () => {
  it('reads releases newest first with the current one', () => {
    const parsed = parseChangelog(
      changelog(release('2.1.0', '2025-01-02') + release('2.0.0', '2024-02-12')),
      FILE,
      'kilowise-ui',
    );
    expect(parsed.current).toBe('2.1.0');
    expect(parsed.releases.map((entry) => entry.version)).toEqual(['2.1.0', '2.0.0']);
  });

  it.each([
    [
      'a bad field',
      changelog(`  - { version: 'two', date: 2025-01-02, apiVersion: '2.4', node: '>=18' }\n`),
      /kilowise-ui\.yaml: field "releases\[0\]\.version": a version like 2\.6\.0/,
    ],
    [
      'an unknown field',
      changelog(`  - { version: 2.1.0, date: 2025-01-02, apiVersion: '2.4', node: '>=18', notes: x }\n`),
      /field "releases\[0\]"/,
    ],
    [
      'releases out of order',
      changelog(release('2.0.0', '2024-02-12') + release('2.1.0', '2025-01-02')),
      /field "releases\[1\]\.version": 2\.1\.0 must be older than 2\.0\.0/,
    ],
    [
      'a repeated version',
      changelog(release('2.1.0', '2025-01-02') + release('2.1.0', '2025-01-02')),
      /field "releases\[1\]\.version"/,
    ],
    [
      'a date going forward',
      changelog(release('2.1.0', '2024-01-02') + release('2.0.0', '2025-02-12')),
      /field "releases\[1\]\.date": 2025-02-12 is later than 2\.1\.0's 2024-01-02/,
    ],
    [
      'a current version without a release',
      changelog(release('2.0.0', '2024-02-12')),
      /field "releases": has no entry for the current version 2\.1\.0/,
    ],
    [
      'another package',
      changelog(release('2.1.0', '2025-01-02'), 'package: kilowise-charts\ncurrent: 2.1.0\n'),
      /field "package": is "kilowise-charts", but the file belongs to kilowise-ui/,
    ],
    ['broken YAML', 'package: [', /kilowise-ui\.yaml: not valid YAML/],
  ])('refuses %s, naming the file and field', (_name, text, message) => {
    expect(() => parseChangelog(text, FILE, 'kilowise-ui')).toThrow(message);
  });

  it('takes the current version from the package.json, and refuses a changelog that disagrees', () => {
    const body = release('2.6.0', '2025-03-10') + release('2.5.0', '2025-01-20');
    expect(parseChangelog(changelog(body, 'package: kilowise-ui\n'), FILE, 'kilowise-ui', '2.5.0').current).toBe(
      '2.5.0',
    );
    expect(() => parseChangelog(changelog(body, 'package: kilowise-ui\n'), FILE, 'kilowise-ui', '2.7.0')).toThrow(
      /has no entry for the current version 2\.7\.0 \(from its package\.json\)/,
    );
    expect(() =>
      parseChangelog(changelog(body, 'package: kilowise-ui\ncurrent: 2.6.0\n'), FILE, 'kilowise-ui', '2.5.0'),
    ).toThrow(/field "current": is 2\.6\.0, but the package\.json says 2\.5\.0/);
  });

  it('names major lines and anchors', () => {
    expect(majorLine('2.6.0')).toBe('2.x');
    expect(releaseAnchor('2.6.0')).toBe('v2.6.0');
  });
});
