import { transform } from 'sucrase';
import { describe, expect, it } from 'vitest';
import { compile, CompileError, describeValue, evaluate } from './run-code';

// In the frame, compiler.ts (its own script) sets this.
globalThis.kilowiseCompile = transform;

describe('running the reader code', () => {
  it('compiles TypeScript and JSX to code that imports through require', () => {
    const compiled = compile(
      "import { useState } from 'react';\nexport default function A() {\n  const [n] = useState<number>(2);\n  return <p>{n}</p>;\n}\n",
    );
    expect(compiled).toContain("require('react')");
    expect(compiled).toContain('require("react/jsx-runtime")');
    expect(compiled).not.toContain('<number>');
  });

  it('names the line and column of a syntax error', () => {
    expect(() => compile('const a = 1;\nexport default {')).toThrow(CompileError);
    expect(() => compile('const a = 1;\nexport default { a;')).toThrow(/\(2:\d+\)$/);
  });

  it('runs with only the modules given, and says which ones those are', () => {
    const exports = evaluate(compile("import { twice } from 'math';\nexport default twice(21);\n"), {
      math: { twice: (n: number) => n * 2 },
    });
    expect(exports.default).toBe(42);
    expect(() => evaluate(compile("import lodash from 'lodash';\nexport default lodash;\n"), { react: {} })).toThrow(
      'Cannot import "lodash" here: the playground has react',
    );
  });

  it('describes values as JSON, with functions, undefined and cycles named', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(function fetchAll() {})).toBe('[function fetchAll]');
    expect(describeValue(cyclic)).toBe('{\n  "name": "loop",\n  "self": "[circular]"\n}');
    expect(describeValue({ error: new RangeError('bad') })).toContain('"RangeError: bad"');
  });
});
