// What the schema tree (schema-tree.tsx) says of one node: its type in words, its flags (required, read-only,
// deprecated, …), its values and constraints, and the name of the schema it refers to.
import { Fragment } from 'react';
import type { SchemaNode } from '@/lib/openapi/model';
import { resolveRef, type SchemaIndex } from '@/lib/openapi/schema-index';

/**
 * A ref to a leaf schema (a named enum or string format) read as that leaf with the ref's own annotations on
 * top, so its values and constraints show where it is used; any other node as it is.
 */
function asLeaf(node: SchemaNode, index: SchemaIndex): SchemaNode {
  if (node.kind !== 'ref') return node;
  const target = resolveRef(node, index);
  if (target?.kind !== 'primitive') return node;
  return { ...target, ...node, kind: 'primitive', type: target.type };
}

/** A short type label: `string (date-time)`, `array of ApiDevice`, `map of number`, `VehicleChargingBehavior (string)`. */
export function typeLabel(node: SchemaNode, index: SchemaIndex, depth = 0): string {
  const base = (() => {
    switch (node.kind) {
      case 'ref': {
        const name = node.refName ?? 'object';
        const target = resolveRef(node, index);
        // A named enum or alias reads better by its name, e.g. `VehicleChargingBehavior (string)`.
        if (target?.kind === 'primitive') return `${name} (${target.type ?? 'string'})`;
        if (depth < 2 && (target?.kind === 'array' || target?.kind === 'map'))
          return `${name} (${typeLabel(target, index, depth + 1)})`;
        return name;
      }
      case 'primitive':
        return `${node.type ?? 'string'}${node.format ? ` (${node.format})` : ''}`;
      case 'array':
        if (node.prefixItems) return `tuple of ${node.prefixItems.length}${node.items ? ' or more' : ''}`;
        return `array of ${node.items ? typeLabel(node.items, index, depth + 1) : 'any'}`;
      case 'map':
        return `map of ${node.values ? typeLabel(node.values, index, depth + 1) : 'any'}`;
      case 'object':
        return 'object';
      case 'circular':
        return 'object (recursive)';
      case 'any':
        return 'any';
      default:
        return node.kind;
    }
  })();
  return node.nullable ? `${base} or null` : base;
}

export function Flags({ node, required }: { node: SchemaNode; required?: boolean }) {
  return (
    <>
      {required ? <span className="badge badge--required">required</span> : null}
      {node.readOnly ? <span className="badge">read only</span> : null}
      {node.writeOnly ? <span className="badge">write only</span> : null}
      {node.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
    </>
  );
}

function Values({ label, values }: { label: string; values: readonly string[] }) {
  return (
    <div className="schema__enum">
      {label}:{' '}
      {values.map((value, position) => (
        <Fragment key={position}>
          <code>{value}</code>{' '}
        </Fragment>
      ))}
    </div>
  );
}

/** Enum values, constant, default, pattern, bounds, examples, discriminator and unshown keywords of one node. */
export function Constraints({ node: given, index }: { node: SchemaNode; index: SchemaIndex }) {
  const node = asLeaf(given, index);
  return (
    <>
      {node.enum ? <Values label="Values" values={node.enum} /> : null}
      {node.const !== undefined ? (
        <div className="schema__meta">
          Always <code>{node.const}</code>
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
      {node.examples ? (
        <Values label={node.examples.length === 1 ? 'Example' : 'Examples'} values={node.examples} />
      ) : null}
      {node.discriminator && node.kind !== 'oneOf' && node.kind !== 'anyOf' ? (
        <div className="schema__meta">
          Subtypes by <code>{node.discriminator.propertyName}</code>:{' '}
          {node.discriminator.mapping.map((entry, position) => (
            <Fragment key={entry.value}>
              {position > 0 ? ', ' : null}
              <code>{entry.value}</code> → <a href={`#schema/${entry.refName}`}>{entry.refName}</a>
            </Fragment>
          ))}
        </div>
      ) : null}
      {node.unsupported ? (
        <div className="schema__meta schema__unsupported">
          Also constrained by{' '}
          {node.unsupported.map((keyword, position) => (
            <Fragment key={keyword}>
              {position > 0 ? ', ' : null}
              <code>{keyword}</code>
            </Fragment>
          ))}{' '}
          (not shown here; see the OpenAPI document)
        </div>
      ) : null}
    </>
  );
}

/** The component schema a node names: its own, or its items' or values' for an array or a map. */
export function namedTarget(node: SchemaNode): string | undefined {
  if (node.kind === 'ref') return node.refName;
  if (node.kind === 'array' && !node.prefixItems) return node.items?.kind === 'ref' ? node.items.refName : undefined;
  if (node.kind === 'map') return node.values?.kind === 'ref' ? node.values.refName : undefined;
  return undefined;
}

export function TypeName({ node, index }: { node: SchemaNode; index: SchemaIndex }) {
  const label = typeLabel(node, index);
  const target = namedTarget(node);
  return target ? (
    <a className="schema__type" href={`#schema/${target}`}>
      {label}
    </a>
  ) : (
    <span className="schema__type">{label}</span>
  );
}
