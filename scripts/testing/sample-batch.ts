// Many request samples of one language, ready to run one by one: a compiled language's are compiled once, together
// (one `go build`, one `javac`, one `mcs`, one `kotlinc`), then each runs as a process of its own with its own
// environment (its own API key). Test code: the samples are this site's own.
//
// Each sample is the code the site shows, written to a file of its own. To stand beside the others in one program,
// a sample's entry point gets a name of its own, on its own line, so every other line (and every line number) is
// the sample's:
// - Go: `func main() {` becomes `func sample12() {`, and a main.go of ours calls the one named on the command line;
// - Java: `public class Main {` becomes `public class Sample12 {` (in Sample12.java), run as `java Sample12`;
// - C#: `class Program` becomes `class Sample12`, and a class of ours (the program's entry point) calls the `Main` of
//   the one named on the command line, then exits;
// - Kotlin: `fun main() {` becomes `fun sample12() {`, and a main of ours calls the one named on the command line.
// A sample that does not compile is set aside with the compiler's first error for it, and the rest are compiled
// again without it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  runFailure,
  runProgram,
  runSample,
  type CompiledLanguage,
  type RunnableLanguage,
  type SampleRun,
  type ScriptLanguage,
} from './run-sample';
import { OKHTTP_JARS } from './toolchains';

export interface SampleBatch {
  /** Runs sample `index` (of the codes given) with `env` added. */
  run(index: number, env: Record<string, string>): Promise<SampleRun>;
  /** Why a run of sample `index` failed, naming the sample's line; undefined when it did not fail. */
  failure(index: number, run: SampleRun): string | undefined;
  /** How long the compile took, in milliseconds (0 for a script language). */
  compileMs: number;
  close(): Promise<void>;
}

const isCompiled = (language: RunnableLanguage): language is CompiledLanguage =>
  ['go', 'java', 'csharp', 'kotlin'].includes(language);

interface Compiled {
  /** The sample's file name, as the compiler and the stack traces name it. */
  file: (index: number) => string;
  /** The sample's code with its entry point renamed; undefined when the sample has no entry point where expected. */
  source: (code: string, index: number) => string | undefined;
  /** What the entry point is expected to be, for the message when it is not there. */
  entry: string;
  /** Files of ours: the program's entry point that calls the sample named on the command line. */
  extra: (indexes: number[]) => Record<string, string>;
  /** The compile command for these sample files and ours. */
  compile: (files: string[]) => [string, string[]];
  /** The run command of sample `index`, in the folder it was compiled in. */
  run: (index: number) => [string, string[]];
  /** `file:line: message` lines of the compiler's output: which sample, the line, the message. */
  errors: RegExp;
}

/** Flags that start a JVM faster for a short program (no change to what the program does). */
const QUICK_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xshare:auto'];

