// Step before the end-to-end tests: find Chromium, or install Debian's package when running as root
// on Debian (browser downloads fail here), or stop with a one-line instruction.
import { canInstallWithApt, installWithApt } from '../testing/apt';
import { findChromium } from './chromium';
import { runMain } from '../../lib/build/run-main';

function main(): void {
  let found = findChromium();
  if (!found && canInstallWithApt()) {
    console.log("[e2e] 1. No Chromium found; installing Debian's chromium package with apt-get");
    installWithApt(['chromium']);
    found = findChromium();
  }
  if (!found) {
    throw new Error(
      'No Chromium found. Install it (Debian: `sudo apt-get install chromium`) or set CHROMIUM_PATH to its binary.',
    );
  }
  console.log(`[e2e] Chromium: ${found}`);
}

runMain(main, { tag: 'e2e' });
