import type { ContractOperation } from '../../contract/operation-contract';
import { execute, isCommandRefusal, refusalStatus, type Command, type CommandDone } from '../domain/commands';
import type { DeviceOf, DeviceRecord, DeviceType, World } from '../domain/model';
import { WORLD_LIMITS } from '../domain/model';
import { findDevice } from '../domain/world';
import { formatInZone } from '../domain/zones';
import { isObject } from '../../json/object';

/** What a handler answers: a status and a JSON body (none for 204 and 202), and extra headers. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** An OpenAPI 3.2 streamed body (`itemSchema`): its media type and the items it sends one by one. */
  stream?: { contentType: string; items: unknown[] };
  /** The world a command made (`commandAnswer`): the sandbox keeps it in place of the one the handler was given. */
  world?: World;
}

/** What a handler gets: the checked request, the world played to `now`, and the operation. */
export interface HandlerContext {
  operation: ContractOperation;
  params: Record<string, unknown>;
  body: unknown;
  world: World;
  /** The instant on the world's clock (epoch ms). */
  now: number;
  /** The user the call acts for (path, `userId` query, `X-User-Id` or `x-user-id`). */
  userId: string;
  /** The contract's example answer of the operation, for the catalogue operations that have nothing to simulate. */
  example: () => Answer;
}

/**
 * A handler reads `context.world`, and changes it through a command (`commandAnswer`), whose new world it answers
 * with; the sandbox keeps that one.
 */
export type Handler = (context: HandlerContext) => Answer;

export type Json = Record<string, unknown>;

export { isObject };
export const asObject = (value: unknown): Json => (isObject(value) ? value : {});
export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const fail = (status: number, message: string): Answer => ({ status, body: { message } });
export const isAnswer = (value: object): value is Answer => 'status' in value && typeof value.status === 'number';

/** An instant as the contract writes one: in the zone given, else in UTC (`2025-02-03T09:12:44Z`). */
export function dateTime(time: number, zone?: string): string {
  return zone
    ? formatInZone(time, zone)
    : new Date(Math.floor(time / 1000) * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Hourly values keyed by epoch ms, written with the contract's keys: the hour's start in the zone. */
export function hourlyIn(values: Record<string, number>, zone: string): Record<string, number> {
  const entries = Object.keys(values)
    .map(Number)
    .sort((a, b) => a - b)
    .map((hour) => [dateTime(hour, zone), values[String(hour)] ?? 0] as const);
  return Object.fromEntries(entries);
}

const isOfKind = <K extends DeviceType>(device: { type: DeviceType }, kinds: K[]): device is DeviceOf<K> =>
  (kinds as DeviceType[]).includes(device.type);

const KIND: Record<DeviceType, string> = { VEHICLE: 'a vehicle', EV_CHARGER: 'a charger', HEATER: 'a heat pump' };

/**
 * The device a request names, of one of the kinds the operation serves: 404 for an unknown device, and for one of
 * another kind `wrongKind` (404 where the contract has no 400, 400 where it documents one).
 */
export function deviceFor<K extends DeviceType>(
  context: HandlerContext,
  kinds: K[],
  wrongKind = 404,
): DeviceOf<K> | Answer {
  const deviceId = text(context.params.deviceId);
  const device = findDevice(context.world, deviceId);
  if (!device) return fail(404, `Device ${deviceId} not found`);
  if (!isOfKind(device, kinds))
    return fail(
      wrongKind,
      `Device ${deviceId} is ${KIND[device.type]}, not ${kinds.map((kind) => KIND[kind]).join(' or ')}`,
    );
  return device;
}

/**
 * The sandbox's bounds on a body: its length as JSON, the length of text, of member names and of lists, and the
 * members of each object inside it (the top level is bounded by the length: a body of test prices is one member an
 * hour). A refusal naming the field and the limit, or undefined. The contract lets some objects carry members it
 * does not name (`targetSoC`, say), and the sandbox stores them as sent, so each of these bounds what a world holds.
 */
export function tooLarge(value: unknown, path = ''): string | undefined {
  if (path === '' && JSON.stringify(value ?? null).length > WORLD_LIMITS.bodyLength)
    return `Request body is longer than the sandbox's limit of ${WORLD_LIMITS.bodyLength} characters as JSON`;
  if (typeof value === 'string' && value.length > WORLD_LIMITS.textLength)
    return `Request body: field "${path}" is longer than the sandbox's limit of ${WORLD_LIMITS.textLength} characters`;
  if (Array.isArray(value)) {
    if (value.length > WORLD_LIMITS.arrayLength)
      return `Request body: field "${path}" has more than the sandbox's limit of ${WORLD_LIMITS.arrayLength} items`;
    for (const [index, item] of value.entries()) {
      const found = tooLarge(item, `${path}[${index}]`);
      if (found) return found;
    }
  } else if (isObject(value)) {
    const entries = Object.entries(value);
    if (path !== '' && entries.length > WORLD_LIMITS.members)
      return `Request body: field "${path}" has more than the sandbox's limit of ${WORLD_LIMITS.members} members`;
    for (const [key, item] of entries) {
      if (key.length > WORLD_LIMITS.keyLength)
        return `Request body: a member name in ${path ? `field "${path}"` : 'the body'} is longer than the sandbox's limit of ${WORLD_LIMITS.keyLength} characters`;
      const found = tooLarge(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/** Copies the named fields of a body that are present, and nothing else. */
export function pick<T>(body: Json, fields: readonly string[]): T {
  const picked: Json = {};
  for (const field of fields) if (Object.hasOwn(body, field) && body[field] !== undefined) picked[field] = body[field];
  return picked as T;
}

/**
 * Carries out a command on the handler's world and answers as `answer` says with what it did, and with the new world
 * for the sandbox to keep; a refused command is 404 for a device the world does not have, 429 for one asked again too
 * soon, else 400, with the rule's words (`refusalStatus`), and leaves the world as it was.
 */
export function commandAnswer(
  context: HandlerContext,
  command: Command,
  answer: (done: CommandDone) => Answer,
): Answer {
  const done = execute(context.world, command, context.now);
  if (isCommandRefusal(done)) return fail(refusalStatus(done), done.refused);
  return { ...answer(done), world: done.world };
}

/** The device a command added or changed, which every device command answers with. */
export function commandDevice(done: CommandDone): DeviceRecord {
  if (!done.device) throw new Error('[sandbox] a device command answered without its device');
  return done.device;
}
