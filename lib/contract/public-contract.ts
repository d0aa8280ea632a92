import { createHash } from 'node:crypto';

/** Where the build publishes the contract for pages that start a sandbox on a click (the recipes), below `public/`. */
export const PUBLIC_CONTRACT_DIR = 'generated/sandbox';

/**
 * The URL of the published contract: named by its content, so that no cache serves a page the contract of another
 * build. The build writes the file, and the pages name it, from the same JSON text.
 */
export function publicContractUrl(json: string): string {
  return `/${PUBLIC_CONTRACT_DIR}/contract-${createHash('sha256').update(json).digest('hex').slice(0, 16)}.json`;
}
