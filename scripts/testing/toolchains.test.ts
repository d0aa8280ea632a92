import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureToolchains, missingFor } from './toolchains';

describe('the toolchains the samples run with', () => {
  const path0 = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path0;
  });

  it('are all on this machine (npm test installs them first)', () => {
    for (const language of ['go', 'java', 'csharp', 'php', 'ruby', 'kotlin'] as const)
      expect(missingFor(language), language).toEqual([]);
  });

  it('without root, a missing one stops the run with one line naming it and the apt command, never a skip', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'kw-no-tools-'));
    try {
      process.env.PATH = empty;
      const logged: string[] = [];
      expect(() => ensureToolchains(['go', 'kotlin'], { canInstall: false, log: (line) => logged.push(line) })).toThrow(
        /^The samples need Go \(go\), Kotlin with OkHttp 3 \(kotlinc, java\)\. Install them \(Debian: `sudo apt-get install golang-go kotlin default-jdk-headless libokhttp-java`\)\.$/,
      );
      expect(logged).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('as root on Debian, installs the missing ones with one apt-get, then checks again', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'kw-no-tools-'));
    try {
      process.env.PATH = empty;
      const logged: string[] = [];
      const installed: string[][] = [];
      ensureToolchains(['php', 'csharp'], {
        canInstall: true,
        log: (line) => logged.push(line),
        install: (packages) => {
          installed.push(packages);
          process.env.PATH = path0;
        },
      });
      expect(installed).toEqual([
        ['php-cli', 'php-curl', 'mono-mcs', 'mono-runtime', 'libmono-system-net-http4.0-cil'],
      ]);
      expect(logged).toEqual([
        "[samples] missing PHP with curl, C# (Mono); installing Debian's php-cli php-curl mono-mcs mono-runtime libmono-system-net-http4.0-cil with apt-get",
      ]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
