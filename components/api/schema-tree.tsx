import { Fragment } from 'react';
import type { SchemaNode } from '@/lib/openapi/model';
import { resolveRef, type SchemaIndex } from '@/lib/openapi/schema-index';
import { Constraints, Flags, namedTarget, typeLabel, TypeName } from './schema-node';

export type { SchemaIndex };
export { Constraints, typeLabel };

/** The values of a discriminator's property that select the variant `refName`. */
function selectors(node: SchemaNode, variant: SchemaNode): string[] {
  if (!node.discriminator || variant.kind !== 'ref') return [];
  return node.discriminator.mapping.filter((entry) => entry.refName === variant.refName).map((entry) => entry.value);
}

/** The children of a node: properties of an object (or of array items), tuple items, variants, map values. */
function Children({ node, index, depth }: { node: SchemaNode; index: SchemaIndex; depth: number }) {
  if (node.kind === 'circular') {
    return (
      <p className="schema__circular">
        ↻ Refers back to the enclosing schema <code>{node.pointer}</code>
      </p>
    );
  }
  if (node.kind === 'array' && node.prefixItems) return <TupleItems node={node} index={index} depth={depth} />;
  if (node.kind === 'array' && node.items) return <Children node={node.items} index={index} depth={depth} />;
  if (node.kind === 'map' && node.values && node.values.kind !== 'primitive')
    return <Children node={node.values} index={index} depth={depth} />;
  if (node.variants) return <Variants node={node} index={index} depth={depth} />;
  if (node.kind !== 'object') return null;
  return <Properties node={node} index={index} depth={depth} />;
}

/** A tuple's items in order (`prefixItems`), then what any further item is, or that there is none. */
function TupleItems({ node, index, depth }: { node: SchemaNode; index: SchemaIndex; depth: number }) {
  return (
    <div className="schema__variants">
      <p className="schema__label">Items in order:</p>
      <ol>
        {(node.prefixItems ?? []).map((item, position) => (
          <Variant key={position} node={item} index={index} depth={depth} />
        ))}
      </ol>
      {node.items ? (
        <>
          <p className="schema__label">
            Then any number of <TypeName node={node.items} index={index} />
          </p>
          {hasChildren(node.items, index) ? (
            <ChildrenDisclosure node={node.items} index={index} depth={depth + 1} />
          ) : null}
        </>
      ) : (
        <p className="schema__label">No further items.</p>
      )}
    </div>
  );
}

/** A composition's variants (one of, any of, all of), with the discriminator that chooses between them. */
function Variants({ node, index, depth }: { node: SchemaNode; index: SchemaIndex; depth: number }) {
  const word = node.kind === 'oneOf' ? 'One of' : node.kind === 'anyOf' ? 'Any of' : 'All of';
  return (
    <div className="schema__variants">
      <p className="schema__label">
        {word}
        {node.discriminator ? (
          <>
            , chosen by <code>{node.discriminator.propertyName}</code>
          </>
        ) : null}
        :
      </p>
      <ol>
        {(node.variants ?? []).map((variant, position) => (
          <Variant
            key={position}
            node={variant}
            index={index}
            depth={depth}
            selectedBy={selectors(node, variant)}
            property={node.discriminator?.propertyName}
          />
        ))}
      </ol>
    </div>
  );
}

/** An object's fields, and what any other field is when it may have more (`additionalProperties`). */
function Properties({ node, index, depth }: { node: SchemaNode; index: SchemaIndex; depth: number }) {
  const properties = node.properties ?? [];
  if (properties.length === 0 && !node.values) return null;
  return (
    <ul className="schema__properties">
      {properties.map((property) => (
        <PropertyRow
          key={property.name}
          name={property.name}
          required={property.required}
          node={property.node}
          index={index}
          depth={depth}
        />
      ))}
      {node.values ? (
        <PropertyRow name="Any other field" required={false} node={node.values} index={index} depth={depth} plainName />
      ) : null}
    </ul>
  );
}

/** One variant of a composition, or one item of a tuple: its type, its discriminator values, its own fields. */
function Variant({
  node,
  index,
  depth,
  selectedBy = [],
  property,
}: {
  node: SchemaNode;
  index: SchemaIndex;
  depth: number;
  selectedBy?: string[];
  property?: string;
}) {
  return (
    <li>
      <TypeName node={node} index={index} />
      {selectedBy.length > 0 ? (
        <span className="schema__selector">
          {' '}
          when <code>{property}</code> is{' '}
          {selectedBy.map((value, position) => (
            <Fragment key={value}>
              {position > 0 ? ' or ' : null}
              <code>{value}</code>
            </Fragment>
          ))}
        </span>
      ) : null}
      {node.descriptionHtml && node.kind !== 'ref' ? (
        <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />
      ) : null}
      <Constraints node={node} index={index} />
      {namedTarget(node) && hasChildren(node, index) ? (
        <ChildrenDisclosure node={node} index={index} depth={depth + 1} />
      ) : (
        <Children node={node} index={index} depth={depth + 1} />
      )}
    </li>
  );
}

