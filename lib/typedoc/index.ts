import 'server-only';
import path from 'node:path';
import type { SidebarItem } from '../site/sidebar';
import { SDK_PACKAGES, type SdkPackage } from '../sdk/packages';
import { readSdkReference } from './read';
import {
  SYMBOL_GROUPS,
  symbolGroup,
  typedocBase,
  type SdkEnum,
  type SdkInterface,
  type SdkReference,
  type SdkSymbol,
  type SymbolKind,
} from './model';

const cache = new Map<SdkPackage, SdkReference>();

/** A package's TypeDoc reference, as the build step wrote it (`npm run sdk:build`); kilowise-client's by default. */
export function getSdkReference(packageName: SdkPackage = 'kilowise-client'): SdkReference {
  let reference = cache.get(packageName);
  if (!reference) {
    reference = readSdkReference(path.join(process.cwd(), '.generated', 'sdk', `${packageName}.json`));
    cache.set(packageName, reference);
  }
  return reference;
}

/** Every package's reference, in the order of the packages. */
export function getSdkReferences(): SdkReference[] {
  return SDK_PACKAGES.map((name) => getSdkReference(name));
}

export function getSdkSymbol(packageName: SdkPackage, kind: SymbolKind, name: string): SdkSymbol | undefined {
  return getSdkReference(packageName).symbols.find((symbol) => symbol.kind === kind && symbol.name === name);
}

/** The TypeDoc pages of a package in the SDK sidebar, under the package: the index, then a category per group. */
export function typedocSidebarItems(packageName: SdkPackage): SidebarItem[] {
  const symbols = getSdkReference(packageName).symbols;
  const base = typedocBase(packageName);
  return [
    {
      type: 'category',
      label: 'TypeDoc reference',
      href: base,
      docId: base.slice(1),
      collapsed: true,
      items: SYMBOL_GROUPS.flatMap((group): SidebarItem[] => {
        const members = symbols.filter((symbol) => symbolGroup(symbol) === group);
        if (members.length === 0) return [];
        const links = members.map((symbol): SidebarItem => ({
          type: 'link',
          label: symbol.name,
          href: symbol.url,
          docId: symbol.url.slice(1),
        }));
        return [{ type: 'category', label: group, collapsed: true, items: links }];
      }),
    },
  ];
}

export type { SdkEnum, SdkInterface, SdkReference, SdkSymbol };
export { TYPEDOC_BASE, typedocBase } from './model';
