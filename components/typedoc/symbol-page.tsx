import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import { Admonition } from '@/components/mdx/admonition';
import type { TocEntry } from '@/lib/content/toc';
import { siteConfig } from '@/lib/site';
import {
  kindLabel,
  type SdkEnum,
  type SdkFunction,
  type SdkInterface,
  type SdkReference,
  type SdkSymbol,
  type TypeToken,
} from '@/lib/typedoc/model';
import { ClassSections, classToc } from './class-sections';
import { Examples, ExtendsLine, Html, ParametersTable, PropertiesTable, UsageList } from './parts';
import { TypeTokens } from './type-tokens';
import { DataTable } from '@/components/ui/data-table';

function MembersTable({ symbol }: { symbol: SdkEnum }) {
  return (
    <DataTable
      className="typedoc-table"
      rows={symbol.members}
      rowKey={(member) => member.name}
      rowAttributes={(member) => ({ id: member.name, className: 'typedoc-row' })}
      columns={[
        {
          header: 'Member',
          cell: (member) => (
            <>
              <code>{member.name}</code>
              {member.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
            </>
          ),
        },
        { header: 'Value', cell: (member) => <code>{`'${member.value}'`}</code> },
        {
          header: 'Description',
          cell: (member) => (
            <>
              <Html block={member.description} />
              {member.deprecated ? <Html block={member.deprecated} className="typedoc-deprecated" /> : null}
            </>
          ),
        },
      ]}
    />
  );
}

/** A function's signature in one line: `name(a: A, b?: B): R`, its types linked. */
function Signature({ symbol }: { symbol: SdkFunction }) {
  const tokens: TypeToken[] = [{ text: `function ${symbol.name}(` }];
  symbol.parameters.forEach((parameter, index) => {
    tokens.push(
      { text: `${index > 0 ? ', ' : ''}${parameter.name}${parameter.optional ? '?' : ''}: ` },
      ...parameter.type,
    );
  });
  tokens.push({ text: '): ' }, ...symbol.returns);
  return (
    <pre className="typedoc-import typedoc-signature" tabIndex={0}>
      <TypeTokens tokens={tokens} />
    </pre>
  );
}

/** The table of contents of a symbol page: its sections, and each member, property, prop or parameter. */
export function symbolToc(symbol: SdkSymbol): TocEntry[] {
  const entries: TocEntry[] = [];
  const rows = (text: string, id: string, names: readonly { name: string }[]) => {
    entries.push({ depth: 2, text, id }, ...names.map((row) => ({ depth: 3 as const, text: row.name, id: row.name })));
  };
  if (symbol.kind === 'variable' || symbol.kind === 'type') entries.push({ depth: 2, text: 'Type', id: 'type' });
  if (symbol.kind === 'function') entries.push({ depth: 2, text: 'Signature', id: 'signature' });
  if (symbol.examples.length > 0) entries.push({ depth: 2, text: 'Example', id: 'example' });
  if (symbol.kind === 'class') entries.push(...classToc(symbol));
  if (symbol.kind === 'interface' && (symbol.extends.length > 0 || symbol.extendedBy.length > 0))
    entries.push({ depth: 2, text: 'Hierarchy', id: 'hierarchy' });
  if (symbol.kind === 'enum') rows('Members', 'members', symbol.members);
  if (symbol.kind === 'interface')
    rows(
      'Properties',
      'properties',
      symbol.properties.filter((property) => !property.name.startsWith('[')),
    );
  if (symbol.kind === 'function' && symbol.props) rows('Props', 'props', symbol.props.properties);
  if (symbol.kind === 'function' && !symbol.props && symbol.parameters.length > 0)
    rows('Parameters', 'parameters', symbol.parameters);
  if (symbol.usedBy.length > 0) entries.push({ depth: 2, text: 'Used by', id: 'used-by' });
  return entries;
}

function importLineOf(symbol: SdkSymbol, packageName: string): string {
  const typeOnly = symbol.kind === 'interface' || symbol.kind === 'type';
  return `import ${typeOnly ? 'type ' : ''}{ ${symbol.name} } from '${packageName}';`;
}

/** One export of an SDK package (a class, enum, interface, function or component, constant or type alias), generated from its source. */
export function SymbolPage({
  symbol,
  reference,
}: {
  symbol: SdkSymbol;
  reference: Pick<SdkReference, 'packageName' | 'version'>;
}) {
  const { packageName, version } = reference;
  return (
    <DocLayout
      area="sdk"
      url={symbol.url}
      title={symbol.name}
      toc={symbolToc(symbol)}
      meta={
        <a
          className="doc__edit"
          href={`${siteConfig.sourceUrlBase}${symbol.source.file}#L${symbol.source.line}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Defined in {symbol.source.file}:{symbol.source.line}
        </a>
      }
    >
      <SymbolIntro symbol={symbol} packageName={packageName} version={version} />
      <SymbolSections symbol={symbol} />
    </DocLayout>
  );
}

/** What the symbol is, where it comes from, whether it is deprecated, what it does, and how to import it. */
function SymbolIntro({ symbol, packageName, version }: { symbol: SdkSymbol; packageName: string; version: string }) {
  return (
    <>
      <p className="typedoc-kind">
        <span className="badge">{kindLabel(symbol)}</span> in{' '}
        <Link href={`/sdk/packages/${packageName}`}>{packageName}</Link> {version}
      </p>
      {symbol.deprecated ? (
        <Admonition type="warning" title="Deprecated">
          <Html block={symbol.deprecated} />
        </Admonition>
      ) : null}
      <Html block={symbol.description} />
      {symbol.notInContract ? (
        <Admonition type="info" title="Not in the API contract">
          <Html block={symbol.notInContract} />
        </Admonition>
      ) : null}
      {symbol.apiSchema ? (
        <p className="typedoc-api-link">
          The REST view of this type:{' '}
          <Link href={`/api#schema/${symbol.apiSchema}`}>
            the <code>{symbol.apiSchema}</code> schema
          </Link>{' '}
          in the API reference.
        </p>
      ) : null}
      <pre className="typedoc-import" tabIndex={0}>
        <code>{importLineOf(symbol, packageName)}</code>
      </pre>
    </>
  );
}

/** The symbol's sections, as its kind has them: type or signature, example, members, properties, inputs, users. */
function SymbolSections({ symbol }: { symbol: SdkSymbol }) {
  return (
    <>
      {symbol.kind === 'variable' || symbol.kind === 'type' ? (
        <>
          <h2 id="type">Type</h2>
          <pre className="typedoc-import typedoc-signature" tabIndex={0}>
            <TypeTokens
              tokens={[
                { text: symbol.kind === 'type' ? `type ${symbol.name} = ` : `const ${symbol.name}: ` },
                ...symbol.type,
              ]}
            />
          </pre>
        </>
      ) : null}
      {symbol.kind === 'function' ? (
        <>
          <h2 id="signature">Signature</h2>
          <Signature symbol={symbol} />
        </>
      ) : null}
      {symbol.examples.length > 0 ? (
        <>
          <h2 id="example">Example</h2>
          <Examples examples={symbol.examples} />
        </>
      ) : null}
      {symbol.kind === 'class' ? <ClassSections symbol={symbol} /> : null}
      {symbol.kind === 'interface' ? <Hierarchy symbol={symbol} /> : null}
      {symbol.kind === 'enum' ? (
        <>
          <h2 id="members">Members</h2>
          <MembersTable symbol={symbol} />
        </>
      ) : null}
      {symbol.kind === 'interface' ? (
        <>
          <h2 id="properties">Properties</h2>
          <PropertiesTable properties={symbol.properties} />
        </>
      ) : null}
      {symbol.kind === 'function' ? <FunctionInputs symbol={symbol} /> : null}
      {symbol.usedBy.length > 0 ? (
        <>
          <h2 id="used-by">Used by</h2>
          <UsageList usages={symbol.usedBy} />
        </>
      ) : null}
    </>
  );
}

/** An interface's place among others: what it extends, and what extends it. */
function Hierarchy({ symbol }: { symbol: SdkInterface }) {
  if (symbol.extends.length === 0 && symbol.extendedBy.length === 0) return null;
  return (
    <>
      <h2 id="hierarchy">Hierarchy</h2>
      <ExtendsLine types={symbol.extends} />
      {symbol.extendedBy.length > 0 ? (
        <>
          <p>Extended by</p>
          <UsageList usages={symbol.extendedBy} />
        </>
      ) : null}
    </>
  );
}

/** A component's props (its props type and their table), or a function's parameters and result. */
function FunctionInputs({ symbol }: { symbol: SdkFunction }) {
  return (
    <>
      {symbol.props ? (
        <>
          <h2 id="props">Props</h2>
          <p>
            Of type <TypeTokens tokens={symbol.props.type} />
            {symbol.props.properties.length > 0 ? ':' : '.'}
          </p>
          {symbol.props.properties.length > 0 ? (
            <PropertiesTable properties={symbol.props.properties} label="Prop" />
          ) : null}
        </>
      ) : null}
      {!symbol.props && symbol.parameters.length > 0 ? (
        <>
          <h2 id="parameters">Parameters</h2>
          <ParametersTable parameters={symbol.parameters} />
          <p>
            Returns <TypeTokens tokens={symbol.returns} />.
          </p>
        </>
      ) : null}
    </>
  );
}
