// `npm run dev`: contentlayer in watch mode beside `next dev`; stopping one stops both.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['contentlayer2', 'dev'], { stdio: 'inherit' }),
  spawn('npx', ['next', 'dev'], { stdio: 'inherit' }),
];

function stopAll(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(130));
process.on('SIGTERM', () => stopAll(143));