const COMPILED: Record<CompiledLanguage, Compiled> = {
  go: {
    file: (index) => `sample${index}.go`,
    entry: 'func main() {',
    source: (code, index) => renameOnce(code, /^func main\(\) \{$/m, `func sample${index}() {`),
    extra: (indexes) => ({
      'main.go': [
        'package main',
        '',
        'import (',
        '\t"fmt"',
        '\t"os"',
        ')',
        '',
        'func main() {',
        '\tswitch os.Args[1] {',
        ...indexes.flatMap((index) => [`\tcase "sample${index}":`, `\t\tsample${index}()`]),
        '\tdefault:',
        '\t\tfmt.Fprintln(os.Stderr, "no sample", os.Args[1])',
        '\t\tos.Exit(2)',
        '\t}',
        '}',
        '',
      ].join('\n'),
    }),
    compile: (files) => ['go', ['build', '-o', 'samples', ...files]],
    run: (index) => ['./samples', [`sample${index}`]],
    errors: /sample(\d+)\.go:(\d+)(?::\d+)?: (.*)/,
  },
  java: {
    file: (index) => `Sample${index}.java`,
    entry: 'public class Main {',
    source: (code, index) => renameOnce(code, /^public class Main \{$/m, `public class Sample${index} {`),
    extra: () => ({}),
    compile: (files) => ['javac', ['-encoding', 'UTF-8', '-nowarn', '-Xmaxerrs', '10000', '-d', 'classes', ...files]],
    run: (index) => ['java', [...QUICK_JVM, '-cp', 'classes', `Sample${index}`]],
    errors: /Sample(\d+)\.java:(\d+): error: (.*)/,
  },
  csharp: {
    file: (index) => `Sample${index}.cs`,
    entry: 'class Program',
    source: (code, index) => renameOnce(code, /^class Program$/m, `class Sample${index}`),
    extra: () => ({
      'Samples.cs': [
        'using System;',
        'using System.Reflection;',
        'using System.Runtime.ExceptionServices;',
        '',
        'static class Samples',
        '{',
        '    static void Main(string[] args)',
        '    {',
        '        var main = Type.GetType(args[0]).GetMethod("Main", BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic);',
        '        try { main.Invoke(null, null); }',
        '        catch (TargetInvocationException error) { ExceptionDispatchInfo.Capture(error.InnerException).Throw(); }',
        // Mono sometimes stays up after Main returns (about one run in fifty here, its HttpClient's threads).
        '        Environment.Exit(0);',
        '    }',
        '}',
        '',
      ].join('\n'),
    }),
    compile: (files) => [
      'mcs',
      ['-debug', '-nowarn:28,1701', '-main:Samples', '-r:System.Net.Http', '-out:samples.exe', ...files],
    ],
    run: (index) => ['mono', ['--debug', 'samples.exe', `Sample${index}`]],
    errors: /Sample(\d+)\.cs\((\d+),\d+\): error (.*)/,
  },
  kotlin: {
    file: (index) => `Sample${index}.kt`,
    entry: 'fun main() {',
    source: (code, index) => renameOnce(code, /^fun main\(\) \{$/m, `fun sample${index}() {`),
    extra: (indexes) => ({
      'Samples.kt': [
        'fun main(args: Array<String>) {',
        '  when (args[0]) {',
        ...indexes.map((index) => `    "sample${index}" -> sample${index}()`),
        '    else -> throw IllegalArgumentException("no sample " + args[0])',
        '  }',
        '}',
        '',
      ].join('\n'),
    }),
    compile: (files) => [
      'kotlinc',
      ['-nowarn', '-include-runtime', '-cp', OKHTTP_JARS.join(path.delimiter), '-d', 'samples.jar', ...files],
    ],
    run: (index) => [
      'java',
      [...QUICK_JVM, '-cp', ['samples.jar', ...OKHTTP_JARS].join(path.delimiter), 'SamplesKt', `sample${index}`],
    ],
    errors: /Sample(\d+)\.kt:(\d+):\d+: error: (.*)/,
  },
};

/** `code` with the one match of `find` replaced, or undefined when there is not exactly one. */
function renameOnce(code: string, find: RegExp, replacement: string): string | undefined {
  const matches = code.match(new RegExp(find.source, `${find.flags}g`)) ?? [];
  return matches.length === 1 ? code.replace(find, replacement) : undefined;
}

/**
 * Compiles the samples of a compiled language in `folder`, setting aside each that does not compile with its first
 * error, and compiling the rest again, until what is left compiles. Returns the errors by sample.
 */
async function compileAll(
  language: CompiledLanguage,
  folder: string,
  sources: Map<number, string>,
): Promise<Map<number, { line?: number; message: string }>> {
  const spec = COMPILED[language];
  const errors = new Map<number, { line?: number; message: string }>();
  const left = new Set(sources.keys());
  for (let attempt = 0; left.size > 0; attempt += 1) {
    const indexes = [...left];
    const extra = spec.extra(indexes);
    for (const [name, text] of Object.entries(extra)) await writeFile(path.join(folder, name), text);
    const [program, args] = spec.compile([...Object.keys(extra), ...indexes.map(spec.file)]);
    const run = await runProgram(program, args, {
      cwd: folder,
      // Go: only the standard library, never a module download; a build cache even where no HOME says where.
      env: {
        GOPROXY: 'off',
        ...(process.env.GOCACHE || process.env.HOME || process.env.XDG_CACHE_HOME
          ? {}
          : { GOCACHE: path.join(os.tmpdir(), 'kw-go-cache') }),
      },
      timeoutMs: 600_000,
    });
    if (run.exitCode === 0) return errors;
    const output = `${run.stdout}\n${run.stderr}`;
    const found = new Map<number, { line?: number; message: string }>();
    for (const line of output.split('\n')) {
      const match = spec.errors.exec(line);
      const index = Number(match?.[1]);
      if (match && left.has(index) && !found.has(index))
        found.set(index, { line: Number(match[2]), message: (match[3] ?? '').trim() });
    }
    // An error the samples' files do not explain (a missing toolchain, our own file): every sample left fails with it.
    if (found.size === 0 || attempt > 5) {
      const first = output.split('\n').find((line) => /error/i.test(line)) ?? output.trim().split('\n')[0] ?? '';
      for (const index of left) errors.set(index, { message: `${program} failed: ${first.trim()}` });
      return errors;
    }
    for (const [index, error] of found) {
      errors.set(index, error);
      left.delete(index);
    }
  }
  return errors;
}

/**
 * Makes `codes` ready to run: a script language's are written when each runs; a compiled language's are written
 * to one folder and compiled at once. `python` is the Python that runs Python samples.
 */
export async function prepareSamples(
  language: RunnableLanguage,
  codes: readonly string[],
  options: { python: string; timeoutMs?: number },
): Promise<SampleBatch> {
  if (!isCompiled(language)) {
    const script: ScriptLanguage = language;
    return {
      run: (index, env) => runSample(script, codes[index] ?? '', { ...options, env }),
      failure: (index, run) => runFailure(language, run, codes[index] ?? ''),
      compileMs: 0,
      close: async () => {},
    };
  }
  const spec = COMPILED[language];
  const folder = await mkdtemp(path.join(os.tmpdir(), `kw-samples-${language}-`));
  const started = performance.now();
  const sources = new Map<number, string>();
  const errors = new Map<number, { line?: number; message: string }>();
  for (const [index, code] of codes.entries()) {
    const source = spec.source(code, index);
    if (source === undefined) errors.set(index, { message: `the sample has no \`${spec.entry}\` line of its own` });
    else {
      sources.set(index, source);
      await writeFile(path.join(folder, spec.file(index)), `${source}\n`);
    }
  }
  for (const [index, error] of await compileAll(language, folder, sources)) errors.set(index, error);
  const compileMs = performance.now() - started;
  return {
    compileMs,
    run: async (index, env) => {
      const compileError = errors.get(index);
      if (compileError) return { exitCode: 1, stdout: '', stderr: '', compileError };
      const [program, args] = spec.run(index);
      return runProgram(program === './samples' ? path.join(folder, 'samples') : program, args, {
        cwd: folder,
        env,
        timeoutMs: options.timeoutMs ?? 30_000,
      });
    },
    failure: (index, run) => runFailure(language, run, codes[index] ?? '', spec.file(index)),
    close: () => rm(folder, { recursive: true, force: true }),
  };
}
