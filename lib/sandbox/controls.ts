import {
  CLOCK_RANGE,
  MAX_ADVANCE_DURATION,
  MAX_ADVANCE_MS,
  clockNow,
  parseDateTime,
  parseDuration,
} from './domain/clock';
import { execute, isCommandRefusal, refusalStatus } from './domain/commands';
import type { DeviceControls, OcppFault } from './domain/device-control';
import type { World } from './domain/model';
import { playTo } from './domain/play';
import { seedWorld } from './domain/seed';
import { simulatedState } from './domain/status';
import { findDevice } from './domain/world';
import { changeWorld } from './domain/world-draft';
import type { Answer } from './handlers';
import { commandDevice } from './handlers/context';
import {
  CLOCK_PATH,
  CONTROL_PREFIX,
  DEVICE_CONTROL_PREFIX,
  EVENTS_PATH,
  OCPP_FAULTS,
  REQUESTS_PATH,
  RESET_PATH,
  VERSION_PATH,
} from './control-names';
import { answerEvents, answerRequests } from './readings';
import type { RequestLog } from './request-log';
import { isObject } from '../json/object';

// The paths and fault codes live in control-names.ts, which the playground's panel imports without the simulation.
export {
  CLOCK_PATH,
  CONTROL_PREFIX,
  DEVICE_CONTROL_PREFIX,
  EVENTS_PATH,
  OCPP_FAULTS,
  REQUESTS_PATH,
  RESET_PATH,
  VERSION_PATH,
};

const fail = (status: number, message: string): Answer => ({ status, body: { message } });

/** What a control needs from its host: the world (made on first use), a way to replace it, and real time. */
export interface ControlHost {
  world: () => World;
  /** The world if it has been made: reading the clock of a sandbox nobody has used yet needs none. */
  made: () => World | undefined;
  replace: (world: World | undefined) => void;
  realNow: () => number;
  contract: { title: string; version: string };
  /** The sandbox's request log, which `GET /__sandbox/requests` reads. */
  requests: RequestLog;
}

const iso = (time: number) => new Date(time).toISOString();

