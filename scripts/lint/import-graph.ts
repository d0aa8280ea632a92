// The project's import graph, read from the source with TypeScript's parser (no type check): which module imports
// which, for the tier checks (scripts/lint/tiers.ts). Build-time code: it reads the file system.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { filesUnder } from '../../lib/build/files';

/** One import of a module: what it names, where that resolves (undefined for a package), and how it is imported. */
export interface ImportEdge {
  /** The specifier as written: `./ids`, `@/lib/openapi/anchors`, `zod`. */
  specifier: string;
  /** The imported module's path from the root, or undefined for a package or a file that is not there. */
  resolved: string | undefined;
  /** `import type …` or `export type … from`: erased from the JavaScript, so it loads nothing. */
  typeOnly: boolean;
  /** `import('…')`: loaded when the code runs, not with the module. */
  dynamic: boolean;
}

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The imports of one module's text, in the order they are written. */
export function importsOf(file: string, text: string): Omit<ImportEdge, 'resolved'>[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: Omit<ImportEdge, 'resolved'>[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, dynamic: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, dynamic: false });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module a specifier names, as a path from `root`; undefined for a package or a file that is not there. */
export function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else if (/^kilowise-[a-z]+$/.test(specifier)) base = `packages/${specifier}/src/index.ts`;
  else return undefined;
  const isFile = (candidate: string) =>
    existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile();
  if (isFile(base)) return path.normalize(base);
  // A `.js` specifier of a TypeScript module, as Node's ESM resolution writes it.
  const stem = base.replace(/\.js$/, '');
  for (const extension of EXTENSIONS) if (isFile(stem + extension)) return path.normalize(stem + extension);
  return undefined;
}

/** Every module under `folders` (tests included) and its imports, by its path from `root`. */
export function importGraph(root: string, folders: readonly string[]): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const folder of folders)
    for (const absolute of filesUnder(path.join(root, folder))) {
      if (!SOURCE.test(absolute) || absolute.endsWith('.d.ts')) continue;
      const file = path.relative(root, absolute);
      graph.set(
        file,
        importsOf(file, readFileSync(absolute, 'utf8')).map((edge) => ({
          ...edge,
          resolved: resolveImport(root, file, edge.specifier),
        })),
      );
    }
  return graph;
}
