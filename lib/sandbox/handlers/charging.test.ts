// The smart charging handlers on their own (smart-charging.mdx, chargers.mdx): preferences and their checks, why
// there is no schedule (the guide's reasons, word for word), sessions as the contract writes them, and the controls.
import { beforeEach, describe, expect, it } from 'vitest';
import { handlerCaller } from '../../../scripts/testing/handler-call';
import type { Charger, Vehicle, World } from '../domain/model';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_HEAT_PUMP, SAMPLE_LOCATION, SAMPLE_USER, seedWorld } from '../domain/seed';
import { setSoc } from '../domain/events';
import { advance, PLANNING_DELAY_MS } from '../domain/simulate';
import { changeWorld } from '../domain/world-draft';
import { DAY_MS } from '../domain/zones';
import type { Answer, HandlerContext } from './context';
import { chargingHandlers } from './charging';

const NOW = Date.parse('2025-01-15T09:20:00Z');
let world: World;
let car: Vehicle;
let charger: Charger;

beforeEach(() => {
  world = seedWorld(NOW, NOW);
  car = world.devices.find((device) => device.id === SAMPLE_CAR) as Vehicle;
  charger = world.devices.find((device) => device.id === SAMPLE_CHARGER) as Charger;
});

const callHandler = handlerCaller(chargingHandlers, () => ({ world, now: NOW, userId: SAMPLE_USER }));

/** The world a command made kept, as the sandbox keeps it, and the sample devices read from it again. */
function keep(answer: Answer): Answer {
  const { world: made, ...rest } = answer;
  if (made) {
    world = made;
    car = world.devices.find((device) => device.id === SAMPLE_CAR) as Vehicle;
    charger = world.devices.find((device) => device.id === SAMPLE_CHARGER) as Charger;
  }
  return rest;
}
const call = (operationId: string, deviceId: string, context: Partial<HandlerContext> = {}) =>
  keep(callHandler(operationId, { params: { deviceId }, ...context }));

const message = (answer: Answer) => (answer.body as { message?: string }).message;

describe('EV preferences', () => {
  const update = (body: unknown) => call('updateEvPreferences', SAMPLE_CAR, { body });

  it('gives them with the behaviour they replaced, and 404 when none are set', () => {
    expect(call('getEvPreferences', SAMPLE_CAR)).toEqual({
      status: 200,
      // The contract's EvPreferences, made from the vehicle's preferences (percent, kWh).
      body: {
        chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
        chargingLocationIds: [SAMPLE_LOCATION],
        defaultSpotPriceAreaId: 'SE3',
        readyTime: '07:00',
        weekDaySpecificReadyTimes: { SATURDAY: '10:30', SUNDAY: '10:30' },
        targetSoC: 80,
        minimalSoC: 20,
        batteryCapacity: 64,
        previousChargingBehavior: 'SMART_CHARGE_OFF',
      },
    });
    car.previousChargingBehavior = undefined;
    expect(call('getEvPreferences', SAMPLE_CAR).body).not.toHaveProperty('previousChargingBehavior');
    car.preferences = undefined;
    expect(call('getEvPreferences', SAMPLE_CAR)).toEqual({
      status: 404,
      body: { message: `No smart charging preferences are set for device ${SAMPLE_CAR}` },
    });
    expect(call('getEvPreferences', SAMPLE_CHARGER).status).toBe(404);
  });

  it('replaces them whole, keeps the behaviour replaced, and plans again at once', () => {
    const answer = update({ chargingBehavior: 'SMART_CHARGE_ANYWHERE', targetSoC: 90, defaultSpotPriceAreaId: 'SE4' });
    expect(answer).toEqual({
      status: 200,
      body: {
        chargingBehavior: 'SMART_CHARGE_ANYWHERE',
        targetSoC: 90,
        defaultSpotPriceAreaId: 'SE4',
        previousChargingBehavior: 'SMART_CHARGE_AT_LOCATION',
      },
    });
    expect(car.plan?.createdAt).toBe(NOW);
    expect(car.plan?.targetSoc).toBe(90);
    // The same behaviour again, or none, keeps the one replaced before.
    update({ chargingBehavior: 'SMART_CHARGE_ANYWHERE' });
    update({ targetSoC: 80 });
    expect(car.previousChargingBehavior).toBe('SMART_CHARGE_AT_LOCATION');
    expect(call('updateEvPreferences', SAMPLE_CHARGER, { body: {} }).status).toBe(400);
  });

  it('refuses what Kilowise would, naming the field', () => {
    expect(message(update({ weekDaySpecificReadyTimes: { FUNDAY: '07:00' } }))).toBe(
      'Request body: field "weekDaySpecificReadyTimes.FUNDAY" is not a day of the week (MONDAY to SUNDAY)',
    );
    expect(message(update({ chargingLocationIds: [SAMPLE_LOCATION, 'loc-gone'] }))).toBe(
      `Request body: field "chargingLocationIds[1]" is loc-gone, not a location of user ${SAMPLE_USER}`,
    );
    expect(message(update({ defaultSpotPriceAreaId: 'XX9' }))).toBe(
      'Request body: field "defaultSpotPriceAreaId" is XX9, not a spot price area',
    );
    expect(message(update({ minimalSoC: 81, targetSoC: 80 }))).toBe(
      'Request body: field "minimalSoC" 81 is above targetSoC 80',
    );
    expect(update({ minimalSoC: 80, targetSoC: 80 }).status).toBe(200);
    expect(update({ minimalSoC: 90 }).status).toBe(200);
    expect(
      update({ weekDaySpecificReadyTimes: { SUNDAY: '10:00' }, chargingLocationIds: [SAMPLE_LOCATION] }).status,
    ).toBe(200);
  });
});

