// Build step only: runs TypeDoc on a package's entry point and returns its JSON output.
import { Application, LogLevel, normalizePath } from 'typedoc';
import { SdkReferenceError } from './convert';

/**
 * The custom TSDoc tags of kilowise-client: the API schema a type mirrors, the operation a method calls, and what the
 * API contract says where the SDK types more than it promises (`@notInContract`).
 */
export const CUSTOM_BLOCK_TAGS = ['@apiSchema', '@apiOperation', '@notInContract'] as const;

/** Converts `entryPoint` with TypeDoc; any TypeDoc warning or error fails, naming the file. */
export async function runTypedoc(entryPoint: string, tsconfig: string): Promise<unknown> {
  const problems: string[] = [];
  const app = await Application.bootstrap({
    entryPoints: [entryPoint],
    tsconfig,
    blockTags: [
      '@example',
      '@deprecated',
      '@throws',
      '@see',
      '@returns',
      '@param',
      '@remarks',
      '@defaultValue',
      ...CUSTOM_BLOCK_TAGS,
    ],
    modifierTags: ['@hidden', '@packageDocumentation', '@internal', '@readonly'],
    excludePrivate: true,
    excludeInternal: true,
    disableGit: true,
    basePath: process.cwd(),
    sourceLinkTemplate: '{path}#L{line}',
    sort: ['source-order'],
    logLevel: LogLevel.Warn,
    // `npm run typecheck` checks the packages' types with the rest of the project; TypeDoc need not do it again.
    skipErrorChecking: true,
  });
  app.logger.log = (message, level) => {
    if (level >= LogLevel.Warn) problems.push(String(message));
  };
  const project = await app.convert();
  if (!project || problems.length > 0) {
    throw new SdkReferenceError(`[typedoc] ${entryPoint}: ${problems.join('; ') || 'conversion failed'}`);
  }
  return app.serializer.projectToObject(project, normalizePath(process.cwd()));
}
