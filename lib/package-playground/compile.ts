import type { Options, transform as Transform } from 'sucrase';

/**
 * How the package playgrounds compile code: TypeScript with JSX and ES imports, as CommonJS that calls
 * `require` (sucrase). The preview frame compiles the reader's code with these options
 * (components/package-playground/frame/run-code.ts, with the compiler script it loads when it needs it), and
 * the server compiles each example ahead of time with the same ones (examples.ts), so that the frame can run
 * an example's compiled code exactly as if it had compiled the source itself.
 */
export const COMPILE_OPTIONS: Readonly<Options> = {
  transforms: ['typescript', 'jsx', 'imports'],
  jsxRuntime: 'automatic',
  production: true,
  filePath: 'playground.tsx',
};

/** `code` compiled with sucrase's `transform`: the frame's compiler script, or sucrase imported on the server. */
export function compileWith(transform: typeof Transform, code: string): string {
  return transform(code, COMPILE_OPTIONS).code;
}
