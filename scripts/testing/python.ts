// The Python the sample tests run: one that can `import requests` (the samples' HTTP library). Found on the PATH,
// else Debian's python3, else installed from Debian's packages (python3-requests) when this is root on Debian.
import { spawnSync } from 'node:child_process';
import { canInstallWithApt, installWithApt } from './apt';

const CANDIDATES = ['python3', '/usr/bin/python3'];

const hasRequests = (python: string) => spawnSync(python, ['-c', 'import requests'], { stdio: 'ignore' }).status === 0;

/** A python3 with `requests`, installing Debian's python3-requests if need be; or a one-line instruction. */
export function ensurePython(): string {
  let found = CANDIDATES.find(hasRequests);
  if (!found && canInstallWithApt()) {
    console.log("[samples] no python3 with requests; installing Debian's python3-requests with apt-get");
    installWithApt(['python3', 'python3-requests']);
    found = CANDIDATES.find(hasRequests);
  }
  if (!found) throw new Error('No python3 with the requests package. Install it (Debian: `sudo apt-get install python3-requests`) or `pip install requests`.');
  return found;
}
