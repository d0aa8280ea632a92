import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { stringify, parse } from 'yaml';
import { z } from 'zod';
import { CHANGE_KIND_LABELS, CHANGE_KINDS } from '../change-kinds';
import { parseWith } from '../validation';
import type { ApiChange } from './diff';

/** The API's changelog: one entry per version of the contract, newest first. */
export const API_CHANGELOG_PATH = 'content/changelogs/api.yaml';

/** The page that shows it, and what it says it holds. */
export const API_CHANGELOG_URL = '/docs/changelog';
export const API_CHANGELOG_DESCRIPTION =
  'Every version of the Kilowise partner API, with its date and its changes, the breaking ones flagged.';

const changeSchema = z.strictObject({
  kind: z.enum(CHANGE_KINDS),
  text: z.string().min(1),
  /** The operation it concerns, linked to its `/api` anchor. */
  operationId: z.string().optional(),
  /** Why the change can break a working integration; absent when it cannot. */
  breaking: z.string().min(1).optional(),
});

const releaseSchema = z.strictObject({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, "a version like 2.4.0, as the contract's info.version"),
  date: z.iso.date('a date like 2025-03-10'),
  summary: z.string().optional(),
  changes: z.array(changeSchema).min(1, 'a release says what changed'),
});

const changelogSchema = z.strictObject({
  releases: z.array(releaseSchema).min(1),
});

export type ApiChangelog = z.infer<typeof changelogSchema>;
export type ApiRelease = ApiChangelog['releases'][number];
export type ApiChangelogChange = z.infer<typeof changeSchema>;

/** Reads the changelog's YAML; a bad entry names the file and the field, and versions must be newest first, once each. */
export function parseApiChangelog(text: string, file = API_CHANGELOG_PATH): ApiChangelog {
  const changelog = parseWith(changelogSchema, parse(text) as unknown, file);
  changelog.releases.forEach((release, index) => {
    const older = changelog.releases[index + 1];
    if (older && semver.compare(release.version, older.version) <= 0) {
      throw new Error(
        `${file}: field "releases[${index + 1}].version": ${older.version} comes after ${release.version}; list the versions newest first, each once`,
      );
    }
  });
  return changelog;
}

let cached: ApiChangelog | undefined;

/** The changelog in `content/changelogs/api.yaml`, read once. */
export function readApiChangelog(): ApiChangelog {
  // A literal path keeps Next's file tracing to this one file.
  cached ??= parseApiChangelog(readFileSync(path.join(process.cwd(), 'content', 'changelogs', 'api.yaml'), 'utf8'));
  return cached;
}

/** Throws, naming the file and the command that drafts an entry, when the contract's version has none. */
export function assertChangelogCovers(changelog: ApiChangelog, version: string, file = API_CHANGELOG_PATH): void {
  if (changelog.releases.some((release) => release.version === version)) return;
  throw new Error(
    `${file}: no entry for API version ${version} (the contract's info.version). Draft one with \`npm run spec:diff -- <the previous document> <this one> --changelog\`, check its wording, and add it at the top`,
  );
}

/** A changelog entry drafted from a diff, as YAML to paste at the top of `releases`: breaking changes first. */
export function draftChangelogEntry(version: string, date: string, changes: readonly ApiChange[]): string {
  const ordered = [...changes.filter((change) => change.breaking), ...changes.filter((change) => !change.breaking)];
  const entry: ApiRelease = {
    version,
    date,
    changes: ordered.map((change) => ({
      kind: change.kind,
      text: `${change.where}: ${change.detail}`,
      ...(change.operationId ? { operationId: change.operationId } : {}),
      ...(change.breaking ? { breaking: change.breaking } : {}),
    })),
  };
  return stringify([entry], { lineWidth: 0 });
}

/** The changelog as Markdown, for its twin (`/docs/changelog.md`). */
export function apiChangelogToMarkdown(changelog: ApiChangelog, current: string, siteUrl: string): string {
  return [
    '# API changelog',
    '',
    `> ${API_CHANGELOG_DESCRIPTION}`,
    '',
    `The site is built from version ${current}. The contract: ${siteUrl}/openapi.yaml`,
    ...changelog.releases.flatMap((release) => [
      '',
      `## ${release.version}${release.version === current ? ' (current)' : ''}`,
      '',
      `Released ${release.date}.${release.summary ? ` ${release.summary.replace(/\]\(\//g, `](${siteUrl}/`)}` : ''}`,
      '',
      ...release.changes.map(
        (change) =>
          `- **${CHANGE_KIND_LABELS[change.kind]}${change.breaking ? ', breaking' : ''}**: ${change.text}${change.operationId ? ` ([reference](${siteUrl}/api#operation/${change.operationId}))` : ''}${change.breaking ? ` Why it breaks: ${change.breaking}.` : ''}`,
      ),
    ]),
  ].join('\n');
}
