// Runs a request sample as a partner would (curl in bash, a Node.js ES module, a Python script) and reads what it
// printed, for the tests that hold every sample to the sandbox. Test code: the samples are this site's own.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The languages whose samples run on this machine. */
export type RunnableLanguage = 'curl' | 'node' | 'python';

export interface SampleRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

const FILES: Record<RunnableLanguage, { file: string; command: (python: string) => [string, string[]] }> = {
  curl: { file: 'request.sh', command: () => ['bash', ['request.sh']] },
  node: { file: 'request.mjs', command: () => [process.execPath, ['request.mjs']] },
  python: { file: 'request.py', command: (python) => [python, ['request.py']] },
};

/**
 * Runs `code` in a folder of its own with `env` added (KILOWISE_API_KEY), and returns what it printed. A run
 * that takes longer than `timeoutMs` is stopped and fails.
 */
export async function runSample(
  language: RunnableLanguage,
  code: string,
  options: { env: Record<string, string>; python: string; timeoutMs?: number },
): Promise<SampleRun> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kw-sample-'));
  try {
    const { file, command } = FILES[language];
    await writeFile(path.join(folder, file), `${code}\n`);
    const [program, args] = command(options.python);
    return await new Promise((resolve) => {
      execFile(
        program,
        args,
        { cwd: folder, env: { ...process.env, ...options.env }, timeout: options.timeoutMs ?? 20_000 },
        (error, stdout, stderr) => {
          const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ exitCode, stdout, stderr });
        },
      );
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The status and body a run printed: curl prints the body alone; the Node.js and Python samples print the status
 * on the first line and the body after it.
 */
export function printedAnswer(language: RunnableLanguage, stdout: string): { status?: number; body: string } {
  if (language === 'curl') return { body: stdout.trim() };
  const [first = '', ...rest] = stdout.split('\n');
  return { status: /^\d{3}$/.test(first.trim()) ? Number(first.trim()) : undefined, body: rest.join('\n').trim() };
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
