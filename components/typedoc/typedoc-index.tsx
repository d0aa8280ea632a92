import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import {
  firstSentence,
  SYMBOL_GROUPS,
  symbolGroup,
  typedocBase,
  type SdkReference,
  type SdkSymbol,
} from '@/lib/typedoc/model';
import { DataTable } from '@/components/ui/data-table';

function SymbolTable({ symbols }: { symbols: readonly SdkSymbol[] }) {
  return (
    <DataTable
      className="typedoc-table typedoc-index"
      header={false}
      rows={symbols}
      rowKey={(symbol) => symbol.name}
      columns={[
        {
          header: 'Symbol',
          cell: (symbol) => (
            <>
              <Link href={symbol.url}>
                <code>{symbol.name}</code>
              </Link>
              {symbol.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
            </>
          ),
        },
        {
          header: 'Description',
          cell: (symbol) => (symbol.description ? firstSentence(symbol.description.text) : null),
        },
      ]}
    />
  );
}

const groupId = (group: string) => group.toLowerCase().replace(/\s+/g, '-');

/** `/sdk/packages/{package}/typedoc`: every export of the package, grouped by kind, one line each. */
export function TypedocIndex({ reference }: { reference: SdkReference }) {
  const { packageName } = reference;
  const groups = SYMBOL_GROUPS.map((group) => ({
    group,
    symbols: reference.symbols.filter((symbol) => symbolGroup(symbol) === group),
  })).filter((entry) => entry.symbols.length > 0);
  return (
    <DocLayout
      area="sdk"
      url={typedocBase(packageName)}
      title={`${packageName} reference`}
      toc={groups.map(({ group }) => ({ depth: 2, text: group, id: groupId(group) }))}
    >
      <p>
        Every export of <Link href={`/sdk/packages/${packageName}`}>{packageName}</Link> {reference.version}, generated
        with TypeDoc from the package&apos;s source. Types that mirror a schema of the REST API link to it in the{' '}
        <Link href="/api">API reference</Link>, and the reference links back; types of another SDK package link to its
        pages.
      </p>
      {groups.map(({ group, symbols }) => (
        <section key={group} aria-labelledby={groupId(group)}>
          <h2 id={groupId(group)}>{group}</h2>
          <SymbolTable symbols={symbols} />
        </section>
      ))}
    </DocLayout>
  );
}
