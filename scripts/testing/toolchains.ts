// The toolchains the sample tests compile and run Go, Java, C#, PHP, Ruby and Kotlin with, from Debian's packages:
// found on this machine, else installed with apt-get when this is root on Debian, else a one-line instruction. Never
// a silent skip, and never a download from anywhere else.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { canInstallWithApt, installWithApt } from './apt';

/** The sample languages whose toolchain this machine may lack (curl, Node.js and Python come with the project's own). */
export type ToolchainLanguage = 'go' | 'java' | 'csharp' | 'php' | 'ruby' | 'kotlin';

/** Where Debian's libokhttp-java and libokio-java put OkHttp 3 and Okio, which the Kotlin samples use. */
export const OKHTTP_JARS = ['/usr/share/java/okhttp.jar', '/usr/share/java/okio.jar'];
/** Mono's HttpClient, in a package of its own (mono-runtime runs programs, but has no System.Net.Http). */
const MONO_HTTP = '/usr/lib/mono/4.5/System.Net.Http.dll';

interface Toolchain {
  /** What the instruction calls it. */
  name: string;
  /** Commands that must be on the PATH. */
  commands: string[];
  /** Files that must exist. */
  files: string[];
  /** Debian's packages that bring them. */
  packages: string[];
}

export const TOOLCHAINS: Record<ToolchainLanguage, Toolchain> = {
  go: { name: 'Go', commands: ['go'], files: [], packages: ['golang-go'] },
  java: { name: 'Java (JDK)', commands: ['javac', 'java'], files: [], packages: ['default-jdk-headless'] },
  csharp: {
    name: 'C# (Mono)',
    commands: ['mcs', 'mono'],
    files: [MONO_HTTP],
    packages: ['mono-mcs', 'mono-runtime', 'libmono-system-net-http4.0-cil'],
  },
  php: { name: 'PHP with curl', commands: ['php'], files: [], packages: ['php-cli', 'php-curl'] },
  ruby: { name: 'Ruby', commands: ['ruby'], files: [], packages: ['ruby'] },
  kotlin: {
    name: 'Kotlin with OkHttp 3',
    commands: ['kotlinc', 'java'],
    files: OKHTTP_JARS,
    packages: ['kotlin', 'default-jdk-headless', 'libokhttp-java'],
  },
};

/** The path of `command` on the PATH, or undefined. */
export function which(command: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!folder) continue;
    const candidate = path.join(folder, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** PHP's curl extension is a package of its own: php-cli without php-curl has no curl_init. */
const phpHasCurl = (): boolean =>
  spawnSync('php', ['-r', 'exit(function_exists("curl_init") ? 0 : 1);'], { stdio: 'ignore' }).status === 0;

/** What `language` lacks on this machine: commands and files, by name. */
export function missingFor(language: ToolchainLanguage): string[] {
  const toolchain = TOOLCHAINS[language];
  const missing = [
    ...toolchain.commands.filter((command) => !which(command)),
    ...toolchain.files.filter((file) => !existsSync(file)),
  ];
  if (language === 'php' && missing.length === 0 && !phpHasCurl()) missing.push("PHP's curl extension");
  return missing;
}

/**
 * Makes sure each language's toolchain is there: installs the missing ones' packages with one apt-get when this is
 * root on Debian, and otherwise throws one line naming each missing toolchain and the command that installs it.
 */
export function ensureToolchains(
  languages: readonly ToolchainLanguage[],
  {
    log = console.log,
    canInstall = canInstallWithApt(),
    install = installWithApt,
  }: { log?: (line: string) => void; canInstall?: boolean; install?: (packages: string[]) => void } = {},
): void {
  let lacking = languages.filter((language) => missingFor(language).length > 0);
  if (lacking.length === 0) return;
  const packages = [...new Set(lacking.flatMap((language) => TOOLCHAINS[language].packages))];
  if (canInstall) {
    log(
      `[samples] missing ${lacking.map((language) => TOOLCHAINS[language].name).join(', ')}; installing Debian's ${packages.join(' ')} with apt-get`,
    );
    install(packages);
    lacking = languages.filter((language) => missingFor(language).length > 0);
  }
  if (lacking.length > 0) {
    const names = lacking.map((language) => `${TOOLCHAINS[language].name} (${missingFor(language).join(', ')})`);
    const needed = [...new Set(lacking.flatMap((language) => TOOLCHAINS[language].packages))];
    throw new Error(
      `The samples need ${names.join(', ')}. Install them (Debian: \`sudo apt-get install ${needed.join(' ')}\`).`,
    );
  }
}
