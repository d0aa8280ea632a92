import type { SchemaNode } from '@/lib/openapi/model';

/** A short type label: `string (date-time)`, `array of ApiDevice`, `map of number`. */
export function typeLabel(node: SchemaNode): string {
  const base = (() => {
    switch (node.kind) {
      case 'primitive':
        // A named enum or alias reads better by its name, e.g. `VehicleChargingBehavior (string)`.
        if (node.refName) return `${node.refName} (${node.type ?? 'string'})`;
        return `${node.type ?? 'string'}${node.format ? ` (${node.format})` : ''}`;
      case 'array':
        return `array of ${node.items ? typeLabel(node.items) : 'any'}`;
      case 'map':
        return `map of ${node.values ? typeLabel(node.values) : 'any'}`;
      case 'object':
        return node.refName ?? 'object';
      case 'circular':
        return node.refName ?? 'object';
      case 'any':
        return 'any';
      default:
        return node.kind;
    }
  })();
  return node.nullable ? `${base} or null` : base;
}

function Flags({ node, required }: { node: SchemaNode; required?: boolean }) {
  return (
    <>
      {required ? <span className="badge badge--required">required</span> : null}
      {node.readOnly ? <span className="badge">read only</span> : null}
      {node.writeOnly ? <span className="badge">write only</span> : null}
      {node.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
    </>
  );
}

/** Enum values, default, pattern, bounds and example of one node. */
export function Constraints({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.enum ? (
        <div className="schema__enum">
          <span className="schema__label">Values:</span>{' '}
          <ul className="schema__values">
            {node.enum.map((value) => (
              <li key={value}>
                <code>{value}</code>{' '}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {node.default !== undefined ? (
        <div className="schema__meta">
          <span className="schema__label">Default:</span> <code>{node.default}</code>
        </div>
      ) : null}
      {node.pattern ? (
        <div className="schema__meta">
          <span className="schema__label">Pattern:</span> <code>{node.pattern}</code>
        </div>
      ) : null}
      {node.minimum !== undefined || node.maximum !== undefined ? (
        <div className="schema__meta">
          <span className="schema__label">Range:</span> {node.minimum ?? '…'} to {node.maximum ?? '…'}
        </div>
      ) : null}
      {node.example !== undefined ? (
        <div className="schema__meta">
          <span className="schema__label">Example:</span> <code>{node.example}</code>
        </div>
      ) : null}
    </>
  );
}

function TypeName({ node }: { node: SchemaNode }) {
  const label = typeLabel(node);
  const target = node.kind === 'array' ? node.items?.refName : node.kind === 'map' ? node.values?.refName : node.refName;
  return target ? (
    <a className="schema__type" href={`#schema/${target}`}>
      {label}
    </a>
  ) : (
    <span className="schema__type">{label}</span>
  );
}

/** The children of a node: properties of an object (or of array items), variants, map values. */
function Children({ node, depth }: { node: SchemaNode; depth: number }) {
  if (node.kind === 'circular') {
    return (
      <p className="schema__circular">
        ↻ Circular reference to <a href={`#schema/${node.refName}`}>{node.refName}</a>
      </p>
    );
  }
  if (node.kind === 'array' && node.items) return <Children node={node.items} depth={depth} />;
  if (node.kind === 'map' && node.values && node.values.kind !== 'primitive') return <Children node={node.values} depth={depth} />;
  if (node.variants) {
    const word = node.kind === 'oneOf' ? 'One of' : node.kind === 'anyOf' ? 'Any of' : 'All of';
    return (
      <div className="schema__variants">
        <p className="schema__label">{word}:</p>
        <ol>
          {node.variants.map((variant, index) => (
            <li key={index}>
              <TypeName node={variant} />
              <Children node={variant} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (node.kind !== 'object' || !node.properties || node.properties.length === 0) return null;
  return (
    <ul className="schema__properties">
      {node.properties.map((property) => (
        <PropertyRow key={property.name} name={property.name} required={property.required} node={property.node} depth={depth} />
      ))}
    </ul>
  );
}

function hasChildren(node: SchemaNode): boolean {
  if (node.kind === 'circular' || node.variants) return true;
  if (node.kind === 'array') return node.items ? hasChildren(node.items) : false;
  if (node.kind === 'map') return node.values ? node.values.kind !== 'primitive' && hasChildren(node.values) : false;
  return node.kind === 'object' && (node.properties?.length ?? 0) > 0;
}

function PropertyRow({ name, required, node, depth }: { name: string; required: boolean; node: SchemaNode; depth: number }) {
  const head = (
    <>
      <code className="schema__name">{name}</code> <TypeName node={node} /> <Flags node={node} required={required} />
    </>
  );
  const body = (
    <>
      {node.descriptionHtml ? <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} /> : null}
      <Constraints node={node} />
    </>
  );
  if (!hasChildren(node)) {
    return (
      <li className={`schema__property${node.deprecated ? ' schema__property--deprecated' : ''}`}>
        <div className="schema__head">{head}</div>
        {body}
      </li>
    );
  }
  return (
    <li className={`schema__property${node.deprecated ? ' schema__property--deprecated' : ''}`}>
      {/* Native disclosure: nested levels open and close with no JavaScript. */}
      <details open={depth < 1}>
        <summary className="schema__head">{head}</summary>
        {body}
        <Children node={node} depth={depth + 1} />
      </details>
    </li>
  );
}

/** A schema as a tree: nested objects and arrays, enums, compositions, flags and circular markers. */
export function SchemaTree({ node }: { node: SchemaNode }) {
  return (
    <div className="schema">
      <div className="schema__root">
        <TypeName node={node} /> <Flags node={node} />
      </div>
      {node.descriptionHtml ? <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} /> : null}
      <Constraints node={node} />
      <Children node={node} depth={0} />
    </div>
  );
}
