import type { transform as Transform } from 'sucrase';

/**
 * Compiling and running the reader's code inside the preview frame. TypeScript and JSX become
 * CommonJS (sucrase: a few milliseconds for a page of code), which runs with a `require` that knows
 * only the modules the playground offers. The compiler comes in a script of its own (`compiler.ts`).
 */

/** Resolves once the compiler script has run. */
export function compilerReady(): Promise<void> {
  if (globalThis.kilowiseCompile) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('kilowise-compiler', () => resolve(), { once: true }));
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
    return transformer()(code, {
      transforms: ['typescript', 'jsx', 'imports'],
      jsxRuntime: 'automatic',
      production: true,
      filePath: 'playground.tsx',
    }).code;
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
