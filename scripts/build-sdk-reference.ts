// Build step: each SDK package's source -> TypeDoc JSON -> the model of its TypeDoc pages, in
// .generated/sdk/{package}.json. A missing description or example fails the build, naming file and line.
// kilowise-client comes first: the other packages' types name its enums and interfaces, and link to them.
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHighlighter } from 'shiki';
import { z } from 'zod';
import { shikiThemes } from '../lib/content/code-highlight';
import { SDK_PACKAGES } from '../lib/sdk/packages';
import { convertTypedocProject } from '../lib/typedoc/convert';
import type { SdkReference } from '../lib/typedoc/model';
import { sdkReferencePath } from '../lib/typedoc/paths';
import { runTypedoc } from '../lib/typedoc/run';
import { parseWith } from '../lib/validation';
import { runMain } from '../lib/build/run-main';

async function main(): Promise<void> {
  // Examples are highlighted here, once, the way the guides' code blocks are (CSS picks the theme).
  const highlighter = await createHighlighter({ themes: Object.values(shikiThemes), langs: ['ts', 'tsx'] });
  const highlight = (example: { code: string }) => {
    const lang = /<[A-Z][\w.]*[\s/>]/.test(example.code) ? 'tsx' : 'ts';
    return {
      ...example,
      html: highlighter.codeToHtml(example.code, { lang, themes: shikiThemes, defaultColor: false }),
    };
  };
  const built = new Map<string, SdkReference>();
  const externalHref = (packageName: string, name: string) =>
    built.get(packageName)?.symbols.find((symbol) => symbol.name === name)?.url;
  for (const packageName of SDK_PACKAGES) {
    const dir = path.join('packages', packageName);
    const packageFile = path.join(dir, 'package.json');
    const { version } = parseWith(
      z.object({ version: z.string() }),
      JSON.parse(readFileSync(packageFile, 'utf8')),
      packageFile,
    );
    const json = await runTypedoc(path.join(dir, 'src/index.ts'), path.join(dir, 'tsconfig.json'));
    const converted = convertTypedocProject(json, {
      version,
      packageName,
      source: `TypeDoc JSON of ${dir}`,
      externalHref,
    });
    const reference: SdkReference = {
      ...converted,
      symbols: converted.symbols.map((symbol) => ({
        ...symbol,
        examples: symbol.examples.map(highlight),
        ...(symbol.kind === 'class'
          ? { methods: symbol.methods.map((method) => ({ ...method, examples: method.examples.map(highlight) })) }
          : {}),
      })),
    };
    built.set(packageName, reference);
    const file = sdkReferencePath(packageName);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.tmp`, JSON.stringify(reference));
    await rename(`${file}.tmp`, file);
    const counts = [...new Set(reference.symbols.map((symbol) => symbol.kind))]
      .map(
        (kind) =>
          `${reference.symbols.filter((symbol) => symbol.kind === kind).length} ${kind === 'class' ? 'classes' : `${kind}s`}`,
      )
      .join(', ');
    const methods = reference.operations.length > 0 ? `, ${reference.operations.length} methods` : '';
    console.log(`[typedoc] ${packageName} ${version}: ${counts}${methods}; wrote ${file}`);
  }
  highlighter.dispose();
}

runMain(main);
