// The API reference's navigation, rendered at build time with it (api-reference.tsx): every tag with its operations,
// the webhooks and the schemas.
import type { ReactNode } from 'react';
import { anchorFor } from '@/lib/openapi/anchors';
import { tagLabel } from '@/lib/openapi/tags';
import type { ApiModel, ApiTag } from '@/lib/openapi/model';
import { API_NAV_ID } from '@/lib/browser/api-reference/ids';
import { MethodBadge } from './operation-card';

/** The id of the section holding the webhooks, and the one holding the schemas. */
export const WEBHOOKS_SECTION = 'webhooks';
export const SCHEMAS_SECTION = 'schemas';

/** One entry of the navigation: a link to a card, with its method badge when it has one. */
interface NavItem {
  key: string;
  href: string;
  label: string;
  method?: string;
  deprecated?: boolean;
}

/**
 * A group of the navigation: its link, and its entries (a large document shows only how many there are), then
 * the groups nested under it (OpenAPI 3.2 tag parents).
 */
function NavGroup({
  href,
  name,
  items,
  noun,
  compact,
  nested,
}: {
  href: string;
  name: string;
  items: readonly NavItem[];
  noun: string;
  compact: boolean;
  nested?: ReactNode;
}) {
  if (items.length === 0 && !nested) return null;
  return (
    <li>
      <a className="api-nav__tag" href={href}>
        {name}
        {compact && items.length > 0 ? (
          <span className="api-nav__count">
            {' '}
            {`${items.length.toLocaleString('en')} ${noun}${items.length === 1 ? '' : 's'}`}
          </span>
        ) : null}
      </a>
      {compact || items.length === 0 ? null : (
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              <a className="api-nav__operation" href={item.href}>
                {item.method ? <MethodBadge method={item.method} /> : null}
                {item.method ? (
                  <span className={item.deprecated ? 'api-nav__deprecated' : undefined}>{item.label}</span>
                ) : (
                  item.label
                )}
              </a>
            </li>
          ))}
        </ul>
      )}
      {nested ? <ul className="api-nav__children">{nested}</ul> : null}
    </li>
  );
}

/** A tag's group of the navigation, with the groups of the tags nested under it. */
function TagNavGroup({ model, tag, compact }: { model: ApiModel; tag: ApiTag; compact: boolean }) {
  const children = model.tags.filter((candidate) => candidate.parent === tag.name);
  return (
    <NavGroup
      href={`#${anchorFor.tag(tag.slug)}`}
      name={tagLabel(tag)}
      noun="operation"
      compact={compact}
      items={tag.operations.map((operation) => ({
        key: operation.operationId,
        href: `#${anchorFor.operation(operation.operationId)}`,
        label: operation.summary,
        method: operation.method,
        deprecated: operation.deprecated,
      }))}
      nested={
        children.length > 0
          ? children.map((child) => <TagNavGroup key={child.slug} model={model} tag={child} compact={compact} />)
          : undefined
      }
    />
  );
}

/** The navigation: every tag with its operations, the webhooks and the schemas; for a large document the groups alone. */
export function ApiNav({ model, compact }: { model: ApiModel; compact: boolean }) {
  return (
    <nav id={API_NAV_ID} className="api-nav" aria-label="API reference">
      <ul>
        {model.tags
          .filter((tag) => tag.parent === undefined || !model.tags.some((candidate) => candidate.name === tag.parent))
          .map((tag) => (
            <TagNavGroup key={tag.slug} model={model} tag={tag} compact={compact} />
          ))}
        <NavGroup
          href={`#${WEBHOOKS_SECTION}`}
          name="Webhooks"
          noun="webhook"
          compact={compact}
          items={model.webhooks.map((webhook) => ({
            key: webhook.anchor,
            href: `#${webhook.anchor}`,
            label: webhook.name,
            method: webhook.method,
            deprecated: webhook.deprecated,
          }))}
        />
        <NavGroup
          href={`#${SCHEMAS_SECTION}`}
          name="Schemas"
          noun="schema"
          compact={compact}
          items={model.schemas.map((schema) => ({
            key: schema.name,
            href: `#${anchorFor.schema(schema.name)}`,
            label: schema.name,
          }))}
        />
      </ul>
    </nav>
  );
}
