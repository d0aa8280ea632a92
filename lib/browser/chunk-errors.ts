/** What browsers and bundlers say when a JS or CSS chunk of the build failed to download (usually after a deploy). */
const CHUNK_LOAD_MESSAGE =
  /Loading (CSS )?chunk [\w/-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|ChunkLoadError/i;

/** Whether an error (or a rejection's reason) is a failed download of a chunk, which a reload usually fixes. */
export function isChunkLoadFailure(reason: { name?: unknown; message?: unknown } | null | undefined): boolean {
  return Boolean(reason && (reason.name === 'ChunkLoadError' || CHUNK_LOAD_MESSAGE.test(String(reason.message))));
}
