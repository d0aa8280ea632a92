import type { OperationContract } from '../contract/operation-contract';

type Json = Record<string, unknown>;

/** Everything the sandbox remembers. Keys are user ids, device ids or spot price area ids. */
export interface SandboxState {
  version: 1;
  locations: Record<string, Json[]>;
  /** The user's tariff data; absent after a delete. */
  userData: Record<string, Json>;
  devices: Record<string, { userId: string; device: Json }>;
  evPreferences: Record<string, Json>;
  ocppChargerPreferences: Record<string, Json>;
  heatingPreferences: Record<string, Json>;
  /** Test prices in EUR per MWh, keyed by hour. */
  testSpotPrices: Record<string, Record<string, number>>;
  /** Users with a linked Wallbox account: the account's user name. */
  wallboxAccounts: Record<string, string>;
}

/** Where the state lives between requests: sessionStorage in the browser, memory in tests. */
export interface SandboxStore {
  load(): string | null;
  save(text: string): void;
  clear(): void;
}

export function memoryStore(): SandboxStore {
  let text: string | null = null;
  return { load: () => text, save: (value) => void (text = value), clear: () => void (text = null) };
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function exampleOf(contract: OperationContract, operationId: string): unknown {
  const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
  return operation?.responses.find((response) => response.status.startsWith('2') && response.example !== undefined)
    ?.example;
}

/** The user the contract's examples are about (the example of a `userId` parameter). */
export function exampleUserId(contract: OperationContract): string {
  for (const operation of contract.operations) {
    const example = operation.parameters.find((parameter) => parameter.name === 'userId')?.example;
    if (example) return example;
  }
  return 'user-4711';
}

/**
 * The state a fresh sandbox starts from: the contract's own examples. The example user has the
 * locations of `getLocations`, the devices of `getDevices` and the charger of `registerCharger`, and
 * the tariff data of `getUserData`, so the example values in the form work from the first request.
 */
export function seedState(contract: OperationContract): SandboxState {
  const userId = exampleUserId(contract);
  const list = (operationId: string) => {
    const example = exampleOf(contract, operationId);
    return Array.isArray(example) ? example.filter(isObject) : isObject(example) ? [example] : [];
  };
  const devices: SandboxState['devices'] = {};
  for (const device of [...list('getDevices'), ...list('registerCharger')]) {
    if (typeof device.id === 'string') devices[device.id] = { userId, device };
  }
  const userData = exampleOf(contract, 'getUserData');
  return {
    version: 1,
    locations: { [userId]: list('getLocations') },
    userData: isObject(userData) ? { [userId]: userData } : {},
    devices,
    evPreferences: {},
    ocppChargerPreferences: {},
    heatingPreferences: {},
    testSpotPrices: {},
    wallboxAccounts: {},
  };
}

/** The stored state, or the seed when there is none or it is not a state this version wrote. */
export function loadState(store: SandboxStore, contract: OperationContract): SandboxState {
  const text = store.load();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed) && parsed.version === 1)
        return { ...seedState(contract), ...(parsed as Partial<SandboxState>) };
    } catch (error) {
      // Only this tab's own sandbox is lost: it starts again from the contract's examples.
      console.warn(
        "[kilowise] the stored sandbox state is not readable JSON; starting from the contract's examples.",
        error,
      );
    }
  }
  return seedState(contract);
}
