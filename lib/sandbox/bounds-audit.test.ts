// Numbers as the contract bounds them (#55), the audit's second pass: every number a request may carry, in a body,
// a query or a control of the sandbox's own, sent out of its range and as 1e400, is a 400 naming the field; none is
// stored as null. The bounds the sandbox adds of its own (a range in KM, comfort temperatures) are those /docs/sandbox
// and /docs/errors state.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { COMFORT_LIMITS } from '../../packages/kilowise-ui/src/ranges';
import { COMFORT_CELSIUS, MAX_KWH, MAX_RANGE_KM } from './bounds';
import { SAMPLE_CAR, SAMPLE_CHARGER, SAMPLE_HEAT_PUMP } from './domain/seed';
import { KM_PER_KWH } from './domain/simulate';
import { createSandbox, type Sandbox } from './sandbox';
import { V2 } from './test-client';

let contract: OperationContract;
let sandbox: Sandbox;

beforeAll(async () => {
  contract = await snapshotContract();
  sandbox = createSandbox(contract, { now: () => new Date('2025-03-14T12:00:00Z') });
}, 60_000);

/**
 * Sends `body` as its text, as test-client's sandboxClient does a value: `1e400` must reach the sandbox as JSON has
 * it (JSON.stringify would write Infinity as null). A path under `/__sandbox/` is a control.
 */
async function send(method: string, path: string, body?: string) {
  const url = path.startsWith('/__sandbox/') ? new URL(path, contract.serverUrl).toString() : contract.serverUrl + path;
  const response = await sandbox.handle(
    new Request(url, { method, headers: { 'x-api-key': 'audit', 'content-type': 'application/json' }, body }),
  );
  return { status: response.status, body: (await response.json()) as { message?: string } & Record<string, unknown> };
}

const PAST_A_DOUBLE = 'is a number past the largest a double holds (1e400 or the like)';
const CHARGER = `${V2}/devices/${SAMPLE_CHARGER}/smart-charging/ocpp-charger-preferences`;
const HEATING = `${V2}/devices/${SAMPLE_HEAT_PUMP}/smart-heating/preferences`;

describe('a state of charge in KM (charger preferences)', () => {
  it('is a range from 0 to the sandbox bound: below 0 or past it is a 400 naming the field, as a percentage is', async () => {
    const put = (field: string, value: string) => send('PUT', CHARGER, `{"${field}":{"value":${value},"unit":"KM"}}`);
    for (const field of ['targetSoC', 'minimalSoC', 'currentSoC']) {
      expect(await put(field, '-50'), field).toEqual({
        status: 400,
        body: { message: `Request body: field "${field}.value" -50 is not a range in KM from 0 to ${MAX_RANGE_KM}` },
      });
      expect((await put(field, String(MAX_RANGE_KM + 1))).body.message, field).toBe(
        `Request body: field "${field}.value" ${MAX_RANGE_KM + 1} is not a range in KM from 0 to ${MAX_RANGE_KM}`,
      );
      expect((await put(field, '1e400')).body.message, field).toBe(
        `Request body: field "${field}.value" ${PAST_A_DOUBLE}`,
      );
    }
    expect((await put('currentSoC', '0')).status).toBe(200);
    expect((await put('targetSoC', String(MAX_RANGE_KM))).status).toBe(200);
    // Nothing refused was kept: the stored preferences hold only what was taken.
    const stored = await send('GET', CHARGER);
    expect(stored.body.targetSoC).toEqual({ value: MAX_RANGE_KM, unit: 'KM' });
    expect(JSON.stringify(stored.body)).not.toMatch(/null|-50/);
  });

  it("is a full battery of the sandbox's largest at the simulation's km per kWh", () => {
    expect(MAX_RANGE_KM).toBe(MAX_KWH * KM_PER_KWH);
  });
});

