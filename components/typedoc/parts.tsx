import Link from 'next/link';
import { HighlightedCodeBlock } from '@/components/mdx/code-block';
import { CopyButton } from '@/components/ui/copy-button.client';
import { DataTable } from '@/components/ui/data-table';
import type { SdkFunction, SdkProperty, SdkUsage, TextBlock, TypeToken } from '@/lib/typedoc/model';
import { TypeTokens } from './type-tokens';

// The parts the TypeDoc pages share: a comment's HTML, usage lists, examples, and the property and parameter tables.
export function Html({ block, className }: { block: TextBlock | undefined; className?: string }) {
  return block ? <div className={className} dangerouslySetInnerHTML={{ __html: block.html }} /> : null;
}

export function UsageList({ usages }: { usages: readonly SdkUsage[] }) {
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

/** `@example` blocks, highlighted at build time, each with a copy button. */
export function Examples({ examples }: { examples: readonly { code: string; html?: string }[] }) {
  return examples.map((example, index) =>
    example.html ? (
      <HighlightedCodeBlock key={index} html={example.html} language="ts" />
    ) : (
      <figure key={index} className="code-block" data-language="ts">
        <div className="code-block__body">
          <pre>
            <code>{example.code}</code>
          </pre>
          <CopyButton />
        </div>
      </figure>
    ),
  );
}

export function PropertiesTable({
  properties,
  label = 'Property',
}: {
  properties: readonly SdkProperty[];
  label?: string;
}) {
  return (
    <DataTable
      className="typedoc-table"
      rows={properties}
      rowKey={(property) => property.name}
      rowAttributes={(property) => ({ id: property.name, className: 'typedoc-row' })}
      columns={[
        {
          header: label,
          cell: (property) => (
            <>
              <code>
                {property.readonly ? 'readonly ' : ''}
                {property.name}
                {property.optional ? '?' : ''}
              </code>
              <span className="typedoc-flags">
                {property.optional ? null : <span className="badge badge--required">required</span>}
                {property.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
              </span>
            </>
          ),
        },
        { header: 'Type', cell: (property) => <TypeTokens tokens={property.type} /> },
        {
          header: 'Description',
          cell: (property) => (
            <>
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
            </>
          ),
        },
      ]}
    />
  );
}

/** Parameters, each row with an anchor: the name, or `{idPrefix}-{name}` where a page has several tables of them. */
export function ParametersTable({
  parameters,
  idPrefix,
}: {
  parameters: SdkFunction['parameters'];
  idPrefix?: string;
}) {
  return (
    <DataTable
      className="typedoc-table"
      rows={parameters}
      rowKey={(parameter) => parameter.name}
      rowAttributes={(parameter) => ({
        id: idPrefix ? `${idPrefix}-${parameter.name}` : parameter.name,
        className: 'typedoc-row',
      })}
      columns={[
        {
          header: 'Parameter',
          cell: (parameter) => (
            <code>
              {parameter.name}
              {parameter.optional ? '?' : ''}
            </code>
          ),
        },
        { header: 'Type', cell: (parameter) => <TypeTokens tokens={parameter.type} /> },
        { header: 'Description', cell: (parameter) => <Html block={parameter.description} /> },
      ]}
    />
  );
}

/** "Extends A, B.": the types a class or interface extends, linked; nothing when it extends none. */
export function ExtendsLine({ types }: { types: readonly (readonly TypeToken[])[] }) {
  if (types.length === 0) return null;
  return (
    <p>
      Extends{' '}
      {types.map((tokens, index) => (
        <span key={index}>
          {index > 0 ? ', ' : null}
          <TypeTokens tokens={tokens} />
        </span>
      ))}
      .
    </p>
  );
}
