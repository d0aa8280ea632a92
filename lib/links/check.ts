import type { Element, Nodes } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { parse, parseFragment } from 'parse5';
import { visit } from 'unist-util-visit';
import { isExternalHref } from './href';

/** A page as built, with the MDX it came from when it is a guide. */
export interface BuiltPage {
  route: string;
  html: string;
  /** More markup that belongs to the page (details of a large API reference, loaded on demand). */
  extraHtml?: string[];
  source?: { file: string; text: string };
}

export interface LinkProblem {
  level: 'error' | 'warning';
  /** `content/docs/x.mdx:42`, `lib/site/config.ts:18`, or the route of a generated page. */
  where: string;
  target: string;
  reason: string;
}

/**
 * Every element of the markup, read as a browser's parser reads it (hast, from parse5, without source positions:
 * hast-util-from-html always adds them, and they cost a third of the parse over the build's pages). Script contents are
 * text, so the inline RSC payload, which repeats every link in escaped form, adds nothing; a <noscript>'s
 * content (the reference's deferred details) and a <template>'s are read as the markup they hold.
 */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const walk = (tree: Nodes) => {
    visit(tree, 'element', (node) => {
      found.push(node);
      if (node.tagName === 'noscript') {
        const inner = node.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
        if (inner.trim()) walk(fromParse5(parseFragment(inner)));
      }
      if (node.tagName === 'template' && node.content) walk(node.content);
    });
  };
  walk(fromParse5(parse(html)));
  return found;
}

const stringProperty = (node: Element, name: string): string | undefined => {
  const value = node.properties[name];
  return typeof value === 'string' ? value : undefined;
};

/** The href of every <a> in the markup, and every id, from one parse. */
function readAnchors(html: string): { hrefs: string[]; ids: Set<string> } {
  const hrefs: string[] = [];
  const ids = new Set<string>();
  for (const node of elementsOf(html)) {
    const href = node.tagName === 'a' ? stringProperty(node, 'href') : undefined;
    if (href !== undefined) hrefs.push(href);
    const id = stringProperty(node, 'id');
    if (id !== undefined) ids.add(id);
  }
  return { hrefs, ids };
}

/**
 * Every href written in an API model's descriptions: the Markdown of the document itself, which the model keeps
 * as `descriptionHtml` wherever a description is (info, tags, operations, parameters, responses, schema nodes).
 */
export function descriptionHrefs(model: unknown): Set<string> {
  const hrefs = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'descriptionHtml' && typeof inner === 'string')
          for (const href of readAnchors(inner).hrefs) hrefs.add(href);
        else walk(inner);
      }
    }
  };
  walk(model);
  return hrefs;
}

/** The 1-based line of the first occurrence of `needle` in `text`, or undefined. */
export function lineOf(text: string, needle: string): number | undefined {
  const index = text.indexOf(needle);
  return index === -1 ? undefined : text.slice(0, index).split('\n').length;
}

export interface CheckOptions {
  /** Paths served as files (public/), which a link may target without an anchor. */
  isStaticFile: (path: string) => boolean;
  /** Where a link that is in no MDX file was configured (the site config), as `file:line`. */
  locateInConfig: (href: string) => string | undefined;
}

/**
 * Checks every internal link of the built pages: the target must be a page (or a static file), and a
 * `#fragment` must be an id on that page. Each broken link is one problem naming where it was written
 * (MDX file and line, the site config, or the generated page) and the target.
 */
export function checkLinks(pages: readonly BuiltPage[], options: CheckOptions): LinkProblem[] {
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  // Each page and each of its extra parts parsed once, for its links and its ids.
  const anchors = new Map(pages.map((page) => [page.route, [page.html, ...(page.extraHtml ?? [])].map(readAnchors)]));
  const ids = new Map(
    [...anchors].map(([route, parts]) => [route, new Set(parts.flatMap((part) => [...part.ids]))] as const),
  );
  const problems: LinkProblem[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const href of (anchors.get(page.route) ?? []).flatMap((part) => part.hrefs)) {
      if (href === '' || isExternalHref(href) || href.startsWith('/_next/')) continue;
      const url = new URL(href, `http://site${page.route}`);
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
      const fragment = decodeURIComponent(url.hash.slice(1));
      const key = `${page.route} ${path}#${fragment}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const target = byRoute.get(path);
      let reason: string | undefined;
      if (!target && !options.isStaticFile(path)) reason = 'no page at this path';
      else if (target && fragment && !ids.get(path)?.has(fragment))
        reason = `no element with id "${fragment}" on ${path}`;
      if (!reason) continue;
      const line = page.source ? (lineOf(page.source.text, href) ?? lineOf(page.source.text, path)) : undefined;
      const where =
        page.source && line !== undefined
          ? `${page.source.file}:${line}`
          : (options.locateInConfig(href) ?? `${page.route} (generated)`);
      problems.push({ level: 'error', where, target: href, reason });
    }
  }
  return problems;
}

/** Links in MDX to `.md`/`.mdx` files instead of page URLs: they work on GitHub but not on the site. */
export function findMarkdownFileLinks(file: string, text: string): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+\.mdx?)(#[^)\s]*)?\)/g)) {
    problems.push({
      level: 'warning',
      where: `${file}:${text.slice(0, match.index).split('\n').length}`,
      target: `${match[1]}${match[2] ?? ''}`,
      reason: 'Markdown file link; link to the page URL instead (e.g. /docs/locations)',
    });
  }
  return problems;
}

/** Content files that map to the same URL; only one of them can be served. */
export function findDuplicateRoutes(pages: readonly { url: string; file: string }[]): LinkProblem[] {
  const byUrl = new Map<string, string[]>();
  for (const page of pages) byUrl.set(page.url, [...(byUrl.get(page.url) ?? []), page.file]);
  return [...byUrl.entries()]
    .filter(([, files]) => files.length > 1)
    .map(([url, files]) => ({
      level: 'warning' as const,
      where: files.join(', '),
      target: url,
      reason: 'duplicate route: these files map to the same URL',
    }));
}

/** One line per problem: `where: target (reason)`. */
export function formatProblem(problem: LinkProblem): string {
  return `${problem.where}: ${problem.target} (${problem.reason})`;
}
