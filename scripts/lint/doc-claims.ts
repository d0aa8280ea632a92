import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the prose about the code (README.md, CONTRIBUTING.md, docs/) claims exists: the repository paths, the
 * npm scripts and the code's names it writes in code spans, and the files its relative links point at. A claim
 * is checked against the working tree, so a doc that names a file after it moved fails the test that reads it.
 */
export type Claim =
  | { kind: 'path'; line: number; path: string }
  | { kind: 'link'; line: number; path: string }
  | { kind: 'script'; line: number; name: string }
  | { kind: 'symbol'; line: number; name: string; in?: string };

/** What a claim is checked against: the tree's files, its scripts and the names its code declares. */
export interface Repository {
  /** Every file of the working tree that git does not ignore, relative to the root, with `/`. */
  files: readonly string[];
  /** The scripts of package.json. */
  scripts: ReadonlySet<string>;
  /** Whether git ignores the path: build output (`out/`, `public/generated/`), which a doc may name unbuilt. */
  ignored(file: string): boolean;
  /** The text of a file of the tree (only ever asked for one of `files`). */
  read(file: string): string;
}

/** A claim that does not hold, as the test prints it: `README.md:12: lib/x.ts (no such file or folder)`. */
export interface Finding {
  file: string;
  line: number;
  claim: string;
  problem: string;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
/** The names of source files that a span may give without their folder. */
const SOURCE_NAME = /\.(ts|tsx|mts)$/;
const PATH_SHAPE = /^[\w@.\-[\]{},…*]+(\/[\w@.\-[\]{},…*]+)*\/?$/;
/** Names of the code: camelCase, PascalCase with two humps or more, CONSTANT_CASE; `name()` for a call. */
const CODE_NAME = /^([a-z][a-z0-9]*[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*|[A-Z][A-Z0-9]*(_[A-Z0-9]+)+)$/;
const CALL = /^([A-Za-z_$][\w$]*)\(\)$/;

/** The first segment of a path: its folder at the root, or the file's name. */
const firstSegment = (file: string) => file.split('/')[0] ?? file;

/**
 * The code spans of one line, in order (a span may be fenced by more than one backtick). A span after a word's
 * possessive (next-themes' `disableTransitionOnChange`, swagger-parser's `validate()`) names a library's code.
 */
function codeSpans(line: string): { span: string; library: boolean }[] {
  return [...line.matchAll(/(`+)(.+?)\1/g)].map((match) => ({
    span: (match[2] ?? '').trim(),
    library: /[\w-]('s|s') $/.test(line.slice(0, match.index)),
  }));
}

/** The npm scripts a piece of text runs: `npm run x`, `npm test`, `npm start`. */
function scriptsRun(text: string): string[] {
  const named = [...text.matchAll(/\bnpm run ([\w:.-]+)/g)].flatMap((match) => match[1] ?? []);
  const standard = [...text.matchAll(/\bnpm (test|start)\b/g)].flatMap((match) => match[1] ?? []);
  return [...named, ...standard];
}

/**
 * A span that names a path of the repository, or undefined. A path from a folder of the root is one (`lib/x/`,
 * `content/recipes/{workflowId}.arazzo.yaml`); elsewhere only a source file's name is (`router.ts`), since URLs,
 * routes, MIME types, the export's files (`404.html`) and language names (`Node.js`) are not the tree's.
 */
function pathOf(span: string, roots: ReadonlySet<string>): string | undefined {
  if (!PATH_SHAPE.test(span) || span.startsWith('.') || span.includes('…')) return undefined;
  if (span.includes('/') && roots.has(firstSegment(span))) return span;
  return !span.includes('/') && SOURCE_NAME.test(span) ? span : undefined;
}

/** Every claim of one Markdown document, with its line. Fenced code is read for the scripts it runs only. */
export function docClaims(text: string, roots: ReadonlySet<string>): Claim[] {
  const claims: Claim[] = [];
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (/^\s*(```|~~~)/.test(content)) {
      fenced = !fenced;
      return;
    }
    for (const name of scriptsRun(content)) claims.push({ kind: 'script', line, name });
    if (fenced) return;
    for (const match of content.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] ?? '').split('#')[0];
      if (target && !/^[a-z]+:/.test(target) && !target.startsWith('/'))
        claims.push({ kind: 'link', line, path: target });
    }
    claims.push(...spanClaims(content, line, roots));
  });
  return claims;
}

