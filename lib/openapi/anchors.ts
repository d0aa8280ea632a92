/** The anchors of the reference; partners link to them, so they are a contract (README, "API anchors are a contract"). */
export const anchorFor = {
  tag: (slug: string) => `tag/${slug}`,
  operation: (operationId: string) => `operation/${operationId}`,
  schema: (name: string) => `schema/${name}`,
  /** `webhook/{name}`; a second method of the same webhook name adds it: `webhook/{name}/{method}`. */
  webhook: (name: string, method?: string) => (method ? `webhook/${name}/${method}` : `webhook/${name}`),
};

const REDOC_OPERATION = /^tag\/[^/]+\/operation\/(.+)$/;

/**
 * A URL hash as the anchor it names: `#schema/Plan%20v2` → `schema/Plan v2`. A malformed escape (`#%`, `#%zz`),
 * which a hand-typed or truncated link can hold, is kept as typed instead of throwing.
 */
export function anchorOfHash(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch (error) {
    if (error instanceof URIError) return raw;
    throw error;
  }
}

/**
 * The anchor a hash should land on: itself when it exists, the operation of a Redoc-style
 * `tag/{tag}/operation/{id}` link, or the target of a published alias. Undefined when nothing matches.
 */
export function resolveAnchor(
  hash: string,
  exists: (anchor: string) => boolean,
  aliases: Readonly<Record<string, string>> = {},
): string | undefined {
  const anchor = anchorOfHash(hash);
  if (anchor === '' || exists(anchor)) return anchor === '' ? undefined : anchor;
  const aliased = aliases[anchor];
  if (aliased && exists(aliased)) return aliased;
  // Redoc keeps the tag's case (#tag/Smart-charging); ours are lower case.
  if (anchor.startsWith('tag/') && !anchor.includes('/operation/') && exists(anchor.toLowerCase()))
    return anchor.toLowerCase();
  const redoc = REDOC_OPERATION.exec(anchor);
  if (redoc) {
    const operation = anchorFor.operation(redoc[1] ?? '');
    if (exists(operation)) return operation;
    const viaAlias = aliases[operation];
    if (viaAlias && exists(viaAlias)) return viaAlias;
  }
  return undefined;
}
