import { z } from 'zod';
import { cut, LIMITS, ToolError } from '../limits';
import type { DocsTool } from './tool';

const inputSchema = {
  action: z
    .enum(['clock', 'device', 'requests', 'events', 'reset'])
    .describe(
      '"clock" reads the sandbox clock, or sets it (now) or moves it (advance); "device" reads a device\'s simulated state, or changes it (pluggedIn, soc, online, fault, locationId); "requests" reads the request log, newest first, each refusal with its reason (status, limit); "events" reads what the simulation did (since); "reset" empties the session\'s sandbox.',
    ),
  now: z
    .string()
    .max(40)
    .optional()
    .describe('With "clock": the date-time to set, with an offset: 2025-03-14T18:00:00+01:00.'),
  advance: z
    .string()
    .max(40)
    .optional()
    .describe('With "clock": an ISO 8601 duration to move the clock by: PT2H, P1D.'),
  deviceId: z.string().max(LIMITS.nameChars).optional().describe('With "device": the device, e.g. dev-5b1f0c.'),
  pluggedIn: z.boolean().optional().describe('With "device": plug the cable in (true) or pull it (false).'),
  soc: z.number().min(0).max(100).optional().describe('With "device": the state of charge in percent.'),
  online: z
    .boolean()
    .optional()
    .describe('With "device": whether the device is connected (a charger sends heartbeats).'),
  fault: z
    .string()
    .max(40)
    .nullable()
    .optional()
    .describe('With "device": an OCPP error code such as GroundFailure, or null to clear it.'),
  locationId: z.string().max(LIMITS.nameChars).optional().describe('With "device": where a vehicle is plugged in.'),
  status: z
    .string()
    .max(10)
    .optional()
    .describe('With "requests": a class of status (2xx, 4xx, 5xx) or one status code (404).'),
  limit: z.number().int().min(1).max(200).optional().describe('With "requests": how many entries, 1 to 200.'),
  since: z
    .string()
    .max(40)
    .optional()
    .describe('With "events": the date-time on the sandbox clock to list from, e.g. 2025-03-14T18:00:00Z.'),
};

/** What to ask for instead when an answer is cut. */
const HINTS: Record<(typeof inputSchema.action.options)[number], string> = {
  clock: 'Ask for the clock alone.',
  device: 'Ask for one device.',
  requests: 'Ask for fewer (limit) or one class of status (status).',
  events: 'Ask with a later since.',
  reset: 'Reset again.',
};

/** The query of a reading control: only the parameters given, as the sandbox server reads them. */
function queryOf(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The sandbox's controls for an agent: the same `/__sandbox/` functions as the sandbox server and the playground
 * serve, on this session's sandbox.
 */
export const sandboxControl: DocsTool<typeof inputSchema> = {
  name: 'sandbox_control',
  title: 'Control the sandbox simulation',
  description:
    "Controls this session's sandbox, a simulation of Kilowise: read, set or move its clock (moving it plays out charging, sessions, heartbeats and tomorrow's prices at 13:00 CET), read or change a device's physical state (plug a car in, set its state of charge, take a charger offline, raise an OCPP fault), read the log of the session's requests (why a call was refused) or the timeline of what the simulation did (schedules made and why, sessions, statuses), or reset it. Use it with sandbox_request to try the states a partner must handle.",
  inputSchema,
  async run(data, input, context) {
    let method = 'GET';
    let path = '/__sandbox/clock';
    let body: Record<string, unknown> | undefined;
    if (input.action === 'reset') {
      method = 'POST';
      path = '/__sandbox/reset';
    } else if (input.action === 'requests') {
      path = `/__sandbox/requests${queryOf({ status: input.status, limit: input.limit })}`;
    } else if (input.action === 'events') {
      path = `/__sandbox/events${queryOf({ since: input.since })}`;
    } else if (input.action === 'clock') {
      if (input.now !== undefined || input.advance !== undefined) {
        method = 'POST';
        body =
          input.now !== undefined
            ? { now: input.now, ...(input.advance ? { advance: input.advance } : {}) }
            : { advance: input.advance };
      }
    } else {
      if (!input.deviceId) throw new ToolError('"device" needs a deviceId, e.g. dev-5b1f0c.');
      path = `/__sandbox/devices/${encodeURIComponent(input.deviceId)}`;
      const changes = Object.fromEntries(
        (['pluggedIn', 'soc', 'online', 'fault', 'locationId'] as const)
          .filter((name) => input[name] !== undefined)
          .map((name) => [name, input[name]]),
      );
      if (Object.keys(changes).length > 0) {
        method = 'PATCH';
        body = changes;
      }
    }
    const response = await context.sandbox().handle(
      new Request(new URL(path, data.contract.serverUrl), {
        method,
        headers: { 'x-api-key': 'mcp-session', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    const shown = text === '' ? '(no body)' : JSON.stringify(JSON.parse(text) as unknown, null, 2);
    return cut([`${method} ${path} → ${response.status}`, '', '```json', shown, '```'].join('\n'), HINTS[input.action]);
  },
};
