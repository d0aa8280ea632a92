/**
 * The code of a package playground travels in the URL's hash, so a link reproduces the editor: compressed
 * (deflate-raw, the browser's own CompressionStream) and base64url-encoded, as `#code/{payload}`. The hash
 * never reaches the server, so code in a link is not in any log.
 */

const PREFIX = '#code/';
/** Longer links break in chat tools and address bars; such code is not written to the URL. */
export const MAX_HASH_LENGTH = 16_000;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

async function pipe(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** The hash that holds `code`: `#code/…`. */
export async function codeHash(code: string): Promise<string> {
  return PREFIX + toBase64Url(await pipe(new TextEncoder().encode(code), new CompressionStream('deflate-raw')));
}

/**
 * The code a hash holds; `undefined` when the hash holds none. A hash that is cut or altered is an
 * error that says so, so the page can tell the reader and fall back to the example.
 */
export async function codeFromHash(hash: string): Promise<string | undefined> {
  if (!hash.startsWith(PREFIX)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(
      await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('deflate-raw')),
    );
  } catch (cause) {
    throw new Error('The code in this link is damaged (cut short or altered); showing the example instead.', { cause });
  }
}
