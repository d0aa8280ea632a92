// Type-checks code samples against the SDK packages' source (tests only): the TSDoc examples, the package
// READMEs' and the guides' TypeScript blocks must compile against the packages as they are.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { SDK_PACKAGES } from '../sdk/packages';

const entryOf = (packageName: string) => path.resolve(`packages/${packageName}/src/index.ts`).replace(/\.ts$/, '');

/** Names samples use without defining them: the values a reader's code would already hold. */
const PREAMBLE = `
declare const home: UserLocation;
declare const preferences: VehiclePreferences;
declare const payload: RegisterSmartcarVehiclePayload;
declare const request: Request;
declare const devices: Device[];
declare const models: VehicleWithCapabilities[];
declare const charger: Charger;
declare const vehicle: Vehicle;
declare const device: Vehicle;
declare const deviceId: string;
declare const authCode: string;
declare const redirectUrl: string;
declare const password: string;
declare const prices: Record<string, number>;
declare const schedule: ChargingSchedule;
declare const brand: Brand;
declare function save(value: unknown): void;
declare function setBehavior(value: VehicleChargingBehavior | ChargerChargingBehavior): void;
declare function alertInstaller(): void;
declare function remindToPlugIn(): void;
declare function showNextChargeTime(): void;
declare function showWallboxHelp(): void;
declare function showOcppSetupSteps(): void;
declare function showGridHelpBadge(): void;
`;

/** Whether a snippet declares `name` itself (a const, a function, or a destructured binding). */
function declares(code: string, name: string): boolean {
  return new RegExp(`\\b(const|let|var|function)\\s+${name}\\b|\\b(const|let|var)\\s*[{[][^=]*\\b${name}\\b`).test(
    code,
  );
}

/** The preamble lines for the names a snippet does not declare itself, and `kilowise`, a client. */
function preambleFor(code: string, known: ReadonlySet<string>): string {
  const lines = [...PREAMBLE.trim().split('\n'), 'declare const kilowise: KilowiseClient;'];
  return `${lines
    .filter((line) => !declares(code, /(?:const|function) (\w+)/.exec(line)?.[1] ?? ''))
    // A line whose type no imported package has (a sample of one package, a preamble name of another).
    .filter((line) =>
      [...line.matchAll(/:\s*(?:Record<[^>]*>|([A-Z]\w+))/g)].every(
        (match) => !match[1] || known.has(match[1]) || ['Request'].includes(match[1]),
      ),
    )
    .join('\n')}\n`;
}

export interface Snippet {
  /** Where the sample comes from, for the error line: a symbol name or `file:line`. */
  label: string;
  code: string;
}

/** A package the samples may use, and the names it exports. */
export interface SnippetPackage {
  name: string;
  exports: readonly string[];
}

/** An import line the header covers: the packages' own, React's, and the guides' `./kilowise` module. */
const COVERED_IMPORT = new RegExp(`^import .* from '(${[...SDK_PACKAGES, 'react'].join('|')}|\\./kilowise)';$`, 'gm');

/**
 * Compiles each snippet as its own module after an import of everything the packages export, React's
 * hooks and the preamble; `kilowise` is a client unless the snippet makes its own. A snippet with JSX is
 * a `.tsx` file. Imports of the packages, of React and of the guides' `./kilowise` module are dropped
 * (the header covers them). Returns one line per error.
 */
export function typecheckSnippets(snippets: readonly Snippet[], imported: readonly SnippetPackage[]): string[] {
  const known = new Set(imported.flatMap((entry) => entry.exports));
  // Inside the project, so that `react` and its types resolve from node_modules.
  mkdirSync(path.resolve('.generated'), { recursive: true });
  const directory = mkdtempSync(path.resolve('.generated', 'snippets-'));
  const header =
    imported
      .map((entry) => `import { ${entry.exports.join(', ')} } from ${JSON.stringify(entryOf(entry.name))};\n`)
      .join('') + "import { useEffect, useMemo, useState } from 'react';\n";
  const files = snippets.map((snippet, index) => {
    const code = snippet.code.replace(COVERED_IMPORT, '');
    const jsx = /<[A-Za-z][\w.]*[\s/>]|<\/[A-Za-z]/.test(code) && !/^\s*const \w+ = <\w+>/m.test(code);
    const fullHeader = `${header}${preambleFor(code, known)}export {};\n`;
    const file = path.join(directory, `snippet-${index}.${jsx ? 'tsx' : 'ts'}`);
    writeFileSync(file, fullHeader + code);
    return { file, snippet, headerLines: fullHeader.split('\n').length - 1 };
  });
  const program = ts.createProgram(
    files.map((entry) => entry.file),
    {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
      // Unused imports of the header are not the sample's mistakes.
      noUnusedLocals: false,
    },
  );
  const problems = ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const entry = files.find((candidate) => candidate.file === diagnostic.file?.fileName);
    if (!entry || !diagnostic.file) return [];
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line - entry.headerLines + 1;
    return [
      `${entry.snippet.label} (line ${line} of the sample): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    ];
  });
  rmSync(directory, { recursive: true, force: true });
  return problems;
}
