// The Python the sample tests run: one that can `import requests` (the samples' HTTP library) and read IANA time
// zones (the guides' zoneinfo). Found on the PATH, else Debian's python3, else installed from Debian's packages
// (python3-requests, tzdata) when this is root on Debian.
import { spawnSync } from 'node:child_process';
import { canInstallWithApt, installWithApt } from './apt';

const CANDIDATES = ['python3', '/usr/bin/python3'];

const hasRequests = (python: string) =>
  spawnSync(python, ['-c', 'import requests, zoneinfo; zoneinfo.ZoneInfo("Europe/Stockholm")'], { stdio: 'ignore' })
    .status === 0;

/** A python3 with `requests`, installing Debian's python3-requests if need be; or a one-line instruction. */
export function ensurePython(): string {
  let found = CANDIDATES.find(hasRequests);
  if (!found && canInstallWithApt()) {
    console.log(
      "[samples] no python3 with requests and time zones; installing Debian's python3-requests and tzdata with apt-get",
    );
    installWithApt(['python3', 'python3-requests', 'tzdata']);
    found = CANDIDATES.find(hasRequests);
  }
  if (!found)
    throw new Error(
      'No python3 with the requests package and time zone data. Install them (Debian: `sudo apt-get install python3-requests tzdata`) or `pip install requests tzdata`.',
    );
  return found;
}
