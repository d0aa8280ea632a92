// Runs a request sample as a partner would (curl in bash, a Node.js ES module, a Python, PHP or Ruby script) and
// reads what it printed, for the tests that hold every sample to the sandbox. Test code: the samples are this site's
// own. The compiled languages (Go, Java, C#, Kotlin) are compiled once for many samples in sample-batch.ts.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The languages whose samples run one process each, from a file of their own. */
export type ScriptLanguage = 'curl' | 'node' | 'python' | 'php' | 'ruby';
/** The languages whose samples are compiled, all of a run's at once. */
export type CompiledLanguage = 'go' | 'java' | 'csharp' | 'kotlin';
/** The languages whose samples run on this machine. */
export type RunnableLanguage = ScriptLanguage | CompiledLanguage;

export interface SampleRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The compiler's first error for this sample, when it did not compile (then nothing ran). */
  compileError?: { line?: number; message: string };
}

const FILES: Record<ScriptLanguage, { file: string; command: (python: string) => [string, string[]] }> = {
  curl: { file: 'request.sh', command: () => ['bash', ['request.sh']] },
  node: { file: 'request.mjs', command: () => [process.execPath, ['request.mjs']] },
  python: { file: 'request.py', command: (python) => [python, ['request.py']] },
  php: { file: 'request.php', command: () => ['php', ['request.php']] },
  ruby: { file: 'request.rb', command: () => ['ruby', ['request.rb']] },
};

/** Runs a program with `env` added, and returns what it printed; one that takes longer than `timeoutMs` fails. */
export function runProgram(
  program: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<SampleRun> {
  return new Promise((resolve) => {
    execFile(
      program,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 20_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        // A run stopped by its time limit, or ended by a signal, says so: it may have written nothing else.
        const stopped = error?.killed
          ? `\n(stopped after ${options.timeoutMs ?? 20_000} ms)`
          : error?.signal
            ? `\n(ended by ${error.signal})`
            : '';
        resolve({ exitCode, stdout, stderr: `${stderr}${stopped}` });
      },
    );
  });
}

/**
 * Runs `code` in a folder of its own with `env` added (KILOWISE_API_KEY), and returns what it printed. A run
 * that takes longer than `timeoutMs` is stopped and fails.
 */
export async function runSample(
  language: ScriptLanguage,
  code: string,
  options: { env: Record<string, string>; python: string; timeoutMs?: number },
): Promise<SampleRun> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kw-sample-'));
  try {
    const { file, command } = FILES[language];
    await writeFile(path.join(folder, file), `${code}\n`);
    const [program, args] = command(options.python);
    return await runProgram(program, args, { cwd: folder, env: options.env, timeoutMs: options.timeoutMs });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The status and body a run printed: curl prints the body alone; every other language's sample prints the status
 * on the first line and the body after it.
 */
export function printedAnswer(language: RunnableLanguage, stdout: string): { status?: number; body: string } {
  if (language === 'curl') return { body: stdout.trim() };
  const [first = '', ...rest] = stdout.split('\n');
  return { status: /^\d{3}$/.test(first.trim()) ? Number(first.trim()) : undefined, body: rest.join('\n').trim() };
}

/**
 * Where a run's error points in the sample, by the file name each runner gives it: a script's `request.*`, a
 * compiled sample's `Sample12.java`, `Sample12.kt`, `Sample12.cs` or `sample12.go` (see sample-batch.ts).
 */
const FRAME: Record<RunnableLanguage, (file: string) => RegExp> = {
  curl: () => /request\.sh: line (\d+)/,
  node: () => /request\.mjs:(\d+)/,
  python: () => /request\.py", line (\d+)/,
  php: () => /request\.php(?::| on line )(\d+)/,
  ruby: () => /request\.rb:(\d+)/,
  go: (file) => new RegExp(`${file}:(\\d+)`),
  java: (file) => new RegExp(`\\(${file}:(\\d+)\\)`),
  kotlin: (file) => new RegExp(`\\(${file}:(\\d+)\\)`),
  csharp: (file) => new RegExp(`${file}:(\\d+)`),
};

/** The first line of what a failed run wrote that says what went wrong, not where. */
function errorLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(at |\[0x|File "|goroutine |from |Stack trace:|#\d)/.test(line));
  // A line that starts with the error's name first (`TypeError: fetch failed`, `panic: …`, `Exception in thread
  // "main" …`, `System.Net.Http.HttpRequestException: …`), else any line that names an error.
  const named =
    lines.find((line) =>
      /^(?:[\w.]*(?:Error|Exception): |panic: |Exception in thread |PHP Fatal error: |curl: \(\d+\))/.test(line),
    ) ?? lines.find((line) => /\b(panic|Exception|Error|error|Fatal|Uncaught|failed|refused|not found)\b/.test(line));
  const line = named ?? lines.at(-1) ?? '(nothing on stderr)';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/**
 * Why a run failed, pointing at the sample's line: `does not compile: line 17 (`res, _ := …`): undefined: reqq`, or
 * `exited 2 at line 21 (`defer res.Body.Close()`): panic: runtime error: …`. `file` is the name the sample was run
 * as, for the compiled languages; undefined when the run did not fail.
 */
export function runFailure(language: RunnableLanguage, run: SampleRun, code: string, file = ''): string | undefined {
  const lines = code.split('\n');
  const at = (line: number | undefined) =>
    line === undefined ? '' : ` line ${line} (\`${(lines[line - 1] ?? '').trim()}\`)`;
  if (run.compileError) return `does not compile:${at(run.compileError.line)}: ${run.compileError.message}`;
  if (run.exitCode === 0) return undefined;
  const match = FRAME[language](file.replace(/\./g, '\\.')).exec(run.stderr);
  const line = match ? Number(match[1]) : undefined;
  return `exited ${run.exitCode}${line === undefined ? '' : ' at'}${at(line)}: ${errorLine(run.stderr)}`;
}

/** Runs `tasks` with at most `limit` at once (each sample is a process; the machine has two cores). */
export async function inPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
