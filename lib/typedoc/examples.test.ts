// Every @example of kilowise-client compiles against the package itself, so the examples on the TypeDoc
// pages and the kilowise-client samples on /api cannot drift from the client's real API.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertTypedocProject } from './convert';
import type { SdkReference } from './model';
import { runTypedoc } from './run';

const PACKAGE_ENTRY = path.resolve('packages/kilowise-client/src/index.ts');

/** Names the examples use without defining them: the values a reader's code would already hold. */
const PREAMBLE = `
declare const kilowise: KilowiseClient;
declare const home: UserLocation;
declare const preferences: VehiclePreferences;
declare const payload: RegisterSmartcarVehiclePayload;
declare const request: Request;
declare const devices: Device[];
declare const models: VehicleWithCapabilities[];
declare const charger: Charger;
declare const vehicle: Vehicle;
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

let reference: SdkReference;
let exportedNames: string[];

beforeAll(async () => {
  const json = await runTypedoc('packages/kilowise-client/src/index.ts', 'packages/kilowise-client/tsconfig.json');
  reference = convertTypedocProject(json, { version: '0.0.0' });
  exportedNames = (json as { children: { name: string }[] }).children.map((child) => child.name);
}, 60_000);

/** Compiles each example in its own async function after the preamble; returns the errors per example. */
function compileExamples(examples: readonly { label: string; code: string }[]): string[] {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'kw-examples-'));
  const file = path.join(directory, 'examples.ts');
  const header = `import { ${exportedNames.join(', ')} } from ${JSON.stringify(PACKAGE_ENTRY.replace(/\.ts$/, ''))};\n${PREAMBLE}\n`;
  const bodies = examples.map(({ code }, index) => {
    // The examples import from 'kilowise-client'; here everything is imported once, above.
    const body = code.replace(/^import .* from 'kilowise-client';$/gm, '');
    return `export async function example${index}() {\n${body}\n}\n`;
  });
  const text = header + bodies.join('\n');
  writeFileSync(file, text);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    noUnusedLocals: false,
    skipLibCheck: true,
    allowImportingTsExtensions: false,
  });
  const headerLines = header.split('\n').length - 1;
  const starts: number[] = [];
  let line = headerLines;
  for (const body of bodies) {
    starts.push(line);
    line += body.split('\n').length;
  }
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => {
      const at = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
      const index = starts.findLastIndex((start) => start <= at);
      return `${examples[index]?.label ?? 'header'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
}

describe('kilowise-client examples', () => {
  it('every @example of a type and of a method type-checks against the package', () => {
    const examples = [
      ...reference.symbols.flatMap((symbol) => symbol.examples.map((example) => ({ label: symbol.name, code: example.code }))),
      ...reference.operations.map((operation) => ({ label: `${operation.method} (${operation.operationId})`, code: operation.example })),
    ];
    expect(examples.length).toBeGreaterThan(100);
    expect(compileExamples(examples)).toEqual([]);
  }, 60_000);

  it('catches an example that calls a method the client does not have', () => {
    expect(compileExamples([{ label: 'Broken', code: "await kilowise.locations.fetchAll({ userId: 'user-4711' });" }])).toEqual([
      expect.stringMatching(/^Broken: Property 'fetchAll' does not exist on type 'LocationsApi'/),
    ]);
  }, 60_000);
});
