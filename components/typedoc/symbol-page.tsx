import Link from 'next/link';
import { DocLayout } from '@/components/docs/doc-layout';
import { Admonition } from '@/components/mdx/admonition';
import { CopyButton } from '@/components/mdx/copy-button.client';
import type { TocEntry } from '@/lib/content/toc';
import { siteConfig } from '@/lib/site';
import type { SdkEnum, SdkInterface, SdkSymbol, SdkUsage, TextBlock } from '@/lib/typedoc/model';
import { TypeTokens } from './type-tokens';
import { TableScroll } from '@/components/mdx/table-scroll';

function Html({ block, className }: { block: TextBlock | undefined; className?: string }) {
  return block ? <div className={className} dangerouslySetInnerHTML={{ __html: block.html }} /> : null;
}

function UsageList({ usages }: { usages: readonly SdkUsage[] }) {
  return (
    <ul className="typedoc-usages">
      {usages.map((usage) => (
        <li key={usage.label}>
          <Link href={usage.href}>
            <code>{usage.label}</code>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Examples({ symbol }: { symbol: SdkSymbol }) {
  return symbol.examples.map((example, index) => (
    <figure key={index} className="code-block" data-language="ts">
      <div className="code-block__body">
        {example.html ? <div dangerouslySetInnerHTML={{ __html: example.html }} /> : <pre><code>{example.code}</code></pre>}
        <CopyButton />
      </div>
    </figure>
  ));
}

function MembersTable({ symbol }: { symbol: SdkEnum }) {
  return (
    <TableScroll>
      <table className="typedoc-table">
        <thead>
          <tr>
            <th>Member</th>
            <th>Value</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          {symbol.members.map((member) => (
            <tr key={member.name} id={member.name} className="typedoc-row">
              <td>
                <code>{member.name}</code>
                {member.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
              </td>
              <td>
                <code>{`'${member.value}'`}</code>
              </td>
              <td>
                <Html block={member.description} />
                {member.deprecated ? <Html block={member.deprecated} className="typedoc-deprecated" /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PropertiesTable({ symbol }: { symbol: SdkInterface }) {
  return (
    <TableScroll>
      <table className="typedoc-table">
        <thead>
          <tr>
            <th>Property</th>
            <th>Type</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          {symbol.properties.map((property) => (
            <tr key={property.name} id={property.name} className="typedoc-row">
              <td>
                <code>
                  {property.readonly ? 'readonly ' : ''}
                  {property.name}
                  {property.optional ? '?' : ''}
                </code>
                <span className="typedoc-flags">
                  {property.optional ? null : <span className="badge badge--required">required</span>}
                  {property.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
                </span>
              </td>
              <td>
                <TypeTokens tokens={property.type} />
              </td>
              <td>
                <Html block={property.description} />
                {property.deprecated ? (
                  <div className="typedoc-deprecated">
                    <strong>Deprecated.</strong> <Html block={property.deprecated} />
                  </div>
                ) : null}
                {property.example ? (
                  <p className="typedoc-example">
                    Example: <code>{property.example}</code>
                  </p>
                ) : null}
                {property.inheritedFrom ? (
                  <p className="typedoc-inherited">
                    Inherited from <TypeTokens tokens={[property.inheritedFrom]} />
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The table of contents of a symbol page: its sections, and each member or property. */
export function symbolToc(symbol: SdkSymbol): TocEntry[] {
  const rows = symbol.kind === 'enum' ? symbol.members : symbol.properties.filter((property) => !property.name.startsWith('['));
  const entries: TocEntry[] = [];
  if (symbol.examples.length > 0) entries.push({ depth: 2, text: 'Example', id: 'example' });
  if (symbol.kind === 'interface' && (symbol.extends.length > 0 || symbol.extendedBy.length > 0)) entries.push({ depth: 2, text: 'Hierarchy', id: 'hierarchy' });
  entries.push({ depth: 2, text: symbol.kind === 'enum' ? 'Members' : 'Properties', id: symbol.kind === 'enum' ? 'members' : 'properties' });
  entries.push(...rows.map((row) => ({ depth: 3 as const, text: row.name, id: row.name })));
  if (symbol.usedBy.length > 0) entries.push({ depth: 2, text: 'Used by', id: 'used-by' });
  return entries;
}

/** One enum or interface of kilowise-client, generated from its source. */
export function SymbolPage({ symbol, version }: { symbol: SdkSymbol; version: string }) {
  const kindLabel = symbol.kind === 'enum' ? 'Enumeration' : 'Interface';
  const importLine = `import ${symbol.kind === 'interface' ? 'type ' : ''}{ ${symbol.name} } from 'kilowise-client';`;
  return (
    <DocLayout
      area="sdk"
      url={symbol.url}
      title={symbol.name}
      toc={symbolToc(symbol)}
      meta={
        <a className="doc__edit" href={`${siteConfig.sourceUrlBase}${symbol.source.file}#L${symbol.source.line}`} target="_blank" rel="noopener noreferrer">
          Defined in {symbol.source.file}:{symbol.source.line}
        </a>
      }
    >
      <p className="typedoc-kind">
        <span className="badge">{kindLabel}</span> in <Link href="/sdk/packages/kilowise-client">kilowise-client</Link> {version}
      </p>
      {symbol.deprecated ? (
        <Admonition type="warning" title="Deprecated">
          <Html block={symbol.deprecated} />
        </Admonition>
      ) : null}
      <Html block={symbol.description} />
      {symbol.apiSchema ? (
        <p className="typedoc-api-link">
          The REST view of this type: <Link href={`/api#schema/${symbol.apiSchema}`}>the <code>{symbol.apiSchema}</code> schema</Link> in the API reference.
        </p>
      ) : null}
      <pre className="typedoc-import" tabIndex={0}>
        <code>{importLine}</code>
      </pre>
      {symbol.examples.length > 0 ? (
        <>
          <h2 id="example">Example</h2>
          <Examples symbol={symbol} />
        </>
      ) : null}
      {symbol.kind === 'interface' && (symbol.extends.length > 0 || symbol.extendedBy.length > 0) ? (
        <>
          <h2 id="hierarchy">Hierarchy</h2>
          {symbol.extends.length > 0 ? (
            <p>
              Extends{' '}
              {symbol.extends.map((tokens, index) => (
                <span key={index}>
                  {index > 0 ? ', ' : null}
                  <TypeTokens tokens={tokens} />
                </span>
              ))}
            </p>
          ) : null}
          {symbol.extendedBy.length > 0 ? (
            <>
              <p>Extended by</p>
              <UsageList usages={symbol.extendedBy} />
            </>
          ) : null}
        </>
      ) : null}
      {symbol.kind === 'enum' ? (
        <>
          <h2 id="members">Members</h2>
          <MembersTable symbol={symbol} />
        </>
      ) : (
        <>
          <h2 id="properties">Properties</h2>
          <PropertiesTable symbol={symbol} />
        </>
      )}
      {symbol.usedBy.length > 0 ? (
        <>
          <h2 id="used-by">Used by</h2>
          <UsageList usages={symbol.usedBy} />
        </>
      ) : null}
    </DocLayout>
  );
}
