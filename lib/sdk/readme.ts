import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SdkPackage } from './packages';

/** A package's README as the package page uses it. */
export interface PackageReadme {
  /** `packages/kilowise-ui/README.md` */
  file: string;
  /** The Markdown (MDX) after its `# {package}` heading: the page has its own title. */
  source: string;
  /** The lines before `source` in the file (the heading), so a line of `source` can be named in the file. */
  offsetLines: number;
}

/**
 * `packages/{package}/README.md`: what npm shows, and the body of the package's page on the site. It starts
 * with `# {package}`; a README without that heading is an error naming the file.
 */
export function readPackageReadme(name: SdkPackage, root: string = process.cwd()): PackageReadme {
  const file = path.join('packages', name, 'README.md');
  const text = readFileSync(path.join(root, file), 'utf8');
  const heading = new RegExp(`^# ${name}\\n+`);
  const match = heading.exec(text);
  if (!match) throw new Error(`${file}:1: a package README starts with the heading "# ${name}"`);
  return { file, source: text.slice(match[0].length), offsetLines: match[0].split('\n').length - 1 };
}