/** The paths and names in one line's code spans; "`name` in `path`" and "`name` (`path`)" tie a name to a file. */
function spanClaims(content: string, line: number, roots: ReadonlySet<string>): Claim[] {
  const claims: Claim[] = [];
  const tied = new Map<string, string>();
  for (const match of content.matchAll(/`([\w$]+)(?:\(\))?`(?: in | from | \()`([^`]+)`/g)) {
    const [, name = '', span = ''] = match;
    const file = pathOf(span, roots);
    if (file) tied.set(name, file);
  }
  for (const { span, library } of codeSpans(content)) {
    const file = pathOf(span, roots);
    if (file) {
      claims.push({ kind: 'path', line, path: file });
      continue;
    }
    const name = CALL.exec(span)?.[1] ?? (CODE_NAME.test(span) ? span : undefined);
    if (name && !library)
      claims.push({ kind: 'symbol', line, name, ...(tied.has(name) ? { in: tied.get(name) } : {}) });
  }
  return claims;
}

/** A path with `{a,b}`, `{name}`, `*` and `**` as a pattern over the tree's paths. */
function pathPattern(claimed: string): RegExp {
  const source = claimed
    .replace(/\/$/, '')
    .split(/(\{[^}]*\}|\*\*\/?|\*)/)
    .map((part) => {
      if (part.startsWith('**')) return '(?:.*/)?';
      if (part === '*') return '[^/]*';
      if (part.startsWith('{')) {
        const options = part.slice(1, -1).split(',');
        return options.length > 1 ? `(?:${options.map(escape).join('|')})` : '[^/]+';
      }
      return escape(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The tree as the checks read it: files and folders, the names each module exports, every word of the code. */
class TreeIndex {
  readonly entries: string[];
  readonly roots: Set<string>;
  private words?: Set<string>;

  constructor(private readonly repo: Repository) {
    const folders = new Set(
      repo.files.flatMap((file) =>
        file
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    );
    this.entries = [...repo.files, ...folders];
    this.roots = new Set(this.entries.map(firstSegment));
  }

  /** Whether a claimed path names a file or folder: from the root when it starts with one, else at any depth. */
  exists(claimed: string): boolean {
    const pattern = pathPattern(claimed);
    const rooted = this.roots.has(firstSegment(claimed)) && claimed.includes('/');
    return this.entries.some((entry) => pattern.test(entry) || (!rooted && endsWith(entry, pattern)));
  }

  /** The files a claimed path stands for (a folder: the files below it). */
  filesOf(claimed: string): string[] {
    const pattern = pathPattern(claimed);
    return this.repo.files.filter((file) => pattern.test(file) || file.startsWith(`${claimed.replace(/\/$/, '')}/`));
  }

  /** Whether a file has the name as a word: declares, exports or reads it. */
  names(file: string, name: string): boolean {
    return new RegExp(`(^|[^\\w$])${escape(name)}(?![\\w$])`).test(this.repo.read(file));
  }

  /** Whether any source or data file of the tree (the docs themselves aside) has the word. */
  mentions(name: string): boolean {
    this.words ??= new Set(
      this.repo.files
        .filter((file) => SOURCE.test(file) || /\.(ya?ml|json)$/.test(file))
        .flatMap((file) => this.repo.read(file).match(/[A-Za-z_$][\w$]*/g) ?? []),
    );
    return this.words.has(name);
  }
}

/** Whether a path ends with a run of whole segments that the pattern matches (`router.ts`, `handlers/`). */
function endsWith(entry: string, pattern: RegExp): boolean {
  const segments = entry.split('/');
  return segments.some((_, i) => pattern.test(segments.slice(i).join('/')));
}

/** What is wrong with one claim of a document, or undefined when it holds. */
function problemOf(claim: Claim, doc: string, tree: TreeIndex, repo: Repository): string | undefined {
  switch (claim.kind) {
    case 'script':
      return repo.scripts.has(claim.name) ? undefined : 'no such script in package.json';
    case 'link': {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(doc), decodeURI(claim.path)));
      return tree.entries.includes(target.replace(/\/$/, '')) ? undefined : 'the link points at no file';
    }
    case 'path':
      return tree.exists(claim.path) || repo.ignored(claim.path) ? undefined : 'no such file or folder';
    case 'symbol': {
      if (claim.in === undefined) return tree.mentions(claim.name) ? undefined : 'no code of the repository names it';
      const files = tree.filesOf(claim.in).filter((file) => SOURCE.test(file));
      return files.some((file) => tree.names(file, claim.name)) ? undefined : `${claim.in} does not name it`;
    }
  }
}

/** The text a finding quotes for a claim. */
const claimText = (claim: Claim) =>
  claim.kind === 'script' ? `npm run ${claim.name}` : claim.kind === 'symbol' ? claim.name : claim.path;

/** Every claim of the documents that does not hold, in document order. */
export function checkDocs(docs: readonly string[], repo: Repository): Finding[] {
  const tree = new TreeIndex(repo);
  return docs.flatMap((doc) =>
    docClaims(repo.read(doc), tree.roots).flatMap((claim) => {
      const problem = problemOf(claim, doc, tree, repo);
      return problem ? [{ file: doc, line: claim.line, claim: claimText(claim), problem }] : [];
    }),
  );
}

/** The working tree at `root`: the files git tracks or would track, and package.json's scripts. */
export function workingTree(root: string): Repository {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    // A tracked file deleted in the working tree is gone as far as the docs are concerned.
    .filter((file) => file && existsSync(path.join(root, file)));
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const cache = new Map<string, string>();
  return {
    files,
    scripts: new Set(Object.keys(manifest.scripts ?? {})),
    ignored: (file) => spawnSync('git', ['check-ignore', '--quiet', '--no-index', file], { cwd: root }).status === 0,
    read(file) {
      if (!cache.has(file)) cache.set(file, readFileSync(path.join(root, file), 'utf8'));
      return cache.get(file) ?? '';
    },
  };
}

/** The documents about the code: the README, CONTRIBUTING and every Markdown file under docs/. */
export const docsAboutTheCode = (repo: Repository) =>
  repo.files.filter((file) => file === 'README.md' || file === 'CONTRIBUTING.md' || /^docs\/.*\.md$/.test(file)).sort();

/**
 * What an architecture page's "Where it lives" names first, which should be its entry point: a file, not a folder.
 * The passage is the page's first after its title (a line `Where it lives: …`, or a `## Where it lives` section).
 * Undefined when the page does not start with it.
 */
export function entryPointOf(text: string, roots: ReadonlySet<string>): { line: number; path?: string } | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((content, index) => index > 0 && content.trim() !== '' && !/^Back to /.test(content));
  if (start < 0 || !/^(## )?Where it lives\b/.test(lines[start] ?? '')) return undefined;
  // The passage runs to the next heading; its first few lines are where an entry point is named.
  for (
    let index = start;
    index < Math.min(lines.length, start + 8) && !(index > start && (lines[index] ?? '').startsWith('#'));
    index++
  ) {
    const first = codeSpans(lines[index] ?? '').find(({ span }) => pathOf(span, roots));
    if (first) return { line: start + 1, path: first.span };
  }
  return { line: start + 1 };
}
