import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isSdkPackage } from '@/lib/sdk/packages';
import { getSdkReference, getSdkReferences, getSdkSymbol } from '@/lib/typedoc';
import { firstSentence, KIND_FOLDERS, kindOfFolder } from '@/lib/typedoc/model';
import { socialMetadata } from '@/lib/og';
import { SymbolPage } from './symbol-page';

type Props = { params: Promise<{ pkg: string; kind: string; name: string }> };

async function symbolOf(params: Props['params']) {
  const { pkg, kind: folder, name } = await params;
  const kind = kindOfFolder(folder);
  if (!isSdkPackage(pkg) || !kind) return undefined;
  const symbol = getSdkSymbol(pkg, kind, name);
  return symbol ? { symbol, reference: getSdkReference(pkg) } : undefined;
}

/** The exports of the TypeDoc symbol route, `/sdk/packages/{pkg}/typedoc/{enums|interfaces|functions|variables|types}/{name}`. */
export const symbolRoute = {
  generateStaticParams: () =>
    getSdkReferences().flatMap((reference) =>
      reference.symbols.map((symbol) => ({
        pkg: reference.packageName,
        kind: KIND_FOLDERS[symbol.kind],
        name: symbol.name,
      })),
    ),
  async generateMetadata({ params }: Props): Promise<Metadata> {
    const found = await symbolOf(params);
    if (!found) return {};
    const { symbol, reference } = found;
    return {
      title: `${symbol.name} | ${reference.packageName}`,
      description: symbol.description ? firstSentence(symbol.description.text) : undefined,
      alternates: { canonical: symbol.url },
      ...socialMetadata({
        url: symbol.url,
        title: `${symbol.name} | ${reference.packageName}`,
        description: symbol.description ? firstSentence(symbol.description.text) : undefined,
      }),
    };
  },
  async Page({ params }: Props) {
    const found = await symbolOf(params);
    if (!found) notFound();
    return <SymbolPage symbol={found.symbol} reference={found.reference} />;
  },
};