describe('OCPP charger preferences', () => {
  const update = (body: unknown) => call('updateOcppChargerPreferences', SAMPLE_CHARGER, { body });

  it('gives and replaces them, keeping the behaviour replaced', () => {
    // The contract's OcppChargerPreferences, made from the charger's preferences (percent, kWh).
    expect(call('getOcppChargerPreferences', SAMPLE_CHARGER)).toEqual({
      status: 200,
      body: {
        chargingBehavior: 'SMART_CHARGE_ON',
        readyTime: '07:00',
        weekDaySpecificReadyTimes: { SATURDAY: '10:00' },
        targetSoC: { value: 80, unit: 'PERCENT' },
        minimalSoC: { value: 20, unit: 'PERCENT' },
        currentSoC: { value: 35, unit: 'PERCENT' },
        locationId: SAMPLE_LOCATION,
        batteryCapacity: 64,
        efficiency: 0.9,
        associatedDeviceId: SAMPLE_CAR,
      },
    });
    expect(update({ chargingBehavior: 'SMART_CHARGE_OFF', locationId: SAMPLE_LOCATION })).toEqual({
      status: 200,
      body: { chargingBehavior: 'SMART_CHARGE_OFF', locationId: SAMPLE_LOCATION },
    });
    expect(charger.previousChargingBehavior).toBe('SMART_CHARGE_ON');
    keep({
      status: 200,
      world: changeWorld(world, (draft) => {
        (draft.devices.find((device) => device.id === SAMPLE_CHARGER) as Charger).preferences = undefined;
      }),
    });
    expect(call('getOcppChargerPreferences', SAMPLE_CHARGER)).toEqual({
      status: 404,
      body: { message: `No smart charging preferences are set for charger ${SAMPLE_CHARGER}` },
    });
    expect(call('updateOcppChargerPreferences', SAMPLE_CAR, { body: {} }).status).toBe(400);
  });

  it('refuses a percentage outside 0 to 100, a day that is none, and a location not of its user', () => {
    for (const field of ['targetSoC', 'minimalSoC', 'currentSoC']) {
      expect(message(update({ [field]: { value: 101, unit: 'PERCENT' } }))).toBe(
        `Request body: field "${field}.value" 101 is not a percentage from 0 to 100`,
      );
      expect(message(update({ [field]: { value: -1, unit: 'PERCENT' } }))).toBe(
        `Request body: field "${field}.value" -1 is not a percentage from 0 to 100`,
      );
      expect(update({ [field]: { value: 100, unit: 'PERCENT' } }).status).toBe(200);
      expect(update({ [field]: { value: 0, unit: 'PERCENT' } }).status).toBe(200);
      expect(update({ [field]: { value: 300, unit: 'KM' } }).status).toBe(200);
    }
    expect(message(update({ weekDaySpecificReadyTimes: { monday: '07:00' } }))).toBe(
      'Request body: field "weekDaySpecificReadyTimes.monday" is not a day of the week (MONDAY to SUNDAY)',
    );
    expect(message(update({ locationId: 'loc-gone' }))).toBe(
      `Request body: field "locationId" is loc-gone, not a location of user ${SAMPLE_USER}`,
    );
  });
});