function parseBody(text: string): { fields: Record<string, unknown> } | { refusal: Answer } {
  if (text.trim() === '') return { fields: {} };
  try {
    const body: unknown = JSON.parse(text);
    return isObject(body) ? { fields: body } : { refusal: fail(400, 'Request body must be a JSON object') };
  } catch (error) {
    return {
      refusal: fail(400, `Request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`),
    };
  }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function setClock(host: ControlHost, body: Record<string, unknown>): Answer {
  const keys = Object.keys(body);
  if (keys.length !== 1 || !['now', 'advance'].includes(keys[0] ?? ''))
    return fail(
      400,
      'Send either {"now": "<date-time>"} to set the clock or {"advance": "<ISO 8601 duration>"} to move it',
    );
  const current = clockNow(host.world().clock, host.realNow);
  // Played on a copy: a refused move changes nothing; a move keeps the world moved, a step back one made anew.
  const world = playTo(host.world(), current);
  let target: number;
  if ('now' in body) {
    const parsed = typeof body.now === 'string' ? parseDateTime(body.now) : undefined;
    if (parsed === undefined)
      return fail(
        400,
        `Field "now" must be a date-time that exists, with an offset, such as 2025-03-14T18:00:00+01:00`,
      );
    if (parsed < CLOCK_RANGE.from || parsed >= CLOCK_RANGE.until)
      return fail(400, 'Field "now" must be a date-time from the year 2000 to 2099, the years the sandbox simulates');
    // Past the longest move, a world with changes would be played over years: refused, as an advance is. A world
    // with none is the seed, made again at the new time.
    if (parsed > current + MAX_ADVANCE_MS && world.touched)
      return fail(
        400,
        `Field "now" is more than ${MAX_ADVANCE_DURATION} (the longest move of the sandbox clock) after the sandbox's time ${iso(current)}; move the clock in steps of at most ${MAX_ADVANCE_DURATION}, or reset the sandbox first`,
      );
    if (parsed < world.simulatedTo || parsed > current + MAX_ADVANCE_MS) {
      if (world.touched)
        return fail(
          400,
          `The sandbox clock cannot go back to ${body.now as string}: this sandbox has changes since ${iso(world.simulatedTo)}; reset it with POST /__sandbox/reset, then set the clock`,
        );
      host.replace(seedWorld(parsed, parsed, world.idSeed));
      return { status: 200, body: { now: iso(parsed) } };
    }
    target = parsed;
  } else {
    const duration = typeof body.advance === 'string' ? parseDuration(body.advance) : { problem: 'must be a string' };
    if (typeof duration !== 'number') return fail(400, `Field "advance" ${duration.problem}`);
    if (duration > MAX_ADVANCE_MS)
      return fail(
        400,
        `Field "advance" moves the clock more than ${MAX_ADVANCE_DURATION} (a year) at once, the longest move the sandbox plays out`,
      );
    target = current + duration;
    if (target >= CLOCK_RANGE.until)
      return fail(400, 'Field "advance" moves the clock past 2099, the last year the sandbox simulates');
  }
  const moved = changeWorld(playTo(world, target), (draft) => void (draft.clock.fixedAt = target));
  host.replace(moved);
  return { status: 200, body: { now: iso(target) } };
}

const DEVICE_FIELDS = ['pluggedIn', 'soc', 'online', 'fault', 'locationId'];

function checkDeviceControl(body: Record<string, unknown>): string | undefined {
  const unknown = Object.keys(body).find((key) => !DEVICE_FIELDS.includes(key));
  if (unknown !== undefined) return `Field "${unknown}" is not a device control; use ${DEVICE_FIELDS.join(', ')}`;
  if ('pluggedIn' in body && typeof body.pluggedIn !== 'boolean') return 'Field "pluggedIn" must be true or false';
  if ('online' in body && typeof body.online !== 'boolean') return 'Field "online" must be true or false';
  if ('soc' in body && (typeof body.soc !== 'number' || !(body.soc >= 0 && body.soc <= 100)))
    return 'Field "soc" must be a number from 0 to 100 (percent)';
  if ('fault' in body && body.fault !== null && !(OCPP_FAULTS as readonly unknown[]).includes(body.fault))
    return `Field "fault" must be null or an OCPP error code: ${OCPP_FAULTS.join(', ')}`;
  if ('locationId' in body && typeof body.locationId !== 'string') return 'Field "locationId" must be a location id';
  return undefined;
}

/** The checked body (`checkDeviceControl`) as the `control-device` command takes it: the fields sent. */
function controlsOf(body: Record<string, unknown>): DeviceControls {
  const controls: DeviceControls = {};
  if (typeof body.soc === 'number') controls.soc = body.soc;
  if (typeof body.online === 'boolean') controls.online = body.online;
  if ('fault' in body) controls.fault = typeof body.fault === 'string' ? (body.fault as OcppFault) : null;
  if (typeof body.pluggedIn === 'boolean') controls.pluggedIn = body.pluggedIn;
  if (typeof body.locationId === 'string') controls.locationId = body.locationId;
  return controls;
}

/**
 * Reads a device's simulated state, or changes it through the `control-device` command, whose rules (which kinds
 * take which fields, a location of the user) are the domain's (domain/device-control.ts); the request's shape is
 * checked here.
 */
function controlDevice(host: ControlHost, deviceId: string, method: string, body: Record<string, unknown>): Answer {
  const now = clockNow(host.world().clock, host.realNow);
  // Played on a copy: reading the device, or a refused change, leaves the host's world as it was.
  const world = playTo(host.world(), now);
  const device = findDevice(world, deviceId);
  if (!device) return fail(404, `Device ${deviceId} not found`);
  if (method === 'GET') return { status: 200, body: simulatedState(world, device, now) };
  const problem = checkDeviceControl(body);
  if (problem) return fail(400, problem);
  const done = execute(world, { type: 'control-device', deviceId, controls: controlsOf(body) }, now);
  if (isCommandRefusal(done)) return fail(refusalStatus(done), done.refused);
  host.replace(done.world);
  return { status: 200, body: simulatedState(done.world, commandDevice(done), now) };
}

/** Answers a request to one of the controls under `/__sandbox/`, or undefined when the path is not one. */
export function answerControl(
  host: ControlHost,
  method: string,
  path: string,
  bodyText: string,
  query: URLSearchParams = new URLSearchParams(),
): Answer | undefined {
  if (!path.startsWith(CONTROL_PREFIX)) return undefined;
  const allow = (methods: string[]): Answer | undefined =>
    methods.includes(method)
      ? undefined
      : {
          status: 405,
          body: { message: `${method} is not allowed on ${path}; use ${methods.join(' or ')}` },
          headers: { allow: methods.join(', ') },
        };
  const parsed = parseBody(bodyText);
  if ('refusal' in parsed) return parsed.refusal;
  const fields = parsed.fields;
  if (path === RESET_PATH) {
    const refused = allow(['POST']);
    if (refused) return refused;
    host.replace(undefined);
    return {
      status: 200,
      body: { message: "Your sandbox is reset: the clock follows real time and only the sample user's data is there." },
    };
  }
  if (path === VERSION_PATH)
    return allow(['GET']) ?? { status: 200, body: { title: host.contract.title, version: host.contract.version } };
  if (path === REQUESTS_PATH) return allow(['GET']) ?? answerRequests(host.requests, query);
  if (path === EVENTS_PATH) return allow(['GET']) ?? answerEvents(host, query);
  if (path === CLOCK_PATH) {
    if (method === 'GET') {
      // A world not made yet follows real time: making it (two days of history) just to say so would cost a long task.
      const made = host.made();
      return { status: 200, body: { now: iso(made ? clockNow(made.clock, host.realNow) : host.realNow()) } };
    }
    return allow(['GET', 'POST']) ?? setClock(host, fields);
  }
  if (path.startsWith(DEVICE_CONTROL_PREFIX)) {
    const deviceId = decoded(path.slice(DEVICE_CONTROL_PREFIX.length));
    return allow(['GET', 'PATCH']) ?? controlDevice(host, deviceId, method, fields);
  }
  return fail(
    404,
    `No sandbox control at ${path}: the controls are ${CLOCK_PATH}, ${DEVICE_CONTROL_PREFIX}{deviceId}, ${REQUESTS_PATH}, ${EVENTS_PATH}, ${RESET_PATH} and ${VERSION_PATH}`,
  );
}
