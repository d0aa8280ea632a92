/** Where the build step writes the TypeDoc pages' model (gitignored, like the API model). */
export const SDK_REFERENCE_PATH = '.generated/sdk-reference.json';
