// What a partner's third run (issue 54) found the sandbox and the pages disagreeing on, each held to the page that
// states it: the sandbox is the downloaded one-file copy's source, so a rule kept here is kept there too.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { httpRequestOf, initialDraft } from '../contract/request-draft';
import { snapshotContract } from '../contract/snapshot';
import { EXPIRED_AUTH_CODE, WALLBOX_TEST_ACCOUNT } from './handlers/integrations';
import { SAMPLE_USER } from './domain/seed';
import { createSandbox } from './sandbox';
import { SAMPLE_DEVICES, sandboxAt as newSandboxAt, V2, type SandboxReply } from './test-client';

let contract: OperationContract;

beforeAll(async () => {
  contract = await snapshotContract();
}, 60_000);

const { car: CAR, charger: CHARGER, heatPump: HEAT_PUMP } = SAMPLE_DEVICES;

type Reply = SandboxReply;

/** A sandbox whose clock stands at `time`, and a client of it. */
const sandboxAt = (time: string) => newSandboxAt(contract, time);

const instant = (text: string) => Date.parse(text);

/** The car's sessions that opened from `since` on, newest first: the sample set comes with a completed one. */
async function sessionsSince(call: Awaited<ReturnType<typeof sandboxAt>>, since: string) {
  const { body } = await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`);
  return (body as Reply['body'][]).filter((session) => instant(session.createdAt) >= instant(since));
}
const T = '2025-03-14T16:00:00+01:00';

describe('below minimalSoC the session opens when the status says SMART_CHARGING (/docs/smart-charging#status-schedule-and-session)', () => {
  // Partner runs 3 and 4: the status said SMART_CHARGING at once, and the sessions were [] until the clock moved.
  async function pluggedInAt30() {
    const call = await sandboxAt(T);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    // Past the 10 s the schedule takes after a plug-in.
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    return call;
  }
  const at = '2025-03-14T16:01:00+01:00';

  it('a state of charge below minimalSoC, set with the device control: ACTIVE at that instant', async () => {
    const call = await pluggedInAt30();
    expect(await sessionsSince(call, T)).toEqual([]);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 10 });
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('SMART_CHARGING');
    const sessions = await sessionsSince(call, T);
    expect(sessions.map((session) => [session.status, instant(session.createdAt)])).toEqual([['ACTIVE', instant(at)]]);
  });

  it('preferences whose minimalSoC is above the state of charge: ACTIVE at that instant', async () => {
    const call = await pluggedInAt30();
    const preferences = (await call('GET', `${V2}/devices/${CAR}/smart-charging/ev-preferences`)).body;
    const written = await call('PUT', `${V2}/devices/${CAR}/smart-charging/ev-preferences`, {
      ...preferences,
      minimalSoC: 50,
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('SMART_CHARGING');
    const sessions = await sessionsSince(call, T);
    expect(sessions.map((session) => [session.status, instant(session.createdAt)])).toEqual([['ACTIVE', instant(at)]]);
  });
});

describe('a session opens at start-charging (/docs/smart-charging#sessions, /docs/sandbox: Sessions)', () => {
  it('right after start-charging, before the clock moves, the session is there, ACTIVE since that instant', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    expect(await sessionsSince(call, T)).toEqual([]);
    expect((await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`)).status).toBe(204);
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('IMMEDIATE_CHARGING');
    const sessions = await sessionsSince(call, T);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].status).toBe('ACTIVE');
    expect(instant(sessions[0].createdAt)).toBe(instant('2025-03-14T16:00:00+01:00'));
    const events = (await call('GET', '/__sandbox/events')).body.events as { type: string; at: string }[];
    const started = events.filter((event) => event.type === 'session-started' && instant(event.at) >= instant(T));
    expect(started.map((event) => instant(event.at))).toEqual([instant('2025-03-14T16:00:00+01:00')]);
  });

  it('a charger with nothing to charge opens none: a session is charging, not the wish to', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 100, pluggedIn: true });
    await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`);
    expect(await sessionsSince(call, T)).toEqual([]);
  });

  it('start-charging while unplugged opens the session at the plug-in', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false, soc: 40 });
    await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`);
    expect(await sessionsSince(call, T)).toEqual([]);
    await call('POST', '/__sandbox/clock', { advance: 'PT10M' });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: true });
    const [session] = await sessionsSince(call, T);
    expect(session.status).toBe('ACTIVE');
    expect(instant(session.createdAt)).toBe(instant('2025-03-14T16:10:00+01:00'));
  });
});

