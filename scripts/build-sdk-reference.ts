// Build step: packages/kilowise-client's source -> TypeDoc JSON -> the model of the TypeDoc pages, in
// .generated/sdk-reference.json. A missing description or example fails the build, naming file and line.
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHighlighter } from 'shiki';
import { z } from 'zod';
import { shikiThemes } from '../lib/content/code-highlight';
import { SDK_REFERENCE_PATH } from '../lib/typedoc/paths';
import { convertTypedocProject } from '../lib/typedoc/convert';
import { runTypedoc } from '../lib/typedoc/run';
import { parseWith } from '../lib/validation';

const PACKAGE_DIR = 'packages/kilowise-client';

async function main(): Promise<void> {
  const packageFile = path.join(PACKAGE_DIR, 'package.json');
  const { version } = parseWith(z.object({ version: z.string() }), JSON.parse(readFileSync(packageFile, 'utf8')), packageFile);
  const json = await runTypedoc(path.join(PACKAGE_DIR, 'src/index.ts'), path.join(PACKAGE_DIR, 'tsconfig.json'));
  const converted = convertTypedocProject(json, { version, source: `TypeDoc JSON of ${PACKAGE_DIR}` });
  // Examples are highlighted here, once, the way the guides' code blocks are (CSS picks the theme).
  const highlighter = await createHighlighter({ themes: Object.values(shikiThemes), langs: ['ts'] });
  const reference = {
    ...converted,
    symbols: converted.symbols.map((symbol) => ({
      ...symbol,
      examples: symbol.examples.map((example) => ({
        ...example,
        html: highlighter.codeToHtml(example.code, { lang: 'ts', themes: shikiThemes, defaultColor: false }),
      })),
    })),
  };
  highlighter.dispose();
  await mkdir(path.dirname(SDK_REFERENCE_PATH), { recursive: true });
  const temporary = `${SDK_REFERENCE_PATH}.tmp`;
  await writeFile(temporary, JSON.stringify(reference));
  await rename(temporary, SDK_REFERENCE_PATH);
  const count = (kind: string) => reference.symbols.filter((symbol) => symbol.kind === kind).length;
  console.log(
    `[typedoc] ${reference.packageName} ${version}: ${count('enum')} enums, ${count('interface')} interfaces, ` +
      `${reference.operations.length} methods; wrote ${SDK_REFERENCE_PATH}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
