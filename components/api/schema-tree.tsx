import { Fragment } from 'react';
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
          Values:{' '}
          {node.enum.map((value) => (
            <Fragment key={value}>
              <code>{value}</code>{' '}
            </Fragment>
          ))}
        </div>
      ) : null}
      {node.default !== undefined ? (
        <div className="schema__meta">
          Default: <code>{node.default}</code>
        </div>
      ) : null}
      {node.pattern ? (
        <div className="schema__meta">
          Pattern: <code>{node.pattern}</code>
        </div>
      ) : null}
      {node.minimum !== undefined || node.maximum !== undefined ? (
        <div className="schema__meta">
          Range: {node.minimum ?? '…'} to {node.maximum ?? '…'}
        </div>
      ) : null}
      {node.example !== undefined ? (
        <div className="schema__meta">
          Example: <code>{node.example}</code>
        </div>
      ) : null}
    </>
  );
}

/** The component schema a node names: its own, or its items' or values' for an array or a map. */
function namedTarget(node: SchemaNode): string | undefined {
  return node.kind === 'array' ? node.items?.refName : node.kind === 'map' ? node.values?.refName : node.refName;
}

function TypeName({ node }: { node: SchemaNode }) {
  const label = typeLabel(node);
  const target = namedTarget(node);
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
              {variant.refName && hasChildren(variant) ? <ChildrenDisclosure node={variant} depth={depth + 1} /> : <Children node={variant} depth={depth + 1} />}
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

/** What the disclosure of a node's children says: `3 fields`, `2 variants`. */
function childrenLabel(node: SchemaNode): string {
  if (node.kind === 'circular') return 'Circular reference';
  if (node.kind === 'array' && node.items) return `${childrenLabel(node.items)} of each item`;
  if (node.kind === 'map' && node.values) return `${childrenLabel(node.values)} of each value`;
  if (node.variants) return `${node.variants.length} variant${node.variants.length === 1 ? '' : 's'}`;
  const count = node.properties?.length ?? 0;
  return `${count} field${count === 1 ? '' : 's'}`;
}

/**
 * A property's children behind a native disclosure (no JavaScript needed to open it). The summary holds
 * only its label, so no link sits inside the control that toggles it. A named component schema is not
 * copied here: it is rendered once, in its own section, and the disclosure holds a link to it, which the
 * page's script replaces with a copy of that section's fields when the reader opens it.
 */
function ChildrenDisclosure({ node, depth }: { node: SchemaNode; depth: number }) {
  const target = node.kind === 'circular' ? undefined : namedTarget(node);
  if (target) {
    return (
      <details className="schema__children" data-schema-ref={target}>
        <summary className="schema__toggle">{childrenLabel(node)}</summary>
        The fields of <a href={`#schema/${target}`}>{target}</a>.
      </details>
    );
  }
  return (
    <details className="schema__children" open={depth < 1}>
      <summary className="schema__toggle">{childrenLabel(node)}</summary>
      <Children node={node} depth={depth + 1} />
    </details>
  );
}

function PropertyRow({ name, required, node, depth }: { name: string; required: boolean; node: SchemaNode; depth: number }) {
  return (
    <li className={`schema__property${node.deprecated ? ' schema__property--deprecated' : ''}`}>
      <div className="schema__head">
        <code className="schema__name">{name}</code> <TypeName node={node} /> <Flags node={node} required={required} />
      </div>
      {node.descriptionHtml ? <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} /> : null}
      <Constraints node={node} />
      {hasChildren(node) ? <ChildrenDisclosure node={node} depth={depth} /> : null}
    </li>
  );
}

/**
 * A schema as a tree: nested objects and arrays, enums, compositions, flags and circular markers. A named
 * component schema shows its description and fields only in its own section (`isSection`); everywhere else
 * its fields sit behind a disclosure that copies them from there when opened, so the page holds each
 * schema once.
 */
export function SchemaTree({ node, isSection = false, brief = false }: { node: SchemaNode; isSection?: boolean; brief?: boolean }) {
  const referred = !isSection && node.kind !== 'circular' && namedTarget(node) !== undefined && hasChildren(node);
  if (referred) {
    // The schema's own description is in its section, a click away. A brief tree (an error body, whose
    // example shows it whole) is just that link.
    return (
      <div className="schema">
        <div className="schema__root">
          <TypeName node={node} /> <Flags node={node} />
        </div>
        {brief ? null : <ChildrenDisclosure node={node} depth={0} />}
      </div>
    );
  }
  return (
    <div className="schema">
      <div className="schema__root">
        <TypeName node={node} /> <Flags node={node} />
      </div>
      {node.descriptionHtml ? <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} /> : null}
      <Constraints node={node} />
      <div className="schema__body">
        <Children node={node} depth={0} />
      </div>
    </div>
  );
}