function hasChildren(node: SchemaNode, index: SchemaIndex, depth = 0): boolean {
  if (depth > 4) return true;
  if (node.kind === 'ref') {
    const target = resolveRef(node, index);
    return target ? hasChildren(target, index, depth + 1) : false;
  }
  if (node.kind === 'circular' || node.variants) return true;
  if (node.kind === 'array')
    return node.prefixItems ? true : node.items ? hasChildren(node.items, index, depth + 1) : false;
  if (node.kind === 'map')
    return node.values ? node.values.kind !== 'primitive' && hasChildren(node.values, index, depth + 1) : false;
  return node.kind === 'object' && ((node.properties?.length ?? 0) > 0 || node.values !== undefined);
}

/** What the disclosure of a node's children says: `3 fields`, `2 variants`. */
function childrenLabel(node: SchemaNode, index: SchemaIndex, depth = 0): string {
  if (node.kind === 'ref' && depth < 4) {
    const target = resolveRef(node, index);
    if (target) return childrenLabel(target, index, depth + 1);
  }
  if (node.kind === 'circular') return 'Circular reference';
  if (node.kind === 'array' && node.prefixItems) return `${node.prefixItems.length} items in order`;
  if (node.kind === 'array' && node.items) return `${childrenLabel(node.items, index, depth + 1)} of each item`;
  if (node.kind === 'map' && node.values) return `${childrenLabel(node.values, index, depth + 1)} of each value`;
  if (node.variants) return `${node.variants.length} variant${node.variants.length === 1 ? '' : 's'}`;
  const count = (node.properties?.length ?? 0) + (node.values ? 1 : 0);
  return `${count} field${count === 1 ? '' : 's'}`;
}

/**
 * A property's children behind a native disclosure (no JavaScript needed to open it). The summary holds
 * only its label, so no link sits inside the control that toggles it. A named component schema is not
 * copied here: it is rendered once, in its own section (and its own file), and the disclosure holds a link to
 * it, which the page's script replaces with that schema's fields when the reader opens it.
 */
function ChildrenDisclosure({ node, index, depth }: { node: SchemaNode; index: SchemaIndex; depth: number }) {
  const target = namedTarget(node);
  if (target) {
    return (
      <details className="schema__children" data-schema-ref={target}>
        <summary className="schema__toggle">{childrenLabel(node, index)}</summary>
        The fields of <a href={`#schema/${target}`}>{target}</a>.
      </details>
    );
  }
  return (
    <details className="schema__children" open={depth < 1}>
      <summary className="schema__toggle">{childrenLabel(node, index)}</summary>
      <Children node={node} index={index} depth={depth + 1} />
    </details>
  );
}

function PropertyRow({
  name,
  required,
  node,
  index,
  depth,
  plainName = false,
}: {
  name: string;
  required: boolean;
  node: SchemaNode;
  index: SchemaIndex;
  depth: number;
  plainName?: boolean;
}) {
  return (
    <li className={`schema__property${node.deprecated ? ' schema__property--deprecated' : ''}`}>
      <div className="schema__head">
        {plainName ? <span className="schema__name">{name}</span> : <code className="schema__name">{name}</code>}{' '}
        <TypeName node={node} index={index} /> <Flags node={node} required={required} />
      </div>
      {node.descriptionHtml ? (
        <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />
      ) : null}
      <Constraints node={node} index={index} />
      {hasChildren(node, index) ? <ChildrenDisclosure node={node} index={index} depth={depth} /> : null}
    </li>
  );
}

/**
 * A schema as a tree: nested objects and arrays, enums, compositions, flags and recursion markers. A named
 * component schema shows its description and fields only in its own section (`isSection`); everywhere else
 * its fields sit behind a disclosure that fills from there when opened, so the page holds each schema once.
 */
export function SchemaTree({
  node,
  index,
  isSection = false,
  brief = false,
}: {
  node: SchemaNode;
  index: SchemaIndex;
  isSection?: boolean;
  brief?: boolean;
}) {
  const referred = !isSection && namedTarget(node) !== undefined && hasChildren(node, index);
  if (referred) {
    // The schema's own description is in its section, a click away. A brief tree (an error body, whose
    // example shows it whole) is just that link.
    return (
      <div className="schema">
        <div className="schema__root">
          <TypeName node={node} index={index} /> <Flags node={node} />
        </div>
        {node.kind === 'ref' && node.descriptionHtml ? (
          <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />
        ) : null}
        {brief ? null : <ChildrenDisclosure node={node} index={index} depth={0} />}
      </div>
    );
  }
  return (
    <div className="schema">
      <div className="schema__root">
        <TypeName node={node} index={index} /> <Flags node={node} />
      </div>
      {node.descriptionHtml ? (
        <div className="schema__description" dangerouslySetInnerHTML={{ __html: node.descriptionHtml }} />
      ) : null}
      <Constraints node={node} index={index} />
      <div className="schema__body">
        <Children node={node} index={index} depth={0} />
      </div>
    </div>
  );
}
