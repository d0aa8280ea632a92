// The sources of the search index. Each turns one kind of content into records; the site's index
// (lib/search/site.ts) joins them, and the bench feeds them generated content.
import GithubSlugger from 'github-slugger';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { toString as mdastToString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Nodes, RootContent } from 'mdast';
import type { ApiModel, SchemaNode } from '../openapi/model';
import { symbolGroup, symbolRows, type SdkReference } from '../typedoc/model';
import { BREADCRUMB_SEPARATOR as SEPARATOR, type SearchRecord } from './records';
import { wireMethod } from '../openapi/methods';

/** Longest text kept per record: enough for every word of a long section, small enough for the budget. */
const MAX_CONTENT = 2000;

/**
 * Identifiers worth finding in a guide's code: `SMART_CHARGE_AT_LOCATION`, `readyTime`, `targetSoC` (a part may be
 * one capital), `register-charger`.
 */
const CODE_IDENTIFIER =
  /\b(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z0-9]+(?:-[a-z0-9]+)+)\b/g;

/** Attributes of MDX components that readers see as text. */
const VISIBLE_ATTRIBUTES = new Set(['title', 'label']);

/** The text of a description's HTML, as the parser reads it (entities decoded), blocks apart. */
function textOfHtml(html: string | undefined): string {
  if (!html) return '';
  const parts: string[] = [];
  visit(fromHtml(html, { fragment: true }), 'text', (node) => {
    parts.push(node.value);
  });
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
const clip = (text: string) => (text.length > MAX_CONTENT ? text.slice(0, MAX_CONTENT) : text);
const unique = (values: Iterable<string>) => [...new Set(values)];

/** A guide or SDK page as the indexer needs it. */
export interface GuidePage {
  kind: 'guide' | 'sdk';
  url: string;
  title: string;
  /** The MDX source without frontmatter. */
  body: string;
  /** Area › categories › page, as the breadcrumbs show it. */
  trail: readonly string[];
  /** The frontmatter description: the page's own record is found by it too. */
  description?: string;
  /** The frontmatter's search terms by section anchor: each section's `terms`, matched as its keywords. */
  searchTerms?: Readonly<Record<string, readonly string[]>>;
  /** The page's file, named by an error in its frontmatter (`content/docs/locations.mdx`). */
  source?: string;
}

interface Section {
  title: string;
  id?: string;
  text: string[];
  code: string[];
  /** Identifiers the prose names in inline code: what the section explains, not only uses. */
  inline: string[];
}

/** Collects a node's prose into `text` and its code blocks into `code`; MDX expressions are skipped. */
function collect(node: Nodes, section: Section): void {
  switch (node.type) {
    case 'code': {
      section.code.push(node.value);
      // A code block's title (```bash title="Add the server to Claude Code") is read as text.
      const title = /\btitle="([^"]*)"/.exec(node.meta ?? '')?.[1];
      if (title) section.text.push(` ${title} `);
      return;
    }
    case 'text':
      section.text.push(node.value);
      return;
    case 'inlineCode':
      section.text.push(node.value);
      section.inline.push(...(node.value.match(CODE_IDENTIFIER) ?? []));
      return;
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      // A component's visible labels: an admonition's or a code block's title, a tab's label.
      for (const attribute of node.attributes) {
        if (
          attribute.type === 'mdxJsxAttribute' &&
          VISIBLE_ATTRIBUTES.has(attribute.name) &&
          typeof attribute.value === 'string'
        )
          section.text.push(` ${attribute.value} `);
      }
      for (const child of node.children as Nodes[]) collect(child, section);
      section.text.push(' ');
      return;
    default:
      if ('children' in node) {
        for (const child of node.children as Nodes[]) collect(child, section);
        // Block boundaries become spaces, so words of adjacent blocks do not run together.
        section.text.push(' ');
      }
  }
}

/** The prose of an MDX page without its title (h1), its `export`s and its components' code: one record's text. */
export function mdxProse(body: string): string {
  const tree = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).parse(body);
  const section: Section = { title: '', text: [], code: [], inline: [] };
  for (const node of tree.children as RootContent[])
    if (!(node.type === 'heading' && node.depth === 1)) collect(node, section);
  return section.text.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Splits a page at its h2 and h3 headings: one record for the text before the first heading (titled
 * by the page) and one per section, linking to the heading's anchor (the same slugs as the page).
 */
export function guideRecords(page: GuidePage): SearchRecord[] {
  const tree = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).parse(page.body);
  const slugger = new GithubSlugger();
  const sections: Section[] = [
    { title: page.title, text: page.description ? [page.description, ' '] : [], code: [], inline: [] },
  ];
  for (const node of tree.children as RootContent[]) {
    if (node.type === 'heading') {
      const text = mdastToString(node);
      const id = slugger.slug(text);
      if (node.depth === 2 || node.depth === 3) {
        sections.push({ title: text, id, text: [], code: [], inline: [] });
        continue;
      }
    }
    collect(node, sections[sections.length - 1] as Section);
  }
  const kept = sections.filter(
    (section, index) => index === 0 || section.text.join('').trim() || section.code.length > 0,
  );
  const anchors = new Set(kept.flatMap((section) => (section.id ? [section.id] : [])));
  const unknown = Object.keys(page.searchTerms ?? {}).filter((anchor) => !anchors.has(anchor));
  if (unknown.length > 0)
    throw new Error(
      `${page.source ?? page.url}: searchTerms names ${unknown.map((anchor) => `"${anchor}"`).join(', ')}, which is no section of the page; its sections are ${[...anchors].join(', ')}`,
    );
  return kept.map((section) => {
    const identifiers = unique(section.code.flatMap((code) => code.match(CODE_IDENTIFIER) ?? []));
    const terms = (section.id && page.searchTerms?.[section.id]) || [];
    return {
      kind: page.kind,
      title: section.title,
      breadcrumb: [...page.trail, ...(section.id ? [section.title] : [])].join(SEPARATOR),
      url: section.id ? `${page.url}#${section.id}` : page.url,
      names: [],
      // An identifier the prose names is one the section explains: a query for it finds the section beside
      // the schema or type that declares it.
      members: unique(section.inline),
      keywords: identifiers.join(' '),
      ...(terms.length > 0 ? { terms: terms.join(' ') } : {}),
      content: clip(section.text.join('').replace(/\s+/g, ' ').trim()),
    };
  });
}

