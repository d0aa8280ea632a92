// `npm run dev`: 1. the SDK reference, the inline scripts, the API model, the one-file sandbox, the playground
// frame and the search index, once (the pages read them or link to them; run `npm run search:build` again for
// search to see an edited guide); 2. contentlayer in watch mode beside `next dev`; stopping one stops both.
import { execSync, spawn, type ChildProcess } from 'node:child_process';

try {
  execSync(
    'npm run sdk:build && npm run inline:build && npm run spec:build && npm run sandbox:build && npm run playground:build && npx contentlayer2 build && npm run search:build',
    { stdio: 'inherit' },
  );
} catch {
  // The step printed its one-line error; without the models no page can render.
  process.exit(1);
}

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
