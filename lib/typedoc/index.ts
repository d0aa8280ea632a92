import 'server-only';
import path from 'node:path';
import type { SidebarItem } from '../content/sidebar';
import { readSdkReference } from './read';
import { TYPEDOC_BASE, type SdkEnum, type SdkInterface, type SdkReference, type SdkSymbol } from './model';

let cached: SdkReference | undefined;

/** The kilowise-client reference the build step wrote (`npm run sdk:build`). */
export function getSdkReference(): SdkReference {
  // A literal path keeps Next's file tracing to this one file.
  cached ??= readSdkReference(path.join(process.cwd(), '.generated', 'sdk-reference.json'));
  return cached;
}

export function getSdkEnums(): SdkEnum[] {
  return getSdkReference().symbols.filter((symbol): symbol is SdkEnum => symbol.kind === 'enum');
}

export function getSdkInterfaces(): SdkInterface[] {
  return getSdkReference().symbols.filter((symbol): symbol is SdkInterface => symbol.kind === 'interface');
}

export function getSdkSymbol(kind: SdkSymbol['kind'], name: string): SdkSymbol | undefined {
  return getSdkReference().symbols.find((symbol) => symbol.kind === kind && symbol.name === name);
}

/** The TypeDoc pages in the SDK sidebar, under the client package: the index, then enums and interfaces. */
export function typedocSidebarItems(): SidebarItem[] {
  const links = (symbols: readonly SdkSymbol[]): SidebarItem[] =>
    symbols.map((symbol) => ({ type: 'link', label: symbol.name, href: symbol.url, docId: symbol.url.slice(1) }));
  return [
    {
      type: 'category',
      label: 'TypeDoc reference',
      href: TYPEDOC_BASE,
      docId: TYPEDOC_BASE.slice(1),
      collapsed: true,
      items: [
        { type: 'category', label: 'Enumerations', collapsed: true, items: links(getSdkEnums()) },
        { type: 'category', label: 'Interfaces', collapsed: true, items: links(getSdkInterfaces()) },
      ],
    },
  ];
}

export type { SdkEnum, SdkInterface, SdkReference, SdkSymbol };
export { TYPEDOC_BASE } from './model';
