import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import { firstSentence, TYPEDOC_BASE, type SdkReference, type SdkSymbol } from '@/lib/typedoc/model';
import { TableScroll } from '@/components/mdx/table-scroll';

function SymbolTable({ symbols }: { symbols: readonly SdkSymbol[] }) {
  return (
    <TableScroll>
      <table className="typedoc-table typedoc-index">
        <tbody>
          {symbols.map((symbol) => (
            <tr key={symbol.name}>
              <td>
                <Link href={symbol.url}>
                  <code>{symbol.name}</code>
                </Link>
                {symbol.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
              </td>
              <td>{symbol.description ? firstSentence(symbol.description.text) : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** `/sdk/packages/kilowise-client/typedoc`: every enum and interface, grouped, one line each. */
export function TypedocIndex({ reference }: { reference: SdkReference }) {
  const enums = reference.symbols.filter((symbol) => symbol.kind === 'enum');
  const interfaces = reference.symbols.filter((symbol) => symbol.kind === 'interface');
  return (
    <DocLayout
      area="sdk"
      url={TYPEDOC_BASE}
      title="kilowise-client reference"
      toc={[
        { depth: 2, text: 'Enumerations', id: 'enumerations' },
        { depth: 2, text: 'Interfaces', id: 'interfaces' },
      ]}
    >
      <p>
        Every enum and interface that <Link href="/sdk/packages/kilowise-client">kilowise-client</Link> {reference.version} exports,
        generated with TypeDoc from the package&apos;s source. Types that mirror a schema of the REST API link to it in
        the <Link href="/api">API reference</Link>, and the reference links back.
      </p>
      <h2 id="enumerations">Enumerations</h2>
      <SymbolTable symbols={enums} />
      <h2 id="interfaces">Interfaces</h2>
      <SymbolTable symbols={interfaces} />
    </DocLayout>
  );
}
