import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

/**
 * The attribute that marks an inline script as the site's own. The build hashes such scripts into the
 * page's policy; an inline script with neither this mark nor Next.js's shape stops the build, so markup
 * that slipped into a page (from a spec description, say) can never be allowed by its own hash.
 */
export const SITE_SCRIPT_ATTRIBUTE = 'data-kw-script';

export interface InlineScript {
  /** The opening tag's attributes, by their HTML names (`id`, `data-kw-script`, `type`). */
  attributes: Readonly<Record<string, string>>;
  /** The script's text exactly as in the file: what the browser hashes. */
  body: string;
  /** Offset of `<script` in the HTML. */
  index: number;
}

type Document = DefaultTreeAdapterMap['document'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/**
 * The page as the browser's parser reads it, with each node's offsets in the HTML. parse5's own tree rather than
 * hast: this step reads every page twice, and hast's conversion (with positions) cost as much again as the parse.
 */
const parsePage = (html: string): Document => parse(html, { sourceCodeLocationInfo: true });

/** Every element of the document, in document order (a `<template>`'s content is not part of the document). */
function elementsOf(document: Document): Element[] {
  const found: Element[] = [];
  const stack: ParentNode[] = [document];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('tagName' in node) found.push(node);
    for (let index = node.childNodes.length - 1; index >= 0; index -= 1) {
      const child = node.childNodes[index];
      if (child && 'childNodes' in child) stack.push(child);
    }
  }
  return found;
}

const attributesOf = (node: Element): Record<string, string> =>
  Object.fromEntries(node.attrs.map((attribute) => [attribute.name, attribute.value]));

const textOf = (node: Element): string =>
  node.childNodes.map((child) => (child.nodeName === '#text' && 'value' in child ? child.value : '')).join('');

const RUNS_AS_JAVASCRIPT = new Set(['', 'text/javascript', 'module', 'application/javascript']);

/** Every `<script>` without `src` whose type runs as JavaScript, from the HTML or its parsed document. */
export function inlineScripts(html: string | Document): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const node of elementsOf(typeof html === 'string' ? parsePage(html) : html)) {
    if (node.tagName !== 'script') continue;
    const attributes = attributesOf(node);
    if ('src' in attributes || !RUNS_AS_JAVASCRIPT.has((attributes.type ?? '').toLowerCase())) continue;
    scripts.push({ attributes, body: textOf(node), index: node.sourceCodeLocation?.startOffset ?? -1 });
  }
  return scripts;
}

/** Whose an inline script is: Next.js's bootstrap or RSC payload, the site's own, or nobody's. */
export function scriptOwner(script: InlineScript): 'next' | 'site' | undefined {
  if (script.attributes.id === '_R_' && script.body.startsWith('(globalThis["TURBOPACK"]')) return 'next';
  if (/^\(?self\.__next_f\b/.test(script.body)) return 'next';
  if (SITE_SCRIPT_ATTRIBUTE in script.attributes) return 'site';
  return undefined;
}

/** The CSP source of a script's text: `'sha256-…'`. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

export interface PagePolicyOptions {
  scriptHashes: readonly string[];
  /** Origins the page may call besides its own: the API's server URL, for the playground's Live mode. */
  connectSources: readonly string[];
}

/**
 * A page's policy: only its own origin, and of inline scripts only those whose hashes are listed. Styles
 * may be inline: shiki's tokens and React's `style` props are attributes, and they cannot run code.
 */
export function pagePolicy({ scriptHashes, connectSources }: PagePolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${connectSources.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const META_PREFIX = '<meta http-equiv="Content-Security-Policy" content="';

export class CspError extends Error {
  override name = 'CspError';
}

/**
 * The page with its policy at the start of `<head>`, before any script, allowing exactly the
 * hashes of its inline scripts. Throws on an inline script nobody owns, and on a page that already has
 * a policy (the step ran twice on one build).
 */
export function withPagePolicy(html: string, file: string, connectSources: readonly string[]): string {
  if (html.includes(META_PREFIX)) throw new CspError(`[csp] ${file} already has a Content-Security-Policy meta tag`);
  const document = parsePage(html);
  const scripts = inlineScripts(document);
  const stranger = scripts.find((script) => !scriptOwner(script));
  if (stranger) {
    const attributes = Object.entries(stranger.attributes)
      .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${value}"`))
      .join('');
    const excerpt = `<script${attributes}>${stranger.body.slice(0, 60)}`;
    throw new CspError(
      `[csp] ${file}: an inline script the site does not own: ${excerpt}…; mark the site's own scripts with ${SITE_SCRIPT_ATTRIBUTE} (README, "Adding an inline script")`,
    );
  }
  const policy = pagePolicy({ scriptHashes: scripts.map((script) => scriptHash(script.body)), connectSources });
  // After <head> and its charset declaration, which must stay within the first 1,024 bytes.
  const at = policyOffset(document);
  if (at === undefined) throw new CspError(`[csp] ${file} has no <head>`);
  return `${html.slice(0, at)}${META_PREFIX}${policy}"/>${html.slice(at)}`;
}

/**
 * Where the policy goes: after the charset <meta> when it opens <head>, else right after `<head>`'s start tag.
 * The parser gives the offsets; the HTML itself is left as written. Undefined when the page has no `<head>` tag.
 */
function policyOffset(document: Document): number | undefined {
  const head = elementsOf(document).find((node) => node.tagName === 'head');
  const startTag = head?.sourceCodeLocation?.startTag;
  if (!head || !startTag) return undefined;
  const first = head.childNodes.find(
    (child) => 'tagName' in child || (child.nodeName === '#text' && 'value' in child && child.value.trim()),
  );
  const charset =
    first &&
    'tagName' in first &&
    first.tagName === 'meta' &&
    first.attrs.some((attribute) => attribute.name === 'charset')
      ? first.sourceCodeLocation?.endOffset
      : undefined;
  return charset ?? startTag.endOffset;
}

/** The page's policy from its meta tag, or undefined. */
export function readPagePolicy(html: string): string | undefined {
  const start = html.indexOf(META_PREFIX);
  if (start === -1) return undefined;
  const from = start + META_PREFIX.length;
  return html.slice(from, html.indexOf('"', from));
}

/**
 * The build-time check: every inline script of the page runs under its policy, and the policy comes
 * before the first script. Returns one problem per script the policy would block.
 */
export function policyProblems(html: string, file: string): string[] {
  const policy = readPagePolicy(html);
  if (policy === undefined) return [`[csp] ${file} has no Content-Security-Policy meta tag`];
  const problems: string[] = [];
  const document = parsePage(html);
  const firstScript = elementsOf(document).find((node) => node.tagName === 'script')?.sourceCodeLocation?.startOffset;
  if (firstScript !== undefined && firstScript < html.indexOf(META_PREFIX))
    problems.push(`[csp] ${file}: a script comes before the policy`);
  const allowed = new Set(/script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []);
  for (const script of inlineScripts(document)) {
    if (!allowed.has(scriptHash(script.body)))
      problems.push(
        `[csp] ${file}: the hash of an inline script is missing from the policy: ${script.body.slice(0, 60)}…`,
      );
  }
  return problems;
}
