import { transform } from 'sucrase';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('loading the compiler', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    globalThis.kilowiseCompile = transform;
  });

  /** A frame whose `<meta name="kilowise-compiler">` names compiler.TEST.js; `added`: each script it is given. */
  function frameDocument() {
    const added: (EventTarget & { src: string; removed: boolean })[] = [];
    const createScript = () => Object.assign(new EventTarget(), { src: '', removed: false });
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', {
      querySelector: (selector: string) =>
        selector === 'meta[name="kilowise-compiler"]' ? { content: 'compiler.TEST.js' } : null,
      createElement: (tag: string) => {
        if (tag !== 'script') throw new Error(tag);
        const script = createScript();
        return Object.assign(script, {
          remove: () => {
            script.removed = true;
          },
        });
      },
      head: { append: (script: (typeof added)[number]) => added.push(script) },
    });
    return added;
  }

  /** compilerReady of a fresh copy of the module: none of the other tests' scripts. */
  async function freshCompilerReady() {
    vi.resetModules();
    return (await import('./run-code')).compilerReady;
  }

  it('adds the script the frame names when it is first needed, once, and resolves once it has run', async () => {
    const added = frameDocument();
    const compilerReady = await freshCompilerReady();
    globalThis.kilowiseCompile = undefined;
    const first = compilerReady();
    const second = compilerReady();
    expect(added.map((script) => script.src)).toEqual(['compiler.TEST.js']);
    let ready = false;
    void first.then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    globalThis.kilowiseCompile = transform;
    window.dispatchEvent(new Event('kilowise-compiler'));
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    await expect(compilerReady()).resolves.toBeUndefined();
    expect(added).toHaveLength(1);
  });

  it('rejects when the script cannot load, and the next call tries again', async () => {
    const added = frameDocument();
    const compilerReady = await freshCompilerReady();
    globalThis.kilowiseCompile = undefined;
    const failing = compilerReady();
    added[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('the compiler could not load');
    expect(added[0]?.removed).toBe(true);
    const retry = compilerReady();
    expect(added).toHaveLength(2);
    globalThis.kilowiseCompile = transform;
    window.dispatchEvent(new Event('kilowise-compiler'));
    await expect(retry).resolves.toBeUndefined();
  });

  it('needs no script once the compiler is there', async () => {
    const added = frameDocument();
    const compilerReady = await freshCompilerReady();
    await expect(compilerReady()).resolves.toBeUndefined();
    expect(added).toEqual([]);
  });
});