describe("a session's endDateTime is when charging ended, absent while ACTIVE (/docs/smart-charging#sessions)", () => {
  it('a smart session has none while ACTIVE and has its end once COMPLETE', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    let active: Record<string, unknown> | undefined;
    for (let hour = 0; hour < 24 && !active; hour += 1) {
      await call('POST', '/__sandbox/clock', { advance: 'PT1H' });
      active = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body.find(
        (session: { status: string }) => session.status === 'ACTIVE',
      );
    }
    expect(active).toBeDefined();
    expect(active).not.toHaveProperty('endDateTime');
    await call('POST', '/__sandbox/clock', { advance: 'P1D' });
    const [done] = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body;
    expect(done.status).toBe('COMPLETE');
    expect(instant(done.endDateTime)).toBeGreaterThan(instant(done.createdAt));
  });

  it('a session of start-charging ends INTERRUPTED at stop-charging, with that instant', async () => {
    const call = await sandboxAt('2025-03-14T16:00:00+01:00');
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    await call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`);
    await call('POST', '/__sandbox/clock', { advance: 'PT30M' });
    const [open] = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body;
    expect(open).not.toHaveProperty('endDateTime');
    await call('POST', `/v2/devices/${CAR}/smart-charging/stop-charging`);
    const [ended] = (await call('GET', `${V2}/devices/${CAR}/smart-charging/sessions`)).body;
    expect(ended.status).toBe('INTERRUPTED');
    expect(instant(ended.endDateTime)).toBe(instant('2025-03-14T16:30:00+01:00'));
  });
});

describe('readyTime on a schedule and a session is the one that applies (/docs/smart-charging#the-schedule)', () => {
  it("the weekday-specific ready time of the schedule's day, on the schedule and on its session", async () => {
    const call = await sandboxAt(T); // a Friday: the schedule ends on Saturday
    const preferences = `${V2}/devices/${CAR}/smart-charging/ev-preferences`;
    const current = (await call('GET', preferences)).body;
    delete current.previousChargingBehavior;
    const weekDaySpecificReadyTimes = { SATURDAY: '10:30' };
    expect((await call('PUT', preferences, { ...current, readyTime: '07:00', weekDaySpecificReadyTimes })).status).toBe(
      200,
    );
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    const schedule = (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body;
    expect(schedule.readyTime).toBe('10:30');
    expect(instant(schedule.endDateTime)).toBe(instant('2025-03-15T10:30:00+01:00'));
    await call('POST', '/__sandbox/clock', { advance: 'PT20H' });
    const [session] = await sessionsSince(call, T);
    expect(session.readyTime).toBe('10:30');
  });
});

describe('connect names a deviceId only for CREATED and ALREADY_ADDED (/docs/vehicles/smartcar#connect-the-car)', () => {
  it('CONFLICT and SMARTCAR_API_ERROR answer message and status only', async () => {
    const call = await sandboxAt('2025-03-14T12:00:00+01:00');
    const connect = (authCode: string, user: string) =>
      call(
        'POST',
        '/v1/kilowise/devices/smartcar/connect',
        { authCode, redirectUrl: 'https://app.example.com/smartcar/callback' },
        { 'x-user-id': user },
      );
    const created = (await connect('partner-car', 'user-a')).body;
    expect(created.status).toBe('CREATED');
    expect(created.deviceId).toMatch(/^dev-/);
    expect((await connect('partner-car', 'user-a')).body).toMatchObject({
      status: 'ALREADY_ADDED',
      deviceId: created.deviceId,
    });
    for (const [authCode, status] of [
      ['partner-car', 'CONFLICT'],
      [EXPIRED_AUTH_CODE, 'SMARTCAR_API_ERROR'],
    ] as const) {
      const body = (await connect(authCode, 'user-b')).body;
      expect(body.status).toBe(status);
      expect(Object.keys(body).sort()).toEqual(['message', 'status']);
    }
  });

  it("the contract does not require deviceId in connect's answer", () => {
    const connect = contract.operations.find((operation) => operation.operationId === 'connectSmartcarVehicle');
    const schema = connect?.responses.find((response) => response.status === '200')?.schema as
      { $ref?: string; required?: string[] } | undefined;
    expect(schema).toBeDefined();
    const resolved = (schema?.$ref ? contract.defs[schema.$ref.split('/').at(-1) ?? ''] : schema) as
      { required?: string[]; properties?: Record<string, unknown> } | undefined;
    expect(resolved?.properties).toHaveProperty('deviceId');
    expect(resolved?.required ?? []).not.toContain('deviceId');
  });
});

describe('a device of another kind: 400 where the contract lists a 400, else 404 (/docs/errors#a-device-of-another-kind)', () => {
  it("every operation on a device answers a device of another kind so, getSmartcarCapabilities's 400 among them", async () => {
    const seen: string[] = [];
    const wrong: string[] = [];
    const onDevices = contract.operations.filter(
      (operation) => operation.path.includes('{deviceId}') && operation.method.toUpperCase() !== 'DELETE',
    );
    expect(onDevices.length).toBeGreaterThan(10);
    for (const operation of onDevices)
      for (const device of [CAR, CHARGER, HEAT_PUMP]) {
        const sandbox = createSandbox(contract);
        const request = httpRequestOf(operation, initialDraft(operation), contract.serverUrl);
        const headers = { ...Object.fromEntries(new Headers(request.headers)), 'x-api-key': 'key-a' };
        const response = await sandbox.handle(
          new Request(request.url.replace(/dev-[0-9a-f]{6}/, device), {
            method: request.method,
            headers,
            body: request.body,
          }),
        );
        const text = await response.text();
        const message = text ? (JSON.parse(text) as { message?: unknown }).message : undefined;
        if (typeof message !== 'string' || !/^Device \S+ is an? .+, not /.test(message)) continue;
        seen.push(operation.operationId);
        const expected = operation.responses.some((documented) => documented.status === '400') ? 400 : 404;
        if (response.status !== expected)
          wrong.push(`${operation.operationId} on ${device}: ${response.status}, the rule says ${expected}`);
      }
    expect(seen).toContain('getSmartcarCapabilities');
    expect(seen).toContain('updateEvPreferences');
    expect(wrong).toEqual([]);
  });
});

describe('one Wallbox account linked for a second user (/docs/chargers#link-a-wallbox-account)', () => {
  it('answers 204, and both users list the same chargers', async () => {
    const call = await sandboxAt('2025-03-14T12:00:00+01:00');
    const uids: string[][] = [];
    for (const user of ['user-a', 'user-b']) {
      const headers = { 'X-User-Id': user };
      expect((await call('POST', '/v2/wallbox/register-account', WALLBOX_TEST_ACCOUNT, headers)).status).toBe(204);
      const listed = await call('GET', '/v2/wallbox/chargers', undefined, headers);
      expect(listed.status).toBe(200);
      uids.push((listed.body as { uid: string }[]).map((charger) => charger.uid));
    }
    expect(uids[0]?.length).toBeGreaterThan(0);
    expect(uids[1]).toEqual(uids[0]);
  });
});

describe('the timeline is what happened, whoever read what (/docs/sandbox#the-timeline)', () => {
  type Event = { at: string; type: string; deviceId?: string; from?: string; to?: string; reason?: string };
  const eventsSince = async (call: Awaited<ReturnType<typeof sandboxAt>>, since: string) =>
    (await call('GET', `/__sandbox/events?since=${encodeURIComponent(since)}`)).body.events as Event[];

  /** One partner's writes, with a status read before each when `read` is set. */
  async function run(read: boolean) {
    const call = await sandboxAt(T);
    const look = async () => {
      if (read) for (const device of [CAR, CHARGER]) await call('GET', `/v2/status/${device}`);
    };
    const preferences = `${V2}/devices/${CAR}/smart-charging/ev-preferences`;
    const writes: (() => Promise<unknown>)[] = [
      () => call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false }),
      () => call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true }),
      () => call('POST', '/__sandbox/clock', { advance: 'PT1M' }),
      async () => {
        // previousChargingBehavior is the API's to set: a PUT sends the rest.
        const current = (await call('GET', preferences)).body;
        delete current.previousChargingBehavior;
        return call('PUT', preferences, { ...current, chargingBehavior: 'SMART_CHARGE_OFF' });
      },
      () => call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false }),
      () => call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: true }),
      () => call('POST', `/v2/devices/${CAR}/smart-charging/start-charging`),
      () => call('PATCH', `/__sandbox/devices/${CHARGER}`, { online: false }),
      () => call('POST', '/__sandbox/clock', { advance: 'PT12H' }),
    ];
    for (const write of writes) {
      await look();
      await write();
    }
    return eventsSince(call, T);
  }

  it('lists the same events whether or not a status was read between the writes, each status change among them', async () => {
    const unread = await run(false);
    const read = await run(true);
    expect(unread).toEqual(read);
    const changes = unread.filter((event) => event.type === 'status-changed');
    expect(changes.map((event) => `${event.deviceId} ${event.to}`)).toEqual(
      expect.arrayContaining([
        `${CAR} CABLE_UNPLUGGED`,
        `${CAR} CALCULATING_SCHEDULE`,
        `${CAR} IMMEDIATE_CHARGING`,
        `${CHARGER} OFFLINE`,
      ]),
    );
    // Every change follows on from the one before it for the device: none is lost.
    for (const device of [CAR, CHARGER]) {
      const chain = changes.filter((event) => event.deviceId === device);
      chain.slice(1).forEach((event, index) => expect(event.from).toBe(chain[index]?.to));
    }
  });

  it('lists the events of one instant cause before effect: a status change right after what changed it', async () => {
    const events = await run(false);
    const instant1 = events.filter(
      (event) => event.deviceId === CAR && Date.parse(event.at) === Date.parse(T) + 60_000,
    );
    expect(instant1.map((event) => (event.type === 'status-changed' ? `status ${event.to}` : event.type))).toEqual([
      'status SMART_CHARGING_DISABLED',
      'unplugged',
      'status CABLE_UNPLUGGED',
      'plugged-in',
      'status SMART_CHARGING_DISABLED',
      'session-started',
      'status IMMEDIATE_CHARGING',
    ]);
  });

  it("the page's example is the worked example's timeline, event by event", async () => {
    const text = readFileSync('content/docs/sandbox.mdx', 'utf8');
    const block = /## The timeline[\s\S]*?```bash[^\n]*\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    const shown = [...block.matchAll(/^\s*(\{"at".*?\})[,\]}]*$/gm)].map(
      (match) => JSON.parse(match[1] ?? '') as Event,
    );
    expect(shown.length).toBeGreaterThan(5);
    const call = await sandboxAt(T);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT12H' });
    const strip = ({ at, type, deviceId, from, to, reason }: Event) => ({ at, type, deviceId, from, to, reason });
    expect((await eventsSince(call, T)).map(strip)).toEqual(shown.map(strip));
  });
});

