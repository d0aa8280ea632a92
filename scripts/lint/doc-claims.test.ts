import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkDocs, docsAboutTheCode, entryPointOf, workingTree, type Finding, type Repository } from './doc-claims';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** A repository held in memory: its files and their text, and package.json's scripts. */
function repository(files: Record<string, string>, scripts: string[] = []): Repository {
  return {
    files: Object.keys(files),
    scripts: new Set(scripts),
    ignored: (file) => file.startsWith('out/'),
    read: (file) => files[file] ?? '',
  };
}

const CODE = {
  'lib/sandbox/sandbox.ts': 'export function createSandbox() {}\nconst hidden = 1;\n',
  'lib/sandbox/router.ts': 'export const matchRoute = (deviceId: string) => deviceId;\n',
  'lib/contract/index.ts': "export { getOperationContract } from './operation-contract';\n",
  'lib/contract/operation-contract.ts': 'export async function getOperationContract() {}\n',
  'content/recipes/charge-now.arazzo.yaml': 'workflowId: charge-now\n',
  'next.config.mjs': 'export default { async headers() { return []; } };\n',
  'docs/architecture/sandbox.md': '',
};

/** The findings of one document, written at `docs/architecture/sandbox.md`, as the test prints them. */
function findingsOf(doc: string, scripts = ['build', 'test']): string[] {
  const repo = repository({ ...CODE, 'docs/architecture/sandbox.md': doc }, scripts);
  return checkDocs(['docs/architecture/sandbox.md'], repo).map(
    (finding) => `${finding.file}:${finding.line}: ${finding.claim} (${finding.problem})`,
  );
}

describe('checkDocs', () => {
  it('passes a document whose every claim holds', () => {
    const doc = [
      '# The sandbox',
      '',
      'The entry point is `createSandbox` in `lib/sandbox/sandbox.ts`; it routes with `router.ts` and `matchRoute`.',
      'Recipes are `content/recipes/{workflowId}.arazzo.yaml`, read by `lib/{sandbox,contract}/`; see `lib/**/*.ts`.',
      '`getOperationContract()` reads it; `headers()` in `next.config.mjs`. Run `npm run build`, then `npm test`.',
      'Routes (`/docs/recipes`), types (`text/markdown`), the export (`out/`, `404.html`) and `Node.js` are not claims,',
      "nor a library's names, such as next-themes' `disableTransitionOnChange` and swagger-parser's `validate()`.",
      'A field such as `deviceId` is a word the code must have.',
      'The [README](../../README.md) is not checked here, but [the router](../../lib/sandbox/router.ts#L1) is.',
    ].join('\n');
    expect(findingsOf(doc.replace('../../README.md', '../../lib/contract/index.ts'))).toEqual([]);
  });

  it('fails a path that names no file, with the file and line', () => {
    expect(findingsOf('# A\n\nThe steps are in `lib/build/steps.ts`.\n')).toEqual([
      'docs/architecture/sandbox.md:3: lib/build/steps.ts (no such file or folder)',
    ]);
  });

  it('fails a file name, a folder or a template that matches nothing in the tree', () => {
    expect(findingsOf('`controls.ts`, `lib/sandbox/handlers/` and `content/recipes/{id}.json`\n')).toEqual([
      'docs/architecture/sandbox.md:1: controls.ts (no such file or folder)',
      'docs/architecture/sandbox.md:1: lib/sandbox/handlers/ (no such file or folder)',
      'docs/architecture/sandbox.md:1: content/recipes/{id}.json (no such file or folder)',
    ]);
  });

  it('fails a script package.json lacks, in prose and in fenced code', () => {
    expect(findingsOf('Run `npm run search:build`.\n\n```bash\nnpm run bench\nnpm test\n```\n')).toEqual([
      'docs/architecture/sandbox.md:1: npm run search:build (no such script in package.json)',
      'docs/architecture/sandbox.md:4: npm run bench (no such script in package.json)',
    ]);
  });

  it('fails a name the code does not have, and one tied to a file that does not name it', () => {
    expect(findingsOf('`startSandbox()` and `MAX_SESSIONS`; `hidden` in `lib/sandbox/sandbox.ts`.\n').join('\n')).toBe(
      [
        'docs/architecture/sandbox.md:1: startSandbox (no code of the repository names it)',
        'docs/architecture/sandbox.md:1: MAX_SESSIONS (no code of the repository names it)',
      ].join('\n'),
    );
    expect(findingsOf('`matchRoute` in `lib/sandbox/sandbox.ts`\n')).toEqual([
      'docs/architecture/sandbox.md:1: matchRoute (lib/sandbox/sandbox.ts does not name it)',
    ]);
  });

  it('fails a relative link to a file that is not there', () => {
    expect(findingsOf('See [the store](../../lib/store/memory.ts).\n')).toEqual([
      'docs/architecture/sandbox.md:1: ../../lib/store/memory.ts (the link points at no file)',
    ]);
  });

  it('reads no claim inside fenced code but the scripts it runs', () => {
    expect(findingsOf('```ts\nimport { x } from `lib/nowhere.ts`;\n```\n')).toEqual([]);
  });
});

describe('entryPointOf', () => {
  const roots = new Set(['lib', 'scripts']);

  it("reads the first path of the page's first passage, in a line or a section", () => {
    expect(entryPointOf('# Search\n\nWhere it lives: `scripts/build.ts`, `lib/search/`.\n', roots)).toEqual({
      line: 3,
      path: 'scripts/build.ts',
    });
    const section =
      '# The sandbox\n\nBack to the README.\n\n## Where it lives\n\n- `createSandbox` in `lib/sandbox/sandbox.ts`\n';
    expect(entryPointOf(section, roots)).toEqual({ line: 5, path: 'lib/sandbox/sandbox.ts' });
  });

  it('finds none where the page starts with something else', () => {
    expect(entryPointOf('# Search\n\nSearch is local.\n\nWhere it lives: `lib/search/`.\n', roots)).toBeUndefined();
  });
});

describe('README.md, CONTRIBUTING.md and docs/ on the repository', () => {
  let repo: Repository;
  let docs: string[];
  let findings: Finding[];
  beforeAll(() => {
    repo = workingTree(ROOT);
    docs = docsAboutTheCode(repo);
    findings = checkDocs(docs, repo);
  });

  it('are read: the README, CONTRIBUTING and the architecture pages', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/architecture/sandbox.md']));
  });

  it('name only paths, scripts and code that exist', () => {
    const lines = findings.map((finding) => `${finding.file}:${finding.line}: ${finding.claim} (${finding.problem})`);
    expect(lines, 'claims of the docs about the code that the tree does not hold').toEqual([]);
  });

  it('start each architecture page with "Where it lives", naming a file (its entry point) first', () => {
    const roots = new Set(repo.files.map((file) => file.split('/')[0] ?? file));
    const pages = docs.filter((doc) => doc.startsWith('docs/architecture/'));
    expect(pages.length).toBeGreaterThan(5);
    const wrong = pages.flatMap((page) => {
      const entry = entryPointOf(repo.read(page), roots);
      if (!entry) return [`${page}: does not start with "Where it lives"`];
      const first = entry.path;
      const isFile = first !== undefined && repo.files.some((file) => file === first || file.endsWith(`/${first}`));
      return isFile ? [] : [`${page}:${entry.line}: names ${first ?? 'no path'} first, not a file`];
    });
    expect(wrong).toEqual([]);
  });
});
