// /docs/sandbox's "Test data in one place": its two tables are made here from the sandbox's own constants, and the
// page must hold exactly these rows, so that what a partner looks up there cannot drift from what the sandbox does.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractOperation, OperationContract } from '../../contract/operation-contract';
import type { DeviceRecord, Vehicle } from '../domain/model';
import {
  SAMPLE_CAR,
  SAMPLE_CAR_AUTH_CODE,
  SAMPLE_CHARGER,
  SAMPLE_HEAT_PUMP,
  SAMPLE_LOCATION,
  SAMPLE_USER,
  seedWorld,
} from '../domain/seed';
import { HEARTBEAT_MS, KM_PER_KWH, OFFLINE_AFTER_MS, percentOfBattery, PLANNING_DELAY_MS } from '../domain/simulate';
import {
  authCodeOf,
  connectedSoc,
  EXPIRED_AUTH_CODE,
  SMARTCAR_MODELS,
  STATUS_UPDATE_WINDOW_MS,
  WALLBOX_CHARGERS,
  WALLBOX_TEST_ACCOUNT,
} from './integrations';
import { deviceHandlers } from './devices';
import { snapshotContract } from '../../contract/snapshot';
import { createSandbox } from '../sandbox';
import { sandboxClient } from '../test-client';

const PAGE = 'content/docs/sandbox.mdx';
const HEADING = '## Test data in one place';
const minutes = (ms: number) => `${ms / 60_000} minutes`;
const code = (text: string | number) => `\`${text}\``;

/** The Smartcar codes' table: one row per model, as `connect` gives it. */
function carRows(): string[] {
  return [
    '| `authCode` | Car (`make`, `model`) | Capacity (kWh) | Capabilities | State of charge when connected |',
    '|---|---|---|---|---|',
    ...SMARTCAR_MODELS.map((model) => {
      const authCode = authCodeOf(model);
      return `| ${code(authCode)} | ${model.make} ${model.model} | ${model.capacityKwh} | ${model.capabilities.map(code).join(', ')} | ${connectedSoc(authCode)} % |`;
    }),
  ];
}

