import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getSdkReference, getSdkSymbol, type SdkSymbol } from '@/lib/typedoc';
import { firstSentence } from '@/lib/typedoc/model';
import { SymbolPage } from './symbol-page';

type Props = { params: Promise<{ name: string }> };

/** The exports of a TypeDoc symbol route (`typedoc/enums/[name]`, `typedoc/interfaces/[name]`). */
export function symbolRoute(kind: SdkSymbol['kind']) {
  return {
    generateStaticParams: () => getSdkReference().symbols.filter((symbol) => symbol.kind === kind).map((symbol) => ({ name: symbol.name })),
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const symbol = getSdkSymbol(kind, (await params).name);
      if (!symbol) return {};
      return {
        title: `${symbol.name} | kilowise-client`,
        description: symbol.description ? firstSentence(symbol.description.text) : undefined,
        alternates: { canonical: symbol.url },
      };
    },
    async Page({ params }: Props) {
      const symbol = getSdkSymbol(kind, (await params).name);
      if (!symbol) notFound();
      return <SymbolPage symbol={symbol} version={getSdkReference().version} />;
    },
  };
}