describe("a status's timestamp is when the device last reported (/docs/sandbox: Statuses)", () => {
  it('a charger taken offline keeps the timestamp of its last heartbeat, also once OFFLINE', async () => {
    const call = await sandboxAt('2025-03-14T12:00:00+01:00');
    await call('POST', '/__sandbox/clock', { advance: 'PT3M' });
    const heartbeat = (await call('GET', `${V2}/devices/ocpp-charger/${CHARGER}/status`)).body.heartbeatTimestamp;
    expect(instant(heartbeat)).toBeLessThan(instant('2025-03-14T12:03:00+01:00'));
    await call('PATCH', `/__sandbox/devices/${CHARGER}`, { online: false });
    expect(instant((await call('GET', `/v2/status/${CHARGER}`)).body.timestamp)).toBe(instant(heartbeat));
    await call('POST', '/__sandbox/clock', { advance: 'PT15M' });
    const status = (await call('GET', `/v2/status/${CHARGER}`)).body;
    expect(status.status).toBe('OFFLINE');
    expect(instant(status.timestamp)).toBe(instant(heartbeat));
  });
});

describe("a charger's timestamp is its last report, heartbeat or status change (/docs/sandbox: Statuses)", () => {
  it('taken offline after a status change later than its last heartbeat, it keeps the status change, also once OFFLINE', async () => {
    const call = await sandboxAt('2025-03-14T12:00:00+01:00');
    await call('POST', '/__sandbox/clock', { advance: 'PT3M' });
    const heartbeat = (await call('GET', `${V2}/devices/ocpp-charger/${CHARGER}/status`)).body.heartbeatTimestamp;
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    const before = (await call('GET', `/v2/status/${CHARGER}`)).body;
    await call('PATCH', `/__sandbox/devices/${CHARGER}`, { pluggedIn: /UNPLUGGED/.test(before.status) });
    const changed = (await call('GET', `/v2/status/${CHARGER}`)).body;
    expect(changed.status).not.toBe(before.status);
    expect(instant(changed.timestamp)).toBe(instant('2025-03-14T12:04:00+01:00'));
    expect(instant(changed.timestamp)).toBeGreaterThan(instant(heartbeat));
    await call('PATCH', `/__sandbox/devices/${CHARGER}`, { online: false });
    await call('POST', '/__sandbox/clock', { advance: 'PT15M' });
    const status = (await call('GET', `/v2/status/${CHARGER}`)).body;
    expect(status.status).toBe('OFFLINE');
    expect(instant(status.timestamp)).toBe(instant('2025-03-14T12:04:00+01:00'));
  });
});