/** The table of everything else a test needs: the sample user's set, the linked accounts and the simulation's times. */
function dataRows(beforeLocation: string, world = seedWorld(Date.parse('2025-03-14T15:00:00Z'))): string[] {
  const device = (id: string) => world.devices.find((candidate) => candidate.id === id) as DeviceRecord;
  const home = world.users[0]?.locations.find((location) => location.id === SAMPLE_LOCATION);
  const car = device(SAMPLE_CAR) as Vehicle;
  const charger = device(SAMPLE_CHARGER);
  const pump = device(SAMPLE_HEAT_PUMP);
  // A charger registered as a partner would, to read the state of charge and power the sandbox gives it.
  const answer = deviceHandlers.registerCharger?.({
    body: { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0999999' },
    params: {},
    world,
    now: world.simulatedTo,
    userId: 'user-test-data',
    operation: { operationId: 'registerCharger' } as ContractOperation,
    example: () => ({ status: 200 }),
  });
  // The world the command made holds the new charger.
  const id = (answer?.body as { id: string }).id;
  const registered = answer?.world?.devices.find((candidate) => candidate.id === id)?.sim;
  if (!registered) throw new Error('registerCharger made no charger');
  return [
    '| What | Value |',
    '|---|---|',
    `| The sample user | ${code(SAMPLE_USER)}: the only user with data in a new sandbox |`,
    `| Its home | ${code(SAMPLE_LOCATION)}, ${home?.streetAddress}, ${home?.postalCode} ${home?.city}, area ${code(home?.spotPriceAreaId ?? '')} |`,
    `| Its car | ${code(SAMPLE_CAR)}, ${car.attributes.make} ${car.attributes.model} (code ${code(SAMPLE_CAR_AUTH_CODE)}, so another user connecting it gets \`CONFLICT\`), target ${car.preferences?.targetPercent} % by ${car.preferences?.readyTime} |`,
    `| Its charger | ${code(SAMPLE_CHARGER)}, ${charger.attributes.vendor} ${code(charger.attributes.vendorDeviceId ?? '')}, ${charger.sim.online ? 'online' : 'offline'} |`,
    `| Its heat pump | ${code(SAMPLE_HEAT_PUMP)}, ${pump.attributes.make} ${pump.attributes.model} |`,
    `| The Wallbox account | ${code(WALLBOX_TEST_ACCOUNT.username)} with the password ${code(WALLBOX_TEST_ACCOUNT.password)}, linked for ${code(SAMPLE_USER)} |`,
    `| Its chargers | ${WALLBOX_CHARGERS.map((wallbox) => `${code(wallbox.uid)} (id ${wallbox.id}, ${wallbox.name})`).join(', ')}: register one by its \`uid\` |`,
    `| A code Smartcar refuses | ${code(EXPIRED_AUTH_CODE)}: \`SMARTCAR_API_ERROR\` |`,
    `| Any other \`authCode\` | A model by a hash of the code, at 20 to 70 %, the same for the same code |`,
    `| A registered charger's car | ${registered.pluggedIn ? 'Plugged in' : "Not plugged in until the device control's `pluggedIn: true` (so `CABLE_UNPLUGGED` once online)"}; ${registered.capacityKwh} kWh unless the preferences give \`batteryCapacity\`; at ${registered.soc} %, or the preferences' \`currentSoC\` when it is plugged in. A \`KM\` value is a state of charge at ${KM_PER_KWH} km per kWh: 300 km of ${registered.capacityKwh} kWh (${registered.capacityKwh * KM_PER_KWH} km full) is ${Math.round(percentOfBattery({ rangeKm: 300 }, registered.capacityKwh))} % (${percentOfBattery({ rangeKm: 300 }, registered.capacityKwh).toFixed(2)} %, shown rounded: a schedule charges to exactly 300/${KM_PER_KWH} kWh in the battery) |`,
    `| A car connected before any location | ${beforeLocation} |`,
    `| Charging power | ${registered.powerKw} kW |`,
    `| An online charger | Reports every ${minutes(HEARTBEAT_MS)}; \`OFFLINE\` ${minutes(OFFLINE_AFTER_MS)} after its last report |`,
    `| Calculating a schedule | ${PLANNING_DELAY_MS / 1000} seconds after a plug-in |`,
    `| Smartcar status updates | One per ${minutes(STATUS_UPDATE_WINDOW_MS)} per car; another is \`429\` |`,
  ];
}

/** What a car connected for a user without a location is, read from a sandbox: the device control and the status. */
async function connectedBeforeLocation(contract: OperationContract): Promise<string> {
  const call = sandboxClient(contract, createSandbox(contract));
  const user = { 'x-user-id': 'user-without-location' };
  const body = { authCode: 'any-code', redirectUrl: 'https://app.example.com/smartcar/callback' };
  const id = (await call('POST', '/v1/kilowise/devices/smartcar/connect', body, user)).body.deviceId as string;
  const control = (await call('GET', `/__sandbox/devices/${id}`)).body as { pluggedIn: boolean; locationId: unknown };
  const status = (await call('GET', `/v2/status/${id}`)).body.status as string;
  const where = `${control.pluggedIn ? 'Plugged in' : 'Not plugged in'} with no location`;
  return `${where} (the device control's \`locationId\` is \`${String(control.locationId)}\`) and \`${status}\`, until a location is stored; then it is at that location`;
}

/** The table rows of the page's test data section, in order. */
function pageRows(): string[] {
  const page = readFileSync(PAGE, 'utf8');
  const start = page.indexOf(`\n${HEADING}\n`);
  if (start < 0) throw new Error(`${PAGE} has no section "${HEADING}"`);
  const end = page.indexOf('\n## ', start + HEADING.length + 1);
  return page
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('|'));
}

describe("the sandbox page's test data", () => {
  // Loaded before the tests, with time of its own: on a busy machine it alone takes most of a test's 5 s.
  let contract: OperationContract;
  beforeAll(async () => {
    contract = await snapshotContract();
  }, 60_000);

  it("as /docs/sandbox lists it, is what the sandbox does: each code's car, the sample set, the accounts and the times", async () => {
    expect(SMARTCAR_MODELS.length).toBeGreaterThan(0);
    expect(pageRows()).toEqual([...carRows(), ...dataRows(await connectedBeforeLocation(contract))]);
  });

  it('says truly that any other code gives a car at 20 to 70 %', () => {
    const socs = Array.from({ length: 500 }, (_, index) => connectedSoc(`code-${index}`));
    expect(Math.min(...socs)).toBe(20);
    expect(Math.max(...socs)).toBe(70);
  });
});
