// Type-checks code samples against kilowise-client's source (tests only): the TSDoc examples and the
// guides' TypeScript blocks must compile against the client as it is.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const PACKAGE_ENTRY = path.resolve('packages/kilowise-client/src/index.ts').replace(/\.ts$/, '');

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
declare const deviceId: string;
declare const authCode: string;
declare const redirectUrl: string;
declare const password: string;
declare function alertInstaller(): void;
declare function remindToPlugIn(): void;
declare function showNextChargeTime(): void;
declare function showWallboxHelp(): void;
declare function showOcppSetupSteps(): void;
declare function showGridHelpBadge(): void;
`;

/** Whether a snippet declares `name` itself (a const, a function, or a destructured binding). */
function declares(code: string, name: string): boolean {
  return new RegExp(`\\b(const|let|var|function)\\s+${name}\\b|\\b(const|let|var)\\s*[{[][^=]*\\b${name}\\b`).test(code);
}

/** The preamble lines for the names a snippet does not declare itself, and `kilowise`, a client. */
function preambleFor(code: string): string {
  const lines = [...PREAMBLE.trim().split('\n'), 'declare const kilowise: KilowiseClient;'];
  return `${lines.filter((line) => !declares(code, /(?:const|function) (\w+)/.exec(line)?.[1] ?? '')).join('\n')}\n`;
}

export interface Snippet {
  /** Where the sample comes from, for the error line: a symbol name or `file:line`. */
  label: string;
  code: string;
}

/**
 * Compiles each snippet as its own module after an import of everything the package exports and the
 * preamble; `kilowise` is a client unless the snippet makes its own. Imports from 'kilowise-client' and
 * from the guides' './kilowise' module are dropped (the header covers them). Returns one line per error.
 */
export function typecheckSnippets(snippets: readonly Snippet[], exportedNames: readonly string[]): string[] {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'kw-snippets-'));
  const files = snippets.map((snippet, index) => {
    const code = snippet.code.replace(/^import .* from '(kilowise-client|\.\/kilowise)';$/gm, '');
    const header = `import { ${exportedNames.join(', ')} } from ${JSON.stringify(PACKAGE_ENTRY)};\n${preambleFor(code)}export {};\n`;
    const file = path.join(directory, `snippet-${index}.ts`);
    writeFileSync(file, header + code);
    return { file, snippet, headerLines: header.split('\n').length - 1 };
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
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
    },
  );
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const entry = files.find((candidate) => candidate.file === diagnostic.file?.fileName);
    if (!entry || !diagnostic.file) return [];
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line - entry.headerLines + 1;
    return [`${entry.snippet.label} (line ${line} of the sample): ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`];
  });
}
