// A world stored before devices were a union of kinds (version 2) still loads: read into the current model once,
// it answers as it did. The fixture was written by the sandbox of version 2 (a charger registered with a goal in km
// and an energy in kWh, the car's and the charger's preferences changed, smart heating off, the clock moved); its
// answers beside it are what that sandbox gave.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../../contract/operation-contract';
import { snapshotContract } from '../../contract/snapshot';
import { createSandbox } from '../sandbox';
import { readWorld } from '../state';
import { sandboxClient, testTab } from '../test-client';
import type { Charger, HeatPump, Vehicle } from './model';
import { seedWorld } from './seed';
import { upgradeWorld } from './upgrade';

const read = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const STORED = read('world-version-2.json');
const ANSWERS = JSON.parse(read('world-version-2.answers.json')) as Record<string, unknown>;
const REGISTERED = 'dev-0f7f31695b';

describe('upgradeWorld', () => {
  it('reads a version 2 world into kinds of device with normalised preferences', () => {
    const world = upgradeWorld(JSON.parse(STORED));
    expect(world?.version).toBe(3);
    const [car, charger, pump, registered] = (world?.devices ?? []) as [Vehicle, Charger, HeatPump, Charger];
    expect(car.preferences).toEqual({
      chargingBehavior: 'SMART_CHARGE_ANYWHERE',
      defaultSpotPriceAreaId: 'SE3',
      readyTime: '08:00',
      targetPercent: 90,
      minimalPercent: 30,
    });
    expect(car.previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    expect(charger.preferences).toMatchObject({ target: { percent: 80 }, minimal: { percent: 20 }, batteryKwh: 64 });
    expect(registered.preferences).toMatchObject({
      target: { rangeKm: 250 },
      current: { percent: 30 },
      minimumEnergyKwh: 5,
      batteryKwh: 60,
    });
    expect(registered.id).toBe(REGISTERED);
    expect(pump.preferences?.heatingBehavior).toBe('SMART_HEATING_OFF');
    // What a kind does not have is gone: a heat pump's sessions, a charging device's heating runs.
    expect(pump).not.toHaveProperty('sessions');
    expect(pump.heatingRuns.length).toBeGreaterThan(0);
    for (const device of [car, charger, registered]) {
      expect(device).not.toHaveProperty('heatingRuns');
      expect(device).not.toHaveProperty('evPreferences');
      expect(device).not.toHaveProperty('ocppPreferences');
    }
  });

  it('keeps a world of this version as it is, and reads nothing else', () => {
    const current = seedWorld(Date.parse('2025-03-14T12:00:00Z'));
    expect(upgradeWorld(current)).toBe(current);
    expect(upgradeWorld({ ...JSON.parse(STORED), version: 1 })).toBeUndefined();
    expect(upgradeWorld({ version: 3 })).toBeUndefined();
    expect(upgradeWorld(null)).toBeUndefined();
    expect(readWorld(null)).toBeUndefined();
  });
});

describe('a sandbox of a stored version 2 world', () => {
  let contract: OperationContract;
  beforeAll(async () => {
    contract = await snapshotContract();
  }, 60_000);

  it('answers as the sandbox that stored it did', async () => {
    const tab = testTab(STORED);
    const sandbox = createSandbox(contract, { ...tab.options(), now: () => new Date('2025-03-14T18:00:00Z') });
    const call = sandboxClient(contract, sandbox);
    expect(Object.keys(ANSWERS).length).toBeGreaterThan(0);
    for (const [path, answer] of Object.entries(ANSWERS)) expect((await call('GET', path)).body, path).toEqual(answer);
    // A PUT stores the new model; read back, the charger's goal in km is as it was sent.
    const preferences = `/v2/kilowise/devices/${REGISTERED}/smart-charging/ocpp-charger-preferences`;
    const body = { chargingBehavior: 'SMART_CHARGE_ON', targetSoC: { value: 200, unit: 'KM' } };
    expect((await call('PUT', preferences, body)).body).toEqual(body);
    const stored = upgradeWorld(JSON.parse(tab.text() ?? '{}'));
    expect(stored?.version).toBe(3);
    expect(stored?.devices.find((device) => device.id === REGISTERED)?.preferences).toEqual({
      chargingBehavior: 'SMART_CHARGE_ON',
      target: { rangeKm: 200 },
    });
  });
});
