import type { transform as Transform } from 'sucrase';
import { compileWith } from '@/lib/package-playground/compile';
import { COMPILER_META } from '@/lib/package-playground/frame-url';

/**
 * Compiling and running the reader's code inside the preview frame. TypeScript and JSX become
 * CommonJS (sucrase: a few milliseconds for a page of code), which runs with a `require` that knows
 * only the modules the playground offers. The compiler comes in a script of its own (`compiler.ts`),
 * which the frame loads only when it has code to compile: an example comes compiled already.
 */

let loading: Promise<void> | undefined;

/**
 * Resolves once the compiler script has run. The first call adds the script to the frame (the frame's policy
 * allows scripts from its own path); if it cannot load, the promise rejects, and the next call tries again.
 */
export function compilerReady(): Promise<void> {
  if (globalThis.kilowiseCompile) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const src = document.querySelector<HTMLMetaElement>(`meta[name="${COMPILER_META}"]`)?.content;
    if (!src) throw new Error(`the frame names no compiler script (meta ${COMPILER_META})`);
    const script = document.createElement('script');
    const loaded = () => resolve();
    window.addEventListener('kilowise-compiler', loaded, { once: true });
    script.addEventListener('error', () => {
      window.removeEventListener('kilowise-compiler', loaded);
      script.remove();
      loading = undefined;
      reject(new Error('the compiler could not load: run the code again to retry, or reload the page'));
    });
    script.src = src;
    document.head.append(script);
  });
  return loading;
}

function transformer(): typeof Transform {
  const transform = globalThis.kilowiseCompile;
  if (!transform) throw new Error('the compiler has not loaded yet');
  return transform;
}

/** The reader's code failed to compile: the message names the line and column. */
export class CompileError extends Error {}

/** TypeScript with JSX and ES imports, as CommonJS that calls `require`. */
export function compile(code: string): string {
  try {
    return compileWith(transformer(), code);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CompileError(message.replace(/^Error transforming playground\.tsx: /, ''));
  }
}

/** What the code exports: `export default …` is `default`. */
export type CodeExports = Record<string, unknown>;

/** Runs compiled code with `modules` as the only importable names, and returns what it exports. */
export function evaluate(compiled: string, modules: Readonly<Record<string, unknown>>): CodeExports {
  const exports: CodeExports = {};
  const cjsModule = { exports };
  const require = (name: string): unknown => {
    if (Object.hasOwn(modules, name)) return modules[name];
    throw new Error(`Cannot import "${name}" here: the playground has ${Object.keys(modules).join(', ')}`);
  };
  // The frame's policy allows eval for this: the frame is sandboxed into an origin of its own.
  const run = new Function('require', 'module', 'exports', compiled) as (
    req: typeof require,
    mod: typeof cjsModule,
    exp: CodeExports,
  ) => void;
  run(require, cjsModule, exports);
  return cjsModule.exports;
}

/** A value as readable text: JSON where it can be, with `undefined`, functions and cycles named. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'string') return value;
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(
        value,
        (_key, item: unknown) => {
          if (typeof item === 'function') return `[function ${item.name || 'anonymous'}]`;
          if (typeof item === 'bigint') return `${item}n`;
          if (item instanceof Error) return `${item.name}: ${item.message}`;
          if (item && typeof item === 'object') {
            if (seen.has(item)) return '[circular]';
            seen.add(item);
          }
          return item;
        },
        2,
      ) ?? String(value)
    );
  } catch {
    return String(value);
  }
}
