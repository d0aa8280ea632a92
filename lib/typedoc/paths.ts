/** Where the build step writes each package's TypeDoc model (gitignored, like the API model). */
export const SDK_REFERENCE_DIR = '.generated/sdk';

/** The model of one package's TypeDoc pages: `.generated/sdk/{package}.json`. */
export function sdkReferencePath(packageName: string): string {
  return `${SDK_REFERENCE_DIR}/${packageName}.json`;
}
