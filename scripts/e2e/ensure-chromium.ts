// Step before the end-to-end tests: find Chromium, or install Debian's package when running as root
// on Debian (browser downloads fail here), or stop with a one-line instruction.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium';

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

function installWithApt(): void {
  console.log("[e2e] 1. No Chromium found; installing Debian's chromium package with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
}

function main(): void {
  let found = findChromium();
  if (!found && canInstallWithApt()) {
    installWithApt();
    found = findChromium();
  }
  if (!found) {
    throw new Error('No Chromium found. Install it (Debian: `sudo apt-get install chromium`) or set CHROMIUM_PATH to its binary.');
  }
  console.log(`[e2e] Chromium: ${found}`);
}

try {
  main();
} catch (error) {
  console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
