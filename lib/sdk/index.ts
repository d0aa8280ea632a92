import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SidebarItem } from '../site/sidebar';
import { parseWith } from '../validation';
import { parseChangelog, SDK_PACKAGES, type Changelog, type SdkPackage } from './changelog';

const cache = new Map<SdkPackage, Changelog>();

/** The package's own package.json version, for the packages whose source lives in this repository. */
function localPackageVersion(name: SdkPackage): string | undefined {
  if (name !== 'kilowise-client') return undefined;
  const json: unknown = JSON.parse(
    readFileSync(path.join(process.cwd(), 'packages', 'kilowise-client', 'package.json'), 'utf8'),
  );
  return parseWith(z.object({ version: z.string() }), json, `packages/${name}/package.json`).version;
}

/** The validated changelog of a package, from `content/changelogs/{package}.yaml`. */
export function getChangelog(name: SdkPackage): Changelog {
  const cached = cache.get(name);
  if (cached) return cached;
  const file = `content/changelogs/${name}.yaml`;
  const changelog = parseChangelog(
    readFileSync(path.join(process.cwd(), 'content', 'changelogs', `${name}.yaml`), 'utf8'),
    file,
    name,
    localPackageVersion(name),
  );
  cache.set(name, changelog);
  return changelog;
}

/** `/sdk/packages/{package}/versions` */
export function versionsUrl(name: SdkPackage): string {
  return `/sdk/packages/${name}/versions`;
}

/** `/sdk/packages/{package}/playground` */
export function playgroundUrl(name: SdkPackage): string {
  return `/sdk/packages/${name}/playground`;
}

/** The "Playground" entry each package gets in the SDK sidebar. */
export function playgroundSidebarItem(name: SdkPackage): SidebarItem {
  return { type: 'link', label: 'Playground', href: playgroundUrl(name), docId: playgroundUrl(name).slice(1) };
}

/** The "Versions" entry each package gets in the SDK sidebar. */
export function versionsSidebarItem(name: SdkPackage): SidebarItem {
  return { type: 'link', label: 'Versions', href: versionsUrl(name), docId: versionsUrl(name).slice(1) };
}

export { SDK_PACKAGES, type Changelog, type SdkPackage };
export { CHANGE_KINDS, majorLine, releaseAnchor, type ChangeKind, type Release } from './changelog';