describe('comfort temperatures (heating preferences)', () => {
  it('refuses a comfort limit outside the sandbox range, or 1e400, naming the field', async () => {
    const patch = (body: string) => send('PATCH', HEATING, body);
    expect(await patch('{"minComfortLimit":-300}')).toEqual({
      status: 400,
      body: { message: `Request body: field "minComfortLimit" must be at least ${COMFORT_CELSIUS.minimum}, got -300` },
    });
    expect((await patch('{"maxComfortLimit":30.5}')).body.message).toBe(
      `Request body: field "maxComfortLimit" must be at most ${COMFORT_CELSIUS.maximum}, got 30.5`,
    );
    expect((await patch('{"minComfortLimit":4.5}')).body.message).toBe(
      `Request body: field "minComfortLimit" must be at least ${COMFORT_CELSIUS.minimum}, got 4.5`,
    );
    expect((await patch('{"maxComfortLimit":1e400}')).body.message).toBe(
      `Request body: field "maxComfortLimit" ${PAST_A_DOUBLE}`,
    );
    expect((await patch(`{"minComfortLimit":${COMFORT_CELSIUS.minimum}}`)).status).toBe(200);
    expect((await patch(`{"maxComfortLimit":${COMFORT_CELSIUS.maximum}}`)).status).toBe(200);
  });

  it("refuses a heating schedule entry's temperature outside the range, or 1e400, naming the entry", async () => {
    const entry = (temperatures: string) =>
      send(
        'PATCH',
        HEATING,
        `{"heatingSchedule":{"timeZoneId":"Europe/Stockholm","entries":[{"id":"hse-1","dayOfWeek":"MONDAY","time":"06:00",${temperatures}}]}}`,
      );
    expect((await entry('"minComfortTemp":-500,"maxComfortTemp":22')).body.message).toBe(
      `Request body: field "heatingSchedule.entries[0].minComfortTemp" must be at least ${COMFORT_CELSIUS.minimum}, got -500`,
    );
    expect((await entry('"minComfortTemp":20,"maxComfortTemp":31')).body.message).toBe(
      `Request body: field "heatingSchedule.entries[0].maxComfortTemp" must be at most ${COMFORT_CELSIUS.maximum}, got 31`,
    );
    expect((await entry('"minComfortTemp":1e400,"maxComfortTemp":22')).body.message).toBe(
      `Request body: field "heatingSchedule.entries[0].minComfortTemp" ${PAST_A_DOUBLE}`,
    );
    expect((await entry('"minComfortTemp":18,"maxComfortTemp":21')).status).toBe(200);
    const stored = await send('GET', HEATING);
    expect(JSON.stringify(stored.body)).not.toMatch(/null|-500|-300/);
  });

  it("is the range kilowise-ui's ComfortRangeInput offers", () => {
    expect(COMFORT_CELSIUS).toEqual({ minimum: COMFORT_LIMITS.lowest, maximum: COMFORT_LIMITS.highest });
  });
});

describe('the numbers of the controls, the test prices and the queries (bounded already: held here)', () => {
  it("refuses a device control's state of charge below 0, past 100 or 1e400, naming soc", async () => {
    const control = `/__sandbox/devices/${SAMPLE_CAR}`;
    for (const soc of ['-1', '100.5', '1e400', '-1e400'])
      expect(await send('PATCH', control, `{"soc":${soc}}`), soc).toEqual({
        status: 400,
        body: { message: 'Field "soc" must be a number from 0 to 100 (percent)' },
      });
    expect((await send('GET', control)).body.soc).not.toBeNull();
  });

  it('refuses a clock move given as a number, 1e400 or a duration past a year, naming the field', async () => {
    expect((await send('POST', '/__sandbox/clock', '{"advance":1e400}')).body.message).toBe(
      'Field "advance" must be a string',
    );
    expect((await send('POST', '/__sandbox/clock', '{"now":1e400}')).body.message).toMatch(
      /^Field "now" must be a date-time/,
    );
    expect((await send('POST', '/__sandbox/clock', `{"advance":"PT${'9'.repeat(400)}H"}`)).body.message).toMatch(
      /^Field "advance" moves the clock more than P366D/,
    );
  });

  it('refuses a test price past its bound or 1e400, and a log limit of 1e400, naming them', async () => {
    const hour = '2025-03-15T01:00:00+01:00';
    expect((await send('POST', `${V2}/spot-prices/SE3`, `{"${hour}":1e6}`)).body.message).toBe(
      `Request body: field "${hour}" must be a price in EUR/MWh from -100000 to 100000`,
    );
    expect((await send('POST', `${V2}/spot-prices/SE3`, `{"${hour}":-1e400}`)).body.message).toBe(
      `Request body: field "${hour}" ${PAST_A_DOUBLE}`,
    );
    expect((await send('GET', '/__sandbox/requests?limit=1e400')).body.message).toBe(
      'Parameter "limit" (query) must be a whole number from 1 to 200, got "1e400"',
    );
  });
});

describe('the pages state these bounds', () => {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ');
  const figure = (value: number) => value.toLocaleString('en-US');

  it("/docs/sandbox lists the range in KM and the comfort temperatures among the sandbox's own limits", () => {
    const page = oneLine(readFileSync('content/docs/sandbox.mdx', 'utf8'));
    const limits = page.slice(
      page.indexOf("## The sandbox's own limits"),
      page.indexOf('## Calling it from a web page'),
    );
    expect(limits).toContain(`up to ${figure(MAX_KWH)} kWh`);
    expect(limits).toContain(`a state of charge in \`KM\` from 0 to ${figure(MAX_RANGE_KM)} km`);
    expect(limits).toContain(`from ${COMFORT_CELSIUS.minimum} to ${COMFORT_CELSIUS.maximum} °C`);
  });

  it('/docs/errors quotes the message of a range in KM and names the comfort temperatures', () => {
    const page = oneLine(readFileSync('content/docs/errors.mdx', 'utf8'));
    expect(page).toContain(`is not a range in KM from 0 to ${MAX_RANGE_KM}\``);
    expect(page).toContain(`must be at least ${COMFORT_CELSIUS.minimum}, got 4.5\``);
  });
});