describe('a ready time too close for the target (/docs/smart-charging#the-schedule, /docs/sandbox: Schedules)', () => {
  it('charges every hour up to the ready time at full power, and the car falls short; at the ready time it plans on', async () => {
    const call = await sandboxAt('2025-03-13T08:00:00+01:00'); // a Thursday
    const preferences = `${V2}/devices/${CAR}/smart-charging/ev-preferences`;
    const current = (await call('GET', preferences)).body;
    delete current.previousChargingBehavior;
    const wanted = { ...current, readyTime: '09:30', weekDaySpecificReadyTimes: {}, targetSoC: 80, minimalSoC: 0 };
    expect((await call('PUT', preferences, wanted)).status).toBe(200);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 30, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    const schedule = (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body;
    const car = (await call('GET', `/__sandbox/devices/${CAR}`)).body;
    const needed = ((80 - 30) / 100) * car.batteryCapacityKwh;
    const hours = Object.entries(schedule.hourlyCharges as Record<string, number>);
    // Planned at 08:00:10 (the plan takes 10 s): the first hour is 11 kW over what is left of it, then half an hour.
    expect(hours.map(([hour]) => instant(hour))).toEqual([
      instant('2025-03-13T08:00:00+01:00'),
      instant('2025-03-13T09:00:00+01:00'),
    ]);
    expect(hours[0]?.[1]).toBeCloseTo((11 * (3600 - 10)) / 3600, 1);
    expect(hours[1]?.[1]).toBeCloseTo(5.5, 2);
    const planned = hours.reduce((sum, [, kwh]) => sum + kwh, 0);
    expect(planned).toBeLessThan(needed);
    expect(instant(schedule.endDateTime)).toBe(instant('2025-03-13T09:30:00+01:00'));
    await call('POST', '/__sandbox/clock', { advance: 'PT1H30M' });
    const short = (await call('GET', `/__sandbox/devices/${CAR}`)).body;
    expect(short.soc).toBeLessThan(80);
    const [session] = await sessionsSince(call, '2025-03-13T08:00:00+01:00');
    expect(session.status).toBe('ACTIVE');
    const next = (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body;
    expect(instant(next.endDateTime)).toBe(instant('2025-03-14T09:30:00+01:00'));
  });
});

describe('cars of the test data without a capability (/docs/sandbox#test-data-in-one-place)', () => {
  /** The sample user's new car of the test data's `authCode`. */
  async function connected(authCode: string) {
    const call = await sandboxAt(T);
    const connected = await call(
      'POST',
      '/v1/kilowise/devices/smartcar/connect',
      { authCode, redirectUrl: 'https://app.example.com/smartcar/callback' },
      { 'x-user-id': 'user-4711' },
    );
    expect(connected.body.status).toBe('CREATED');
    return { call, id: connected.body.deviceId as string };
  }

  it('the Kia EV6 (no READ_BATTERY_CAPACITY), without batteryCapacity in its preferences, plans with its 74 kWh (/docs/smart-charging)', async () => {
    const { call, id } = await connected('sandbox-kia-ev6');
    const preferences = (await call('GET', `${V2}/devices/${CAR}/smart-charging/ev-preferences`)).body;
    delete preferences.previousChargingBehavior;
    delete preferences.batteryCapacity;
    const put = await call('PUT', `${V2}/devices/${id}/smart-charging/ev-preferences`, {
      ...preferences,
      readyTime: '07:00',
      weekDaySpecificReadyTimes: {},
      targetSoC: 80,
      minimalSoC: 0,
    });
    expect(put.status).toBe(200);
    expect(put.body).not.toHaveProperty('batteryCapacity');
    await call('PATCH', `/__sandbox/devices/${id}`, { pluggedIn: false });
    await call('PATCH', `/__sandbox/devices/${id}`, { soc: 30, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    const schedule = (await call('GET', `${V2}/devices/${id}/smart-charging/schedule`)).body;
    const planned = Object.values(schedule.hourlyCharges as Record<string, number>).reduce((sum, kwh) => sum + kwh, 0);
    expect(planned).toBeCloseTo(0.5 * 74, 1);
  });

  it('the Ford (no EXECUTE_START_AND_STOP): start-charging answers 204 and charges at once (/docs/vehicles/smartcar#capabilities)', async () => {
    const { call, id } = await connected('sandbox-ford-mustang-mach-e');
    const capabilities = (await call('GET', `/v1/kilowise/devices/smartcar/${id}/capabilities`)).body;
    expect(capabilities).not.toContain('EXECUTE_START_AND_STOP');
    expect((await call('POST', `/v2/devices/${id}/smart-charging/start-charging`)).status).toBe(204);
    expect((await call('GET', `/v2/status/${id}`)).body.status).toBe('IMMEDIATE_CHARGING');
  });
});

describe("the sample set's history has its status changes too (/docs/sandbox#the-timeline)", () => {
  it("every cable and session event of the car's two days is followed by the status change it made", async () => {
    const call = await sandboxAt(T);
    const { events } = (await call('GET', '/__sandbox/events')).body as {
      events: { at: string; type: string; deviceId?: string; from?: string; to?: string }[];
    };
    const history = events.filter((event) => event.deviceId === CAR && instant(event.at) < instant(T));
    const causes = history.filter((event) =>
      ['plugged-in', 'unplugged', 'session-started', 'session-completed'].includes(event.type),
    );
    expect(causes.map((event) => event.type)).toEqual(
      expect.arrayContaining(['plugged-in', 'session-started', 'session-completed', 'unplugged']),
    );
    const changes = history.filter((event) => event.type === 'status-changed');
    expect(changes.map((event) => event.to)).toEqual(
      expect.arrayContaining(['CABLE_UNPLUGGED', 'SMART_CHARGING_COMPLETED']),
    );
    for (const cause of causes) {
      const next = history[history.indexOf(cause) + 1];
      expect(next?.type, `${cause.type} at ${cause.at}`).toBe('status-changed');
    }
    // A chain: each change starts where the one before it ended.
    changes.slice(1).forEach((change, index) => expect(change.from).toBe(changes[index]?.to));
  });
});

describe('the OCPP onboarding recipe runs for a charger of the linked account (/docs/recipes/onboard-ocpp-charger)', () => {
  it("its example charger, of user-4711's linked Wallbox account, has a heartbeat at once; one outside it has none", async () => {
    const call = await sandboxAt(T);
    const register = async (vendorDeviceId: string) => {
      const body = { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId, autoSetupOCPPConnection: true };
      const registered = await call('POST', `${V2}/devices/register-charger`, body, { 'X-User-Id': 'user-4711' });
      expect(registered.status).toBe(200);
      return (await call('GET', `${V2}/devices/ocpp-charger/${registered.body.id}/status`)).body;
    };
    expect(await register('CPB1-0456789')).toHaveProperty('heartbeatTimestamp');
    expect(await register('CPB1-0000001')).not.toHaveProperty('heartbeatTimestamp');
  });
});

describe('deleting the location a car charges at (/docs/locations#delete-a-location, /docs/smart-charging: CABLE_PLUGGED)', () => {
  // Partner run 5: after the delete, CABLE_PLUGGED with the old schedule 200 and the session charging on.
  it('ends its smart charging there: CABLE_PLUGGED, schedule 404, the open session INTERRUPTED at that instant', async () => {
    const call = await sandboxAt(T);
    await call('PATCH', `/__sandbox/devices/${CAR}`, { pluggedIn: false });
    const control = await call('PATCH', `/__sandbox/devices/${CAR}`, { soc: 10, pluggedIn: true });
    await call('POST', '/__sandbox/clock', { advance: 'PT1M' });
    const [open] = await sessionsSince(call, T);
    expect(open?.status).toBe('ACTIVE');
    const { locationId } = control.body as { locationId: string };
    const userId = SAMPLE_USER;
    const deleted = await call('DELETE', `${V2}/users/${userId}/locations/${locationId}`);
    expect(deleted.status, `${userId} ${locationId} ${JSON.stringify(deleted.body)}`).toBe(204);
    expect((await call('GET', `/v2/status/${CAR}`)).body.status).toBe('CABLE_PLUGGED');
    expect((await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).status).toBe(404);
    const [ended] = await sessionsSince(call, T);
    expect([ended?.status, instant(ended?.endDateTime)]).toEqual(['INTERRUPTED', instant('2025-03-14T16:01:00+01:00')]);
    // Nothing charges on the deleted location's prices afterwards.
    await call('POST', '/__sandbox/clock', { advance: 'PT3H' });
    expect((await sessionsSince(call, T)).map((session) => session.status)).toEqual(['INTERRUPTED']);
  });
});
