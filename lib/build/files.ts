import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, its subfolders' included, as paths that start with `dir`; none when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
