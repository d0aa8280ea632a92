// Installing what a test needs from Debian's packages, as root on Debian (the only registry for system packages here).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether this process may install Debian packages: root, on Debian, with apt-get. */
export function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

/**
 * Installs Debian packages, without recommends; apt-get's own output shows what it does. Two test files may install
 * at once: each waits up to ten minutes for the other's lock.
 */
export function installWithApt(packages: readonly string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  execFileSync('apt-get', [...wait, 'update'], { stdio: 'inherit', env });
  execFileSync('apt-get', [...wait, 'install', '-y', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
}

/**
 * What a test needs from one Debian package: `find()` locates it; when it finds nothing, the package is installed
 * with apt (as root on Debian) and looked for again. Throws with the command to run when it cannot install, and
 * names the package when the install left nothing to find.
 */
export function ensureAptPackage<T>(options: {
  pkg: string;
  /** What the tests need it for, for the error: `the Redis store is tested against it`. */
  why: string;
  find: () => T | undefined;
}): T {
  const found = options.find();
  if (found !== undefined) return found;
  if (!canInstallWithApt())
    throw new Error(
      `${options.pkg} is missing, and ${options.why}. Install it (Debian: \`sudo apt-get install ${options.pkg}\`).`,
    );
  console.log(`[${options.pkg}] Installing Debian's ${options.pkg} with apt-get`);
  installWithApt([options.pkg]);
  const installed = options.find();
  if (installed === undefined)
    throw new Error(`[${options.pkg}] apt-get installed ${options.pkg}, but it is not found`);
  return installed;
}
