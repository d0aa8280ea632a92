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
