// A recipe calls the partner API (the source `kilowise`) and, when it needs the sandbox's controls, the sandbox (the
// source `sandbox`, content/openapi/sandbox-controls.yaml). With two sources, Arazzo names each step's operation
// with its source: `$sourceDescriptions.sandbox.setSandboxClock`. Pure: the controls' operations come with the recipe.
import type { ContractOperation, OperationContract } from '../contract/operation-contract';
import type { JsonSchema } from '../contract/json-schema';
import type { Recipe } from './document';

export const API_SOURCE = 'kilowise';
export const SANDBOX_SOURCE = 'sandbox';

/** `$sourceDescriptions.sandbox.setSandboxClock` → `{ source: 'sandbox', operationId: 'setSandboxClock' }`. */
export function operationRef(text: string): { source?: string; operationId: string } {
  const match = /^\$sourceDescriptions\.([A-Za-z0-9_-]+)\.(.+)$/.exec(text);
  return match ? { source: match[1], operationId: match[2] ?? '' } : { operationId: text };
}

/** The sandbox's controls a recipe uses: their operations and the schemas they refer to (names prefixed). */
export interface RecipeControls {
  operations: ContractOperation[];
  defs: Record<string, JsonSchema>;
}

/** Every operation a recipe's steps may call, by bare operationId: the API's, then the sandbox controls'. */
export function recipeOperations(contract: OperationContract, recipe: Pick<Recipe, 'controls'>) {
  return new Map<string, ContractOperation>([
    ...contract.operations.map((operation) => [operation.operationId, operation] as const),
    ...(recipe.controls?.operations ?? []).map((operation) => [operation.operationId, operation] as const),
  ]);
}

/** The schemas a recipe's operations refer to: the API's, and the sandbox controls' (their names prefixed). */
export function recipeDefs(contract: OperationContract, recipe: Pick<Recipe, 'controls'>): Record<string, JsonSchema> {
  return { ...contract.defs, ...recipe.controls?.defs };
}

/** Whether a step calls one of the sandbox's controls. */
export const callsSandbox = (operationId: string) => operationRef(operationId).source === SANDBOX_SOURCE;

/** The sandbox controls' contract with its schema names prefixed (`Sandbox…`), so they never meet the API's. */
export function prefixControls(controls: OperationContract): RecipeControls {
  const rename = (name: string) => `Sandbox${name}`;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) =>
        key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')
          ? [key, `#/$defs/${rename(item.slice('#/$defs/'.length))}`]
          : [key, rewrite(item)],
      ),
    );
  };
  return {
    operations: controls.operations.map((operation) => rewrite(operation) as ContractOperation),
    defs: Object.fromEntries(
      Object.entries(controls.defs).map(([name, schema]) => [rename(name), rewrite(schema) as JsonSchema]),
    ),
  };
}
