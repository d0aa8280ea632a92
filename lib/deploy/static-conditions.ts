// Range and preconditions on static files under `next start`. Next serves public/ and /_next/static/ with the `send`
// package, and renders send's 412 and 416 as an error page, which fails: a bare 500 for `Range: bytes=abc`,
// `Range: bytes=999999999-`, `If-Match: "x"` or an If-Unmodified-Since before the file's time (the fifth probe).
// The server hook (lib/deploy/trace.ts) runs this first, on the file's own size and time, as send would judge them:
// a precondition that fails is 412, a Range that is well-formed but asks only for bytes past the end is 416 with
// `Content-Range: bytes */size`, and a Range that is not well-formed is dropped, so the whole file goes out (HTTP
// lets a server ignore Range, RFC 9110 §14.2). Whatever passes goes to Next as before (206 for a good range).
import { statSync } from 'node:fs';
import path from 'node:path';

/** Where the files Next serves itself live: public/ at `/`, and the build's static folder at `/_next/static/`. */
export interface StaticRoots {
  publicDir: string;
  nextStaticDir: string;
}

/** The roots of the build this process serves (KILOWISE_DIST_DIR, as next.config.mjs reads it). */
export function staticRootsOf(env: Record<string, string | undefined>, cwd: string): StaticRoots {
  return {
    publicDir: path.resolve(cwd, 'public'),
    nextStaticDir: path.resolve(cwd, env.KILOWISE_DIST_DIR || '.next', 'static'),
  };
}

/** The file a request path names under `roots`, or undefined for a path that names none (or climbs out of them). */
export function staticFileOf(pathname: string, roots: StaticRoots): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split(/[/\\]/).includes('..')) return undefined;
  const [root, rest] = decoded.startsWith('/_next/static/')
    ? [roots.nextStaticDir, decoded.slice('/_next/static/'.length)]
    : [roots.publicDir, decoded.slice(1)];
  const file = path.join(root, rest);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

/** What a file's conditions come to: answer with this, drop the Range and go on, or go on as it is. */
export type ConditionsOutcome =
  { status: 412 | 416; text: string; headers: Record<string, string> } | 'drop range' | undefined;

/** The entity tag send gives a file (weak, from its size and time), which If-Match is compared with. */
export const etagOf = (file: { size: number; mtime: Date }) =>
  `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;

/** A date of HTTP in ms, or NaN: If-Unmodified-Since that is no date is ignored, as HTTP says. */
const httpDate = (value: string | undefined) => (value === undefined ? Number.NaN : Date.parse(value));

/** Whether a precondition fails, as send judges it: If-Match first, else If-Unmodified-Since. */
function preconditionFails(
  headers: Record<string, string | string[] | undefined>,
  file: { size: number; mtime: Date },
) {
  const ifMatch = headers['if-match'];
  if (typeof ifMatch === 'string') {
    if (ifMatch.trim() === '*') return false;
    const etag = etagOf(file);
    // send compares weakly: a tag matches with or without its W/.
    return !ifMatch.split(',').some((token) => {
      const tag = token.trim();
      return tag === etag || `W/${tag}` === etag;
    });
  }
  const since = httpDate(
    typeof headers['if-unmodified-since'] === 'string' ? headers['if-unmodified-since'] : undefined,
  );
  // Compared in whole seconds, as Last-Modified is written.
  return !Number.isNaN(since) && Math.floor(file.mtime.getTime() / 1000) * 1000 > since;
}

/**
 * A Range header's verdict for a file of `size` bytes: 'satisfiable' when every range is well-formed (`a-b` with
 * a ≤ b, `a-`, or a suffix `-n` no longer than the file) and one starts within the file; 'unsatisfiable' when every
 * range is well-formed and none does; 'malformed' otherwise, which send would misjudge and is best ignored.
 */
export function rangeVerdict(range: string, size: number): 'satisfiable' | 'unsatisfiable' | 'malformed' {
  const match = /^\s*bytes=(.+)$/.exec(range);
  if (!match?.[1]) return 'malformed';
  let within = false;
  for (const spec of match[1].split(',')) {
    const parts = /^\s*(\d*)-(\d*)\s*$/.exec(spec);
    const [first, last] = [parts?.[1] ?? '', parts?.[2] ?? ''];
    if (!parts || (first === '' && last === '')) return 'malformed';
    if (first === '') {
      // A suffix longer than the file: send drops it, where HTTP would send the whole file. Dropped here too.
      if (Number(last) === 0 || Number(last) > size) return 'malformed';
      within = true;
    } else {
      if (last !== '' && Number(last) < Number(first)) return 'malformed';
      if (Number(first) < size) within = true;
    }
  }
  return within ? 'satisfiable' : 'unsatisfiable';
}

/** The outcome of a GET or HEAD of a file with these headers (see the file's head). */
export function conditionsOf(
  headers: Record<string, string | string[] | undefined>,
  file: { size: number; mtime: Date },
): ConditionsOutcome {
  if (preconditionFails(headers, file))
    return {
      status: 412,
      text: 'Precondition failed: the file does not match If-Match or has changed since If-Unmodified-Since.\n',
      headers: {},
    };
  const range = headers.range;
  if (typeof range !== 'string' || !/^\s*bytes=/.test(range)) return undefined;
  const verdict = rangeVerdict(range, file.size);
  if (verdict === 'satisfiable') return undefined;
  // With If-Range, send judges the Range only when the file is the version named: dropping it is right either way.
  if (verdict === 'malformed' || headers['if-range'] !== undefined) return 'drop range';
  return {
    status: 416,
    text: `Range not satisfiable: the file has ${file.size} bytes.\n`,
    headers: { 'content-range': `bytes */${file.size}` },
  };
}

/** The file's size and time, when `file` is a regular file; undefined otherwise (Next answers those as before). */
export function fileStat(file: string): { size: number; mtime: Date } | undefined {
  try {
    const stat = statSync(file);
    return stat.isFile() ? { size: stat.size, mtime: stat.mtime } : undefined;
  } catch {
    return undefined;
  }
}
