import Link from 'next/link';
import { Admonition } from '@/components/mdx/admonition';
import type { TocEntry } from '@/lib/content/toc';
import type { SdkClass, SdkMethod, TypeToken } from '@/lib/typedoc/model';
import { Examples, ExtendsLine, Html, ParametersTable, PropertiesTable } from './parts';
import { TypeTokens } from './type-tokens';

/** `name(a: A, b?: B): R`, its types linked. */
function callTokens(prefix: string, parameters: SdkMethod['parameters'], returns?: readonly TypeToken[]): TypeToken[] {
  const tokens: TypeToken[] = [{ text: `${prefix}(` }];
  parameters.forEach((parameter, index) =>
    tokens.push(
      { text: `${index > 0 ? ', ' : ''}${parameter.name}${parameter.optional ? '?' : ''}: ` },
      ...parameter.type,
    ),
  );
  tokens.push({ text: ')' });
  if (returns) tokens.push({ text: ': ' }, ...returns);
  return tokens;
}

function Throws({ blocks }: { blocks: SdkMethod['throws'] }) {
  if (blocks.length === 0) return null;
  return (
    <div className="typedoc-throws">
      <p>Throws:</p>
      <ul>
        {blocks.map((block, index) => (
          <li key={index} dangerouslySetInnerHTML={{ __html: block.html.replace(/^<p>|<\/p>$/g, '') }} />
        ))}
      </ul>
    </div>
  );
}

function Method({ method }: { method: SdkMethod }) {
  return (
    <section className="typedoc-method" aria-labelledby={method.name}>
      <h3 id={method.name}>
        <code>{method.name}()</code>
      </h3>
      <pre className="typedoc-import typedoc-signature" tabIndex={0}>
        <TypeTokens tokens={callTokens(method.name, method.parameters, method.returns)} />
      </pre>
      {method.deprecated ? (
        <Admonition type="warning" title="Deprecated">
          <Html block={method.deprecated} />
        </Admonition>
      ) : null}
      <Html block={method.description} />
      {method.operationId ? (
        <p>
          Calls <Link href={`/api#operation/${method.operationId}`}>{method.operationId}</Link> of the API.
        </p>
      ) : null}
      {method.parameters.length > 0 ? <ParametersTable parameters={method.parameters} idPrefix={method.name} /> : null}
      <p>
        Returns <TypeTokens tokens={method.returns} />.
      </p>
      <Throws blocks={method.throws} />
      <Examples examples={method.examples} />
    </section>
  );
}

/** The sections of a class's page: what it extends, its constructor, its properties and its methods. */
export function ClassSections({ symbol }: { symbol: SdkClass }) {
  return (
    <>
      <ExtendsLine types={symbol.extends} />
      {symbol.constructorParameters ? (
        <>
          <h2 id="constructor">Constructor</h2>
          <pre className="typedoc-import typedoc-signature" tabIndex={0}>
            <TypeTokens tokens={callTokens(`new ${symbol.name}`, symbol.constructorParameters)} />
          </pre>
          {symbol.constructorParameters.length > 0 ? (
            <ParametersTable parameters={symbol.constructorParameters} idPrefix="constructor" />
          ) : null}
          <Throws blocks={symbol.constructorThrows} />
        </>
      ) : null}
      {symbol.properties.length > 0 ? (
        <>
          <h2 id="properties">Properties</h2>
          <PropertiesTable properties={symbol.properties} />
        </>
      ) : null}
      {symbol.methods.length > 0 ? (
        <>
          <h2 id="methods">Methods</h2>
          {symbol.methods.map((method) => (
            <Method key={method.name} method={method} />
          ))}
        </>
      ) : null}
    </>
  );
}

/** The table of contents of a class's sections. */
export function classToc(symbol: SdkClass): TocEntry[] {
  return [
    ...(symbol.constructorParameters ? [{ depth: 2 as const, text: 'Constructor', id: 'constructor' }] : []),
    ...(symbol.properties.length > 0
      ? [
          { depth: 2 as const, text: 'Properties', id: 'properties' },
          ...symbol.properties.map((property) => ({ depth: 3 as const, text: property.name, id: property.name })),
        ]
      : []),
    ...(symbol.methods.length > 0
      ? [
          { depth: 2 as const, text: 'Methods', id: 'methods' },
          ...symbol.methods.map((method) => ({ depth: 3 as const, text: `${method.name}()`, id: method.name })),
        ]
      : []),
  ];
}
