import { createHash } from 'node:crypto';

/**
 * The attribute that marks an inline script as the site's own. The build hashes such scripts into the
 * page's policy; an inline script with neither this mark nor Next.js's shape stops the build, so markup
 * that slipped into a page (from a spec description, say) can never be allowed by its own hash.
 */
export const SITE_SCRIPT_ATTRIBUTE = 'data-kw-script';

export interface InlineScript {
  /** The attributes as written in the opening tag. */
  attributes: string;
  body: string;
  /** Offset of `<script` in the HTML. */
  index: number;
}

/** Every `<script>` without `src` whose type runs as JavaScript. */
export function inlineScripts(html: string): InlineScript[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\ssrc\s*=/i.test(match[1] ?? ''))
    .filter((match) => {
      const type = /\stype\s*=\s*"([^"]*)"/i.exec(match[1] ?? '')?.[1]?.toLowerCase();
      return !type || type === 'text/javascript' || type === 'module' || type === 'application/javascript';
    })
    .map((match) => ({ attributes: match[1] ?? '', body: match[2] ?? '', index: match.index }));
}

/** Whose an inline script is: Next.js's bootstrap or RSC payload, the site's own, or nobody's. */
export function scriptOwner(script: InlineScript): 'next' | 'site' | undefined {
  if (/\sid="_R_"/.test(script.attributes) && script.body.startsWith('(globalThis["TURBOPACK"]')) return 'next';
  if (/^\(?self\.__next_f\b/.test(script.body)) return 'next';
  if (script.attributes.includes(`${SITE_SCRIPT_ATTRIBUTE}=`)) return 'site';
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
  const scripts = inlineScripts(html);
  const stranger = scripts.find((script) => !scriptOwner(script));
  if (stranger) {
    const excerpt = `<script${stranger.attributes}>${stranger.body.slice(0, 60)}`;
    throw new CspError(`[csp] ${file}: an inline script the site does not own: ${excerpt}…; mark the site's own scripts with ${SITE_SCRIPT_ATTRIBUTE} (README, "Adding an inline script")`);
  }
  const policy = pagePolicy({ scriptHashes: scripts.map((script) => scriptHash(script.body)), connectSources });
  // After <head> and its charset declaration, which must stay within the first 1,024 bytes.
  const head = /<head[^>]*>(<meta charSet="[^"]*"\/>)?/i.exec(html);
  if (!head) throw new CspError(`[csp] ${file} has no <head>`);
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${META_PREFIX}${policy}"/>${html.slice(at)}`;
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
  const firstScript = html.search(/<script\b/i);
  if (firstScript !== -1 && firstScript < html.indexOf(META_PREFIX)) problems.push(`[csp] ${file}: a script comes before the policy`);
  const allowed = new Set(/script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? []);
  for (const script of inlineScripts(html)) {
    if (!allowed.has(scriptHash(script.body))) problems.push(`[csp] ${file}: the hash of an inline script is missing from the policy: ${script.body.slice(0, 60)}…`);
  }
  return problems;
}