/** Every property name and enum value below a schema node, for schema records. */
function schemaMembers(node: SchemaNode | undefined, found = new Set<string>(), depth = 0): Set<string> {
  if (!node || depth > 6) return found;
  for (const value of node.enum ?? []) found.add(value);
  for (const property of node.properties ?? []) {
    found.add(property.name);
    // Nested objects defined inline belong to this schema; referenced ones have their own record.
    if (property.node.kind !== 'ref') schemaMembers(property.node, found, depth + 1);
  }
  if (node.items && node.items.kind !== 'ref') schemaMembers(node.items, found, depth + 1);
  for (const variant of node.variants ?? []) if (variant.kind !== 'ref') schemaMembers(variant, found, depth + 1);
  return found;
}

/** One record per operation, webhook and component schema of the API reference. */
export function apiRecords(model: ApiModel): SearchRecord[] {
  const schemasByName = new Map(model.schemas.map((schema) => [schema.name, schema.node]));
  const operations = model.tags.flatMap((tag) =>
    tag.operations.map((operation): SearchRecord => {
      const method = wireMethod(operation.method);
      const segments = operation.path.split('/').filter((segment) => segment && !segment.startsWith('{'));
      const parameters = operation.parameters.map((parameter) => parameter.name);
      const statuses = operation.responses.map((response) => response.status);
      // The fields an operation takes find it too: "set ready time" finds the operation whose body has readyTime.
      const bodyFields = (operation.requestBody?.media ?? []).flatMap((media) => [
        ...schemaMembers(
          media.schema?.kind === 'ref' ? schemasByName.get(media.schema.refName ?? '') : media.schema,
          new Set(),
          5,
        ),
      ]);
      return {
        kind: 'api',
        title: operation.summary,
        breadcrumb: ['API', tag.name, `${method} ${operation.path}`].join(SEPARATOR),
        url: `/api#operation/${operation.operationId}`,
        names: unique([
          operation.operationId,
          operation.path,
          `${method} ${operation.path}`,
          segments.at(-1) ?? '',
        ]).filter(Boolean),
        members: parameters,
        keywords: unique([
          method,
          operation.path,
          operation.operationId,
          tag.name,
          ...parameters,
          ...statuses,
          ...bodyFields,
        ]).join(' '),
        content: clip(
          [
            textOfHtml(operation.descriptionHtml),
            ...operation.parameters.map((parameter) => textOfHtml(parameter.descriptionHtml)),
            ...operation.responses.map((response) => `${response.status} ${textOfHtml(response.descriptionHtml)}`),
          ].join(' '),
        ),
      };
    }),
  );
  const schemas = model.schemas.map((schema): SearchRecord => {
    const members = [...schemaMembers(schema.node)];
    return {
      kind: 'schema',
      title: schema.name,
      breadcrumb: ['API', 'Schemas', schema.name].join(SEPARATOR),
      url: `/api#schema/${schema.name}`,
      names: [schema.name],
      members,
      keywords: [schema.name, ...members].join(' '),
      content: clip(textOfHtml(schema.node.descriptionHtml)),
    };
  });
  const webhooks = model.webhooks.map((webhook): SearchRecord => ({
    kind: 'api',
    title: webhook.summary,
    breadcrumb: ['API', 'Webhooks', webhook.name].join(SEPARATOR),
    url: `/api#${webhook.anchor}`,
    names: unique([webhook.name, webhook.operationId]),
    members: webhook.parameters.map((parameter) => parameter.name),
    keywords: ['webhook', wireMethod(webhook.method), webhook.name, webhook.operationId].join(' '),
    content: clip(textOfHtml(webhook.descriptionHtml)),
  }));
  return [...operations, ...webhooks, ...schemas];
}

/** One record per symbol of a package's TypeDoc reference, with its members, properties, props or parameters. */
export function typedocRecords(reference: SdkReference): SearchRecord[] {
  return reference.symbols.map((symbol): SearchRecord => {
    const rows = symbolRows(symbol);
    const rowText = rows.map((row) => `${row.name} ${row.description?.text ?? ''}`);
    return {
      kind: 'type',
      title: symbol.name,
      breadcrumb: ['SDK', reference.packageName, symbolGroup(symbol), symbol.name].join(SEPARATOR),
      url: symbol.url,
      names: [symbol.name],
      members: rows.map((row) => row.name),
      keywords: [
        symbol.name,
        ...rows.map((row) => row.name),
        ...(symbol.kind === 'enum' ? symbol.members.map((member) => member.value) : []),
      ].join(' '),
      content: clip([symbol.description?.text ?? '', ...rowText].join(' ')),
    };
  });
}

/** A page generated from data (the versions pages): one record with its text. */
export function pageRecord(page: {
  kind: 'guide' | 'sdk';
  url: string;
  title: string;
  trail: readonly string[];
  text: string;
  keywords?: string;
}): SearchRecord {
  return {
    kind: page.kind,
    title: page.title,
    breadcrumb: page.trail.join(SEPARATOR),
    url: page.url,
    names: [],
    members: [],
    keywords: page.keywords ?? '',
    content: clip(page.text),
  };
}
