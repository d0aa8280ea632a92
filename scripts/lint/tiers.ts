// The checks of the folders' tiers that ESLint cannot make one import at a time (scripts/lint/tiers.test.ts runs them
// on the repository; eslint.config.mjs has the per-import rules, CONTRIBUTING.md says what each tier holds):
//   - no cycle between folders: a folder of lib/ or components/ (or hooks/) never depends, through any chain of
//     imports, on a folder that depends on it;
//   - zod in the browser only after lib/browser/zod-jitless.ts has run.
import type { ImportEdge } from './import-graph';

export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

/** A test file: its imports are the test's, not the folder's. */
export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/**
 * The folder a module counts in: `lib/openapi`, `components/api`, `hooks`; a module directly in `lib/` is a folder
 * of its own (`lib/validation`). Undefined for a module outside the tiers checked here (app/, scripts/, e2e/).
 */
export function folderOf(file: string): string | undefined {
  const [top, second, ...rest] = file.split('/');
  if (top === 'hooks') return 'hooks';
  if ((top !== 'lib' && top !== 'components') || second === undefined) return undefined;
  return rest.length > 0 ? `${top}/${second}` : `${top}/${second.replace(/\.[^.]+$/, '')}`;
}

/** Which folder imports which, with the imports (`from → to`) that make each dependency; tests left out. */
export function folderDependencies(graph: ImportGraph): Map<string, Map<string, string[]>> {
  const dependencies = new Map<string, Map<string, string[]>>();
  for (const [file, edges] of graph) {
    const from = folderOf(file);
    if (from === undefined || isTestFile(file)) continue;
    for (const edge of edges) {
      const to = edge.resolved === undefined ? undefined : folderOf(edge.resolved);
      if (to === undefined || to === from) continue;
      const targets = dependencies.get(from) ?? new Map<string, string[]>();
      dependencies.set(from, targets);
      targets.set(to, [...(targets.get(to) ?? []), `${file} → ${edge.resolved}`]);
    }
  }
  return dependencies;
}

/** The groups of folders that depend on each other, each sorted, with the imports between them (Tarjan's SCCs). */
export function folderCycles(dependencies: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>): {
  folders: string[];
  imports: string[];
}[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) ?? 0);
    stack.push(folder);
    onStack.add(folder);
    for (const next of dependencies.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(folder, Math.min(low.get(folder) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === folder) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  const folders = new Set([
    ...dependencies.keys(),
    ...[...dependencies.values()].flatMap((targets) => [...targets.keys()]),
  ]);
  for (const folder of [...folders].sort()) if (!index.has(folder)) connect(folder);
  return cycles.map((members) => ({
    folders: members,
    imports: members.flatMap((from) =>
      members.flatMap((to) => (from === to ? [] : [...(dependencies.get(from)?.get(to) ?? [])])),
    ),
  }));
}

/** The module that makes zod safe in the browser: imported before any zod schema is built there. */
export const ZOD_JITLESS = 'lib/browser/zod-jitless.ts';

const loads = (edge: ImportEdge) => !edge.typeOnly && edge.resolved !== undefined;

/** The modules `entry` evaluates, in the order it evaluates them (ES modules: each one's imports first, in order). */
export function evaluationOrder(graph: ImportGraph, entry: string): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of graph.get(file) ?? []) if (loads(edge) && !edge.dynamic && edge.resolved) visit(edge.resolved);
    order.push(file);
  };
  visit(entry);
  return order;
}

/**
 * Each module the browser loads on its own (a client module, or one it imports with `import()`) that evaluates a
 * module importing zod's full API before lib/browser/zod-jitless.ts: there, zod's probe of `new Function` runs under
 * the page's Content-Security-Policy, which reports it (zod/mini compiles nothing, and never probes). `isClient`
 * says which modules the browser starts from.
 */
export function zodBeforeJitless(graph: ImportGraph, isClient: (file: string) => boolean): string[] {
  const entries = new Set([...graph.keys()].filter((file) => !isTestFile(file) && isClient(file)));
  // What a client module loads later, with import(), is an entry of its own.
  const reached = new Set(entries);
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop())
    for (const edge of graph.get(file) ?? []) {
      if (!loads(edge) || edge.resolved === undefined) continue;
      if (edge.dynamic) entries.add(edge.resolved);
      if (reached.has(edge.resolved)) continue;
      reached.add(edge.resolved);
      pending.push(edge.resolved);
    }
  const usesZod = (file: string) =>
    file !== ZOD_JITLESS &&
    (graph.get(file) ?? []).some((edge) => /^zod(\/v[34](\/classic)?)?$/.test(edge.specifier) && !edge.typeOnly);
  const problems: string[] = [];
  for (const entry of [...entries].sort()) {
    const order = evaluationOrder(graph, entry);
    const first = order.find(usesZod);
    if (first === undefined) continue;
    const jitless = order.indexOf(ZOD_JITLESS);
    if (jitless < 0 || jitless > order.indexOf(first))
      problems.push(
        `${entry} loads zod (through ${first}) before ${ZOD_JITLESS}: make \`import '@/lib/browser/zod-jitless';\` its first import`,
      );
  }
  return problems;
}