describe('getChargingSchedule', () => {
  const reason = (deviceId = SAMPLE_CAR) => message(call('getChargingSchedule', deviceId));

  it('gives the schedule in the zone of its area', () => {
    const answer = call('getChargingSchedule', SAMPLE_CAR);
    const plan = car.plan;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: plan?.id,
      createdAt: '2025-01-15T08:20:10+01:00',
      endDateTime: '2025-01-16T07:00:00+01:00',
      spotPriceAreaId: 'SE3',
      readyTime: '07:00',
      timeZone: 'Europe/Stockholm',
    });
    expect(Object.values((answer.body as { hourlyCharges: object }).hourlyCharges)).toEqual(
      Object.values(plan?.hourly ?? {}),
    );
  });

  it('as /docs/smart-charging says, is 404 once the car has charged to its target, not the spent plan', () => {
    // The seeded car is plugged in at 42% with a target of 80% by 07:00: by 06:00 it has charged there.
    advance(world, Date.parse('2025-01-16T05:00:00Z'));
    expect(car.sim.soc).toBeCloseTo(80, 6);
    expect(car.plan).toBeDefined();
    expect(call('getChargingSchedule', SAMPLE_CAR)).toEqual({
      status: 404,
      body: {
        message: `No charging schedule for device ${SAMPLE_CAR}: there is nothing to charge: it is at its target`,
      },
    });
    // Past the ready time too: never a schedule whose endDateTime has gone by.
    advance(world, Date.parse('2025-01-16T09:00:00Z'));
    expect(call('getChargingSchedule', SAMPLE_CAR).status).toBe(404);
    // Short of the target again, it has a new one, ending at the next ready time.
    setSoc(world, car, 60, NOW + DAY_MS);
    expect(call('getChargingSchedule', SAMPLE_CAR).body).toMatchObject({ endDateTime: '2025-01-17T07:00:00+01:00' });
  });

  it('says why there is none, as the guide lists the reasons', () => {
    const noSchedule = (why: string, id = SAMPLE_CAR) => `No charging schedule for device ${id}: ${why}`;
    car.plan = { ...(car.plan as NonNullable<Vehicle['plan']>), hourly: {} };
    expect(reason()).toBe(noSchedule('there is nothing to charge: it is at its target'));
    car.plan = undefined;
    expect(reason()).toBe(noSchedule('the schedule is still being calculated'));
    car.preferences = { ...car.preferences, chargingLocationIds: [] };
    expect(reason()).toBe(noSchedule('it is not plugged in at one of its charging locations (chargingLocationIds)'));
    car.preferences = { chargingBehavior: 'SMART_CHARGE_ANYWHERE' };
    car.sim.locationId = 'loc-gone';
    expect(reason()).toBe(
      noSchedule("it is at none of its user's locations, and its preferences name no defaultSpotPriceAreaId"),
    );
    car.preferences = { chargingBehavior: 'SMART_CHARGE_OFF' };
    expect(reason()).toBe(noSchedule('smart charging is off'));
    car.preferences = {};
    expect(reason()).toBe(noSchedule('smart charging is off'));
    car.preferences = undefined;
    expect(reason()).toBe(noSchedule('it has no smart charging preferences'));
    car.sim.immediate = true;
    expect(reason()).toBe(noSchedule('it charges now (start-charging), whatever the prices'));
    car.sim.pluggedIn = false;
    expect(reason()).toBe(noSchedule('it is not plugged in'));
    charger.sim.pluggedIn = true;
    charger.preferences = { ...charger.preferences, locationId: 'loc-gone' };
    expect(reason(SAMPLE_CHARGER)).toBe(
      noSchedule('its preferences name no location of its user (locationId)', SAMPLE_CHARGER),
    );
    expect(call('getChargingSchedule', SAMPLE_HEAT_PUMP).status).toBe(404);
  });
});

describe('sessions, start and stop', () => {
  it('lists sessions newest first, an active one with no endDateTime (/docs/smart-charging#sessions)', () => {
    const sessions = () => call('getChargingSessions', SAMPLE_CAR).body as Record<string, unknown>[];
    expect(sessions()).toHaveLength(1);
    expect(sessions()[0]).toMatchObject({
      status: 'COMPLETE',
      spotPriceAreaId: 'SE3',
      readyTime: '07:00',
      timeZone: 'Europe/Stockholm',
    });
    car.sessions.push({
      id: 'ses-a',
      createdAt: NOW,
      endAt: null,
      status: 'ACTIVE',
      hourly: { [String(NOW - 20 * 60_000)]: 1.5 },
      immediate: false,
      timeZone: 'Europe/Stockholm',
    });
    expect(sessions()[0]).toEqual({
      id: 'ses-a',
      createdAt: '2025-01-15T10:20:00+01:00',
      status: 'ACTIVE',
      hourlyCharges: { '2025-01-15T10:00:00+01:00': 1.5 },
      timeZone: 'Europe/Stockholm',
    });
    car.sessions.push({ id: 'ses-b', createdAt: NOW, endAt: null, status: 'ACTIVE', hourly: {}, immediate: true });
    expect(sessions()[0]).toEqual({
      id: 'ses-b',
      createdAt: '2025-01-15T09:20:00Z',
      status: 'ACTIVE',
      hourlyCharges: {},
    });
    expect(call('getChargingSessions', SAMPLE_HEAT_PUMP).status).toBe(404);
  });

  it('starts charging at once and stops it, for a car or a charger', () => {
    expect(call('startCharging', SAMPLE_CAR)).toEqual({ status: 204 });
    expect(car.sim.immediate).toBe(true);
    expect(car.preferences?.chargingBehavior).toBe('SMART_CHARGE_OFF');
    expect(call('stopCharging', SAMPLE_CAR)).toEqual({ status: 204 });
    expect(car.sim.immediate).toBe(false);
    expect(call('startCharging', SAMPLE_CHARGER)).toEqual({ status: 204 });
    expect(charger.sim.immediate).toBe(true);
    expect(call('stopCharging', SAMPLE_HEAT_PUMP).status).toBe(404);
    expect(call('startCharging', 'dev-none')).toEqual({ status: 404, body: { message: 'Device dev-none not found' } });
    expect(PLANNING_DELAY_MS).toBe(10_000);
  });
});
