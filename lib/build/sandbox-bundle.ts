// The sandbox server as one file for Node.js 20 or later, for partners without this repository: the entry
// lib/sandbox/standalone.ts (the same command as `npm run sandbox`, lib/sandbox/cli.ts) and every module it needs,
// zod and @cfworker/json-schema included, bundled by esbuild with the contract the site was built from. The build
// writes it to public/ (scripts/build-sandbox-bundle.ts); its test runs it from an empty folder.
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import type { OperationContract } from '../contract/operation-contract';
import { siteConfig } from '../site';

/** Where the site serves it, and so where the build writes it under public/. */
export const SANDBOX_BUNDLE_URL = '/sandbox/kilowise-sandbox.mjs';
export const SANDBOX_BUNDLE_FILE = path.join('public', SANDBOX_BUNDLE_URL);
const ENTRY = 'lib/sandbox/standalone.ts';

/** A package of node_modules whose code is in the bundle, with its licence. */
export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  /** Its author, as its package.json names them. */
  author?: string;
  /** The text of its LICENSE file, when the package ships one. */
  licenseText?: string;
}

export interface SandboxBundle {
  /** The file: `#!/usr/bin/env node`, the comment banner, the code, the bundled packages' licence texts. */
  text: string;
  packages: BundledPackage[];
}

/** The package a file of node_modules belongs to, and its folder: `…/node_modules/@scope/name/…`. */
function packageOf(file: string): { name: string; dir: string } | undefined {
  const match = /^(.*\bnode_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(file.split(path.sep).join('/'));
  return match ? { name: match[2] as string, dir: match[1] as string } : undefined;
}

function readPackage(dir: string): BundledPackage {
  const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  const license = typeof json.license === 'string' ? json.license : 'no licence named in its package.json';
  const author =
    typeof json.author === 'string'
      ? json.author
      : typeof json.author === 'object' && json.author !== null && 'name' in json.author
        ? String(json.author.name)
        : undefined;
  const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'LICENCE']
    .map((name) => path.join(dir, name))
    .find((candidate) => existsSync(candidate));
  return {
    name: String(json.name),
    version: String(json.version),
    license,
    author,
    licenseText: file ? readFileSync(file, 'utf8').trim() : undefined,
  };
}

/** A text as a block comment, which no `*\/` inside it can end early. */
const blockComment = (text: string) =>
  `/*\n${text
    .replaceAll('*/', '* /')
    .split('\n')
    .map((line) => ` *${line ? ` ${line}` : ''}`)
    .join('\n')}\n */`;

/**
 * Bundles the sandbox with `contract` (check it against operationContractSchema first: the bundle trusts it).
 * Throws if the code would import anything at run time but Node's own modules, so the file runs with nothing
 * installed beside it. `root` is the repository's folder.
 */
export async function bundleSandbox(contract: OperationContract, root = process.cwd()): Promise<SandboxBundle> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    outfile: 'kilowise-sandbox.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    // The contract as a JSON value where the entry names it; and production for the bundled packages (Immer's
    // development checks and error texts are for a library's developers, and cost a partner's file 3 KB).
    define: { KILOWISE_SANDBOX_CONTRACT: JSON.stringify(contract), 'process.env.NODE_ENV': '"production"' },
    legalComments: 'eof',
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
  const foreign = imports.filter((entry) => !isBuiltin(entry.path) || entry.kind === 'require-call');
  if (foreign.length > 0)
    throw new Error(
      `[sandbox bundle] the bundle would load ${foreign.map((entry) => `${entry.path} (${entry.kind})`).join(', ')} at run time: it must hold all its code, and import only node: modules`,
    );
  const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'))?.text;
  if (code === undefined) throw new Error('[sandbox bundle] esbuild wrote no .mjs file');
  const dirs = new Map<string, string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const found = packageOf(path.resolve(root, input));
    if (found) dirs.set(found.name, found.dir);
  }
  const packages = [...dirs.values()].map(readPackage).sort((a, b) => a.name.localeCompare(b.name));
  const banner = [
    '#!/usr/bin/env node',
    `// Kilowise sandbox: a simulation of the ${contract.title} ${contract.version}, for your integration tests.`,
    `// Node.js 20 or later, nothing to install: node kilowise-sandbox.mjs --port 4010. ${siteConfig.url}/docs/sandbox`,
    `// Licences: ${packages.map((entry) => `${entry.name} ${entry.version} (${entry.license})`).join(', ')}, bundled here; their licence texts are at the end of this file.`,
  ];
  const notices = packages.map((entry) =>
    blockComment(
      `${entry.name} ${entry.version}, licence ${entry.license}:\n\n${entry.licenseText ?? `The package ships no licence file; its package.json names the ${entry.license} licence${entry.author ? ` and ${entry.author} as its author` : ''}.`}`,
    ),
  );
  return { text: [...banner, code.trimEnd(), ...notices, ''].join('\n'), packages };
}
