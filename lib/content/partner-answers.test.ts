// What a partner's third run (issue 54) had to guess, or found false, held to the page that now answers it. The
// sandbox's side of each is in lib/sandbox/partner-answers.test.ts.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { snapshotContract } from '../contract/snapshot';
import { SAMPLE_LOCATION } from '../sandbox/domain/seed';
import { ensurePython } from '../../scripts/testing/python';
import { chargerOnline, eventsOf, REDIRECT, SAMPLE_DEVICES, sandboxAt, V2 } from '../sandbox/test-client';
import { STOCKHOLM as HOME } from '../../scripts/testing/locations';

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const page = (file: string) => readFileSync(file, 'utf8');
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** The text of a page's section, from its `## ` or `### ` heading to the next heading of that level or above. */
function section(file: string, heading: string): string {
  const text = page(file);
  const start = text.search(new RegExp(`^#{2,3} ${heading}$`, 'm'));
  expect(start, `${file} has a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(text.slice(start))?.[0].length ?? 2;
  // From the line after the heading: a `### ` heading's own text would end a search for `^#{2,3} ` at once.
  const rest = text.slice(text.indexOf('\n', start) + 1);
  const end = rest.search(new RegExp(`^#{2,${level}} `, 'm'));
  return oneLine(end < 0 ? rest : rest.slice(0, end));
}

describe('the 404 of spot prices is quoted as it is (/docs/dates-and-time-zones, /docs/errors)', () => {
  const TEMPLATE = 'No spot prices for {areaId} between {startDateTime} and {endDateTime}';

  it('every page that quotes the message quotes the template, or the contract example of it', () => {
    const quoted = filesUnder('content', '.mdx').flatMap((file) =>
      [...oneLine(page(file)).matchAll(/[`"](No spot prices[^`"]*)[`"]/g)].map((match) => ({ file, quote: match[1] })),
    );
    expect(quoted.map((entry) => entry.file)).toContain(path.join('content', 'docs', 'dates-and-time-zones.mdx'));
    expect(
      quoted.filter(({ quote }) => quote !== TEMPLATE && !/^No spot prices for [A-Z0-9-]+ between \S+ and \S+$/.test(quote ?? '')),
    ).toEqual([]);
  });
});

describe('connect names a deviceId only for CREATED and ALREADY_ADDED (/docs/vehicles/smartcar#connect-the-car)', () => {
  const file = 'content/docs/vehicles/smartcar.mdx';

  it("the page's type makes deviceId optional, and its prose says when it is there", () => {
    const text = section(file, 'Connect the car');
    expect(text).toMatch(/deviceId\?: string; message: string; status: ConnectStatus/);
    expect(text).not.toMatch(/deviceId: string; message: string/);
    expect(text).toMatch(/`deviceId` only when the status is `CREATED` or `ALREADY_ADDED`/);
    expect(text).not.toMatch(/The response has `deviceId`, `message` and `status`/);
  });

  it('no page says every answer has a deviceId (the SDK Smartcar page said so too)', () => {
    const pages = filesUnder('content', '.mdx');
    expect(pages.length).toBeGreaterThan(0);
    const claims = pages.filter((file) => /`deviceId`, `message` and `status`/.test(oneLine(page(file))));
    expect(claims).toEqual([]);
  });
});

describe('a schedule and a session say what their times are (/docs/smart-charging)', () => {
  const file = 'content/docs/smart-charging.mdx';

  it('readyTime is the ready time that applies, the weekday-specific one when set, on the schedule and the session', () => {
    expect(section(file, 'The schedule')).toMatch(/`readyTime` is the ready time that applies to this schedule: the day's entry of `weekDaySpecificReadyTimes`/);
    expect(section(file, 'Sessions')).toMatch(/`readyTime` is the ready time that applied to the session/);
  });

  it("a session's endDateTime is when charging ended, absent while ACTIVE, and says where the contract is silent", () => {
    const text = section(file, 'Sessions');
    expect(text).toMatch(/`endDateTime` is when charging ended, the session `COMPLETE` or `INTERRUPTED`; an `ACTIVE` session has no `endDateTime`/);
    expect(text).toMatch(/the contract does not require the field/);
  });
});

describe('one Wallbox account for a second user (/docs/chargers#link-a-wallbox-account)', () => {
  it('the chargers page says what happens, where the contract is silent', () => {
    const text = oneLine(page('content/docs/chargers.mdx'));
    expect(text).toMatch(/\*\*One Wallbox account, two users\.\*\* The contract says nothing/);
    expect(text).toMatch(/The sandbox answers `204` and links the account for the second user as well/);
  });
});

describe('set the sandbox clock first: any write stops it going back (/docs/sandbox#the-clock)', () => {
  it('the clock section says so', () => {
    expect(section('content/docs/sandbox.mdx', 'The clock')).toMatch(/Any write stops the clock going back .*set the clock first/);
  });

  it('every recipe that sets the clock does it first, right after the reset, and its step says so', () => {
    type Step = { stepId?: string; description?: string; operationId?: string; requestBody?: { payload?: Record<string, unknown> } };
    const setting = filesUnder('content/recipes', '.yaml').flatMap((file) => {
      const document = parseYaml(page(file)) as { workflows?: { steps?: Step[] }[] };
      return (document.workflows ?? []).flatMap((workflow) => {
        const steps = workflow.steps ?? [];
        // The first time a workflow sets the clock: later ones set it ahead, which a write does not stop.
        const index = steps.findIndex(
          (step) => step.operationId?.endsWith('.setSandboxClock') && step.requestBody?.payload?.now !== undefined,
        );
        const step = steps[index];
        return step ? [{ file, step, index, steps }] : [];
      });
    });
    expect(setting.length).toBeGreaterThan(0);
    const late = setting.filter(
      ({ index, steps, step }) =>
        !(index === 0 || (index === 1 && steps[0]?.operationId?.endsWith('.resetSandbox'))) ||
        !/set the clock first/i.test(oneLine(step.description ?? '')),
    );
    expect(late.map(({ file, step }) => `${file}: ${step.stepId}`)).toEqual([]);
  });

  it('every page whose code sets the clock sets it before any other write of that block', () => {
    const blocks = filesUnder('content', '.mdx').flatMap((file) =>
      [...page(file).matchAll(/```[^\n]*\n([\s\S]*?)```/g)]
        .map((match) => ({ file, lines: (match[1] ?? '').split('\n') }))
        .filter(({ lines }) => lines.some((line) => /__sandbox\/clock.*"now"/.test(line))),
    );
    expect(blocks.length).toBeGreaterThan(0);
    const late = blocks.filter(({ lines }) => {
      const setAt = lines.findIndex((line) => /__sandbox\/clock.*"now"/.test(line));
      return lines.slice(0, setAt).some((line) => /-X (POST|PUT|PATCH|DELETE)/.test(line));
    });
    expect(late.map(({ file }) => file)).toEqual([]);
  });
});

describe('what the sandbox timeline records, and in which order (/docs/sandbox#the-timeline)', () => {
  it('says it records what happened, not what was read, cause before effect within an instant', () => {
    const text = section('content/docs/sandbox.mdx', 'The timeline');
    expect(text).toMatch(/every status change is there whether or not anything read the status before it/);
    expect(text).toMatch(/Within one instant, events are in the order they happened, cause before effect/);
  });
});

describe("a charger taken offline keeps its status's timestamp (/docs/sandbox: Statuses)", () => {
  it('the Statuses row says the control is no report', () => {
    const row = page('content/docs/sandbox.mdx').split('\n').find((line) => line.startsWith('| Statuses |')) ?? '';
    expect(row).toMatch(/A status's `timestamp` is when the device last reported, not when you read it/);
    expect(row).toMatch(/a charger at its last report, its last heartbeat or its last status change while online, whichever is later/);
    expect(row).toMatch(/taking it offline with the device control is none of them: it stops reporting, so the timestamp stays at that last report/);
    expect(row).not.toMatch(/stays at its last heartbeat/);
  });
});

describe('the 404 body of a location is the contract\'s (/docs/prerequisites#errors)', () => {
  it('the page quotes the LocationNotFound example, location id and all', () => {
    const contract = page('content/openapi/kilowise-openapi.yaml');
    const example = /LocationNotFound:[\s\S]*?example: \{ message: (.+?) \}/.exec(contract)?.[1];
    expect(example).toBe('Location loc-8c1e52 not found for user user-4711');
    expect(section('content/docs/prerequisites.mdx', 'Errors')).toContain(`{ "message": "${example}" }`);
  });

  it('no page quotes a location message without the location id', () => {
    const pages = filesUnder('content', '.mdx');
    expect(pages.length).toBeGreaterThan(0);
    const quoted = pages.filter((file) => /"Location not found/.test(page(file)));
    expect(quoted).toEqual([]);
  });
});

describe('ERROR and OFFLINE keep the schedule (/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration)', () => {
  const sdk = 'content/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration.mdx';

  it('the status table says so', () => {
    const rows = page('content/docs/smart-charging.mdx').split('\n');
    for (const status of ['ERROR', 'OFFLINE'])
      expect(rows.find((row) => row.startsWith(`| \`${status}\` |`))).toMatch(/200` if it had a schedule/);
  });

  it('the SDK page asks for the schedule and reads a 404 as none, naming ERROR and OFFLINE', () => {
    const text = oneLine(page(sdk));
    expect(text).not.toMatch(/in every other, getSchedule is a 404/);
    expect(text).toMatch(/ERROR and OFFLINE keep the one they had before/);
    expect(text).toMatch(/getSchedule\(charger\.id\)\.catch\(/);
  });
});

describe("the contract's session example is illustrative (/docs/smart-charging#sessions)", () => {
  it('the Sessions section says its times do not follow the rule', () => {
    expect(section('content/docs/smart-charging.mdx', 'Sessions')).toMatch(
      /The contract's example values are illustrative and do not follow this rule: its `createdAt` is hours before the first charged hour, and its `endDateTime` is the ready time/,
    );
  });
});

describe('a ready time too close for the target (/docs/smart-charging#the-schedule, /docs/sandbox: Schedules)', () => {
  it('the smart charging guide says the schedule charges every hour at full power and the car falls short', () => {
    const text = section('content/docs/smart-charging.mdx', 'The schedule');
    expect(text).not.toMatch(/A schedule, when there is one, holds the energy to reach the target, so/);
    expect(text).toMatch(/the schedule charges every hour up to the ready time at the charger's full power, and the car reaches the ready time short of its target/);
    expect(text).toMatch(/The contract does not say what Kilowise does after such a ready time/);
  });

  it("the sandbox's Schedules row says the same, and what it does at the ready time", () => {
    const row = page('content/docs/sandbox.mdx').split('\n').find((line) => line.startsWith('| Schedules |')) ?? '';
    expect(row).toMatch(/add up to at least the energy needed when the hours before the ready time can hold it/);
    expect(row).toMatch(/it charges every hour up to the ready time at full power .* and the car falls short of its target/);
    expect(row).toMatch(/its session stays `ACTIVE`, and a schedule for the rest is made towards the next ready time/);
  });
});

describe('a car that reports no capacity and has none in its preferences (/docs/smart-charging, /docs/sandbox#test-data-in-one-place)', () => {
  it('the guide says the contract is silent and to always send it; the sandbox page says it plans with the model\'s', () => {
    const guide = oneLine(page('content/docs/smart-charging.mdx'));
    expect(guide).toMatch(/Without either, Kilowise does not know how much energy the car needs, and the contract does not say what it does then: always send `batteryCapacity`/);
    expect(section('content/docs/sandbox.mdx', 'Test data in one place')).toMatch(
      /Without one the sandbox plans with the capacity in this table \(the Kia EV6: 74 kWh\)/,
    );
  });
});

describe('charge now on a car without EXECUTE_START_AND_STOP (/docs/vehicles/smartcar#capabilities)', () => {
  it('the capabilities section says a real car cannot, the contract is silent on the answer, the sandbox answers 204', () => {
    const text = section('content/docs/vehicles/smartcar.mdx', 'Capabilities');
    expect(text).toMatch(/a real car without it cannot be started or stopped by `start-charging` or `stop-charging`/);
    expect(text).toMatch(/What those calls answer for such a car the contract does not say/);
    expect(text).toMatch(/answers `204` and charges or stops the car anyway/);
  });

  it('the contract lists no answer for a missing capability, and says what the capability is', () => {
    const contract = page('content/openapi/kilowise-openapi.yaml');
    const start = /operationId: startCharging[\s\S]*?responses:([\s\S]*?)\n\n/.exec(contract)?.[1] ?? '';
    expect([...start.matchAll(/'(\d{3})'/g)].map((match) => match[1])).toEqual(['204', '401', '404']);
    expect(contract).toMatch(/start and stop charging on command/);
  });
});

describe("the sample set's history has its status changes (/docs/sandbox#the-timeline)", () => {
  it('the page says so', () => {
    expect(section('content/docs/sandbox.mdx', 'The timeline')).toMatch(
      /every status change is there whether or not anything read the status before it, those of the sample set's history before the clock was set too/,
    );
  });
});

describe('the OCPP onboarding recipe says which charger it runs for (/docs/recipes/onboard-ocpp-charger)', () => {
  const recipe = parseYaml(page('content/recipes/onboard-ocpp-charger.arazzo.yaml')) as {
    workflows: { description: string; steps: { stepId: string; description: string; requestBody?: { payload?: Record<string, unknown> } }[] }[];
  };
  const [workflow] = recipe.workflows;

  it('a charger of the linked Wallbox account, set up by Kilowise; one set up by hand has no heartbeat until it connects', () => {
    const text = oneLine(workflow?.description ?? '');
    expect(text).toMatch(/This recipe runs for a charger of the user's linked Wallbox account/);
    expect(text).toMatch(/until then its status has no `heartbeatTimestamp`/);
    const register = workflow?.steps.find((step) => step.stepId === 'register-charger');
    expect(register?.requestBody?.payload?.autoSetupOCPPConnection).toBe(true);
  });
});

// Partner run 3's report, the fourth reader's findings (C2 to C5, F1, G1 to G13 and what cost them time): each held
// to the page that answers it. What the sandbox does in each is in lib/samples/partner-answers-against-sandbox.test.ts.

const SILENT = 'content/docs/environments-limits-and-retries.mdx';
const SILENT_LINK = '/docs/environments-limits-and-retries#where-the-contract-is-silent';

/** The row of the "where the contract is silent" table whose question starts with `question`. */
function silentRow(question: string): string {
  const rows = section(SILENT, 'Where the contract is silent').split(' | ');
  expect(rows.length).toBeGreaterThan(10);
  const row = page(SILENT)
    .split('\n')
    .find((line) => line.startsWith(`| ${question}`));
  expect(row, `${SILENT} has a row "${question}"`).toBeDefined();
  return row ?? '';
}

describe('C2: the message of a bad date-time is the sandbox\'s (/docs/errors#a-period-that-is-not-a-date-time)', () => {
  it('quotes "must be a valid date-time" for a time without an offset, and says when the other message comes', () => {
    const text = section('content/docs/errors.mdx', 'A period that is not a date-time');
    expect(text).toContain('`Parameter "startDateTime" (query) must be a valid date-time, got "{value}"`');
    expect(text).toMatch(/a time without an offset \(`2025-03-11T00:00:00`\), a time without seconds \(`2030-01-01T00:00Z`/);
    expect(text).toMatch(/a word \(`yesterday`\)/);
    expect(text).toMatch(/must be a date-time with an offset, got "\{value\}"` is its `400` for the few values that pass that check/);
  });
});

describe('C3: back to smart charging agrees with what currentSoC is (/docs/smart-charging#back-to-smart-charging-after-charge-now)', () => {
  it('step 4 no longer has the app update currentSoC for this plug-in; step 5 says when a sent one counts', () => {
    const text = section('content/docs/smart-charging.mdx', 'Back to smart charging after charge now');
    expect(text).not.toMatch(/update `currentSoC` in what you send/);
    expect(text).toMatch(/Do not count on a new `currentSoC` to change this plug-in's plan/);
    expect(text).toMatch(/a value sent while the car is plugged in counts from the next one/);
    expect(text).toMatch(/a `currentSoC` at or above the target, sent in step 4, does not make it so until the next plug-in/);
    expect(section('content/docs/smart-charging.mdx', 'What currentSoC is')).toMatch(
      /counts from the next plug-in, and does not change the plan of this one/,
    );
  });
});

describe('C4: two kinds of 404 cover a device of another kind (/docs/environments-limits-and-retries#two-kinds-of-404)', () => {
  const text = () => section(SILENT, 'Two kinds of 404');

  it('says another kind is 404 or 400, and to check the type, not only the 200', () => {
    expect(text()).toMatch(/A device that exists but is \*\*of another kind\*\* is a third case/);
    expect(text()).toMatch(/The answer is `404`, or `400` where the contract has a `400` for the operation/);
    expect(text()).toMatch(/A `200` alone does not mean "nothing yet": the device may be of another kind/);
    expect(text()).not.toMatch(/answers `404` only when there is no such device;/);
  });

  it("both examples check the device's type", () => {
    const body = page(SILENT);
    expect(body).toMatch(/if \(!CHARGING_TYPES\.includes\(type\)\) throw/);
    expect(body).toMatch(/if device_type not in CHARGING_TYPES:/);
  });

  it('the Smartcar and smart charging error tables and the errors page lead to it', () => {
    const link = '/docs/environments-limits-and-retries#two-kinds-of-404';
    expect(section('content/docs/vehicles/smartcar.mdx', 'Errors')).toMatch(/it is of another kind .*A device of another kind/);
    expect(section('content/docs/smart-charging.mdx', 'Errors')).toMatch(/or it is of another kind/);
    expect(section('content/docs/errors.mdx', 'A device of another kind')).toContain(link);
  });
});

describe('C5: the sandbox makes no EV device (/docs/sandbox, /docs/vehicles, /docs/user-management)', () => {
  it("the sandbox's list of what it does not simulate names them", () => {
    expect(section('content/docs/sandbox.mdx', 'What it simulates')).toMatch(
      /What it does \*\*not\*\* simulate: .* devices of type `EV` \(an electric vehicle a charger reports\)/,
    );
  });

  it('every page that describes EV says the sandbox makes none', () => {
    // The sandbox page itself says so in its list of what it does not simulate (above).
    const pages = filesUnder('content', '.mdx').filter(
      (file) => file !== path.join('content', 'docs', 'sandbox.mdx') && /`EV`|'EV'/.test(page(file)),
    );
    expect(pages).toEqual(expect.arrayContaining(['content/docs/vehicles/index.mdx', 'content/docs/user-management.mdx']));
    for (const file of pages) expect(oneLine(page(file)), file).toMatch(/makes none/i);
    expect(page('packages/kilowise-client/src/enums/devices.ts')).toMatch(/reported by a charger .* The sandbox makes none/);
  });

  it('the vehicles page quotes the contract for EV and adds no "when it is plugged in"', () => {
    const text = oneLine(page('content/docs/vehicles/index.mdx'));
    expect(page('content/openapi/kilowise-openapi.yaml')).toContain('EV an electric vehicle reported by a charger');
    expect(text).toContain('"an electric vehicle reported by a charger"');
    expect(text).not.toMatch(/reports when it is plugged in/);
  });
});

describe('F1, G3: when a user leaves, and what sign-out does (/docs/user-management)', () => {
  const file = 'content/docs/user-management.mdx';

  it('claims no complete removal, and says the Wallbox link stays and what to do', () => {
    const text = section(file, 'When a user leaves');
    expect(text).not.toMatch(/remove a user completely/);
    expect(text).toMatch(/The API has no call that removes a user and all that Kilowise keeps for them/);
    expect(text).toMatch(/What stays: the link to the user's \*\*Wallbox account\*\*/);
    expect(text).toMatch(/The contract has no operation that unlinks either/);
    expect(text).toContain(SILENT_LINK);
  });

  it('sign-out says the contract says no more, and that nothing readable changes in the sandbox', () => {
    expect(section(file, 'Sign a user out')).toMatch(/The contract says no more of what it does: it removes nothing/);
    expect(silentRow('What `POST …/users/{userId}/sign-out` changes')).toMatch(/Nothing you can read/);
    expect(silentRow('Unlinking a user')).toMatch(/Nothing: it has no operation for it/);
  });

  it('the contract indeed has no operation to unlink a Wallbox account', () => {
    const contract = page('content/openapi/kilowise-openapi.yaml');
    expect(contract).toMatch(/operationId: registerWallboxAccount/);
    expect(contract).not.toMatch(/operationId: \w*(unlink|delete|remove)\w*Wallbox/i);
    expect(/operationId: signOut[\s\S]*?description: (.+)/.exec(contract)?.[1]).toBe('Signs the user out of Kilowise.');
  });
});

describe('G1, G12: the user id is required (/docs/prerequisites#acting-on-behalf-of-a-user, /docs/user-management, /docs/vehicles/smartcar)', () => {
  it('the three pages quote the 400 for a missing header', () => {
    expect(section('content/docs/prerequisites.mdx', 'Acting on behalf of a user')).toContain(
      '`Parameter "x-user-id" (header) is required`',
    );
    expect(section('content/docs/user-management.mdx', 'Passing the user id')).toContain(
      '`Parameter "X-User-Id" (header) is required`',
    );
    expect(section('content/docs/vehicles/smartcar.mdx', 'Connect the car')).toMatch(/\*\*Without the user id\.\*\* `x-user-id` is a required header/);
  });
});

describe('G2: connecting a car its first user removed (/docs/vehicles/smartcar#connect-the-car)', () => {
  it('the page says to remove it, that the contract is silent, and that the sandbox answers CREATED', () => {
    const text = section('content/docs/vehicles/smartcar.mdx', 'Connect the car');
    expect(text).toMatch(/\*\*After `CONFLICT`\.\*\* The other user removes the car with `DELETE \/v2\/kilowise\/devices\/\{deviceId\}`/);
    expect(text).toMatch(/the sandbox answers `CREATED`, with a new `deviceId`/);
    expect(silentRow('Connecting a car whose first user removed it')).toMatch(/`CREATED`, with a new `deviceId`/);
  });
});

describe('G4, G6 and "which OCPP charger": one kind of charger, set up two ways (/docs/chargers, /docs/recipes/onboard-ocpp-charger)', () => {
  it('the chargers page says every charger is a Wallbox one, and how the sandbox connects one set up by hand', () => {
    const text = section('content/docs/chargers.mdx', 'Register an OCPP charger');
    expect(text).toMatch(/"an OCPP charger" and "a Wallbox charger" are the same kind of device, set up in one of two ways/);
    expect(text).toMatch(/`PATCH \/__sandbox\/devices\/\{deviceId\}` with `\{"online": true\}`\): until then it is `UNAVAILABLE`/);
    expect(text).toMatch(/It registers any `vendorDeviceId` without asking Wallbox/);
  });

  it('the recipe names the device control', () => {
    const recipe = parseYaml(page('content/recipes/onboard-ocpp-charger.arazzo.yaml')) as { workflows: { description: string }[] };
    expect(oneLine(recipe.workflows[0]?.description ?? '')).toMatch(/`PATCH \/__sandbox\/devices\/\{deviceId\}` with `\{"online": true\}`/);
  });

  it("the chargers page says which OCPP status the sandbox's charger reports when, AVAILABLE once connected", () => {
    expect(section('content/docs/chargers.mdx', 'OCPP charger status')).toMatch(
      /an online charger with no car plugged in is `AVAILABLE` \(also right after one set up by hand connects\)/,
    );
  });
});

describe('G5: an online charger with no car and no preferences (/docs/smart-charging#status-schedule-and-session)', () => {
  it('the CABLE_UNPLUGGED row says so for a charger', () => {
    const row = page('content/docs/smart-charging.mdx').split('\n').find((line) => line.startsWith('| `CABLE_UNPLUGGED` |'));
    expect(row).toMatch(/For a charger: no car is plugged in at it, with preferences or without/);
  });
});

describe("G7: the device control's targetSoc with an energy goal (/docs/sandbox: Chargers, #the-device-controls)", () => {
  it('says it is the state of charge the energy reaches, never null for an energy goal', () => {
    const row = page('content/docs/sandbox.mdx').split('\n').find((line) => line.startsWith('| Chargers |')) ?? '';
    expect(row).not.toMatch(/the device control's `targetSoc` shows which/);
    expect(row).toMatch(/never `null` for an energy goal: .*\(20 kWh from 35 % of 64 kWh: 66\.3\)/);
    expect(section('content/docs/sandbox.mdx', 'The device controls')).toMatch(/`null` where smart charging has no goal/);
  });
});

describe('G8, G9, G13 and the rest: the one table of contract-silent answers (/docs/environments-limits-and-retries#where-the-contract-is-silent)', () => {
  it('has a row for each question a partner had to guess, each with what the sandbox does', () => {
    expect(silentRow('A `PUT` of a smart behaviour while the car charges')).toMatch(/stays `ACTIVE` .* nothing is `INTERRUPTED`/);
    expect(silentRow('How long after a Smartcar status update')).toMatch(/`202` again from five minutes on/);
    expect(silentRow('`GET /v2/kilowise/spot-price-areas` with a `postalCode` and no `countryCode`')).toMatch(
      /`postalCode=11455` alone is `SE3`, `FI`, `DE-LU` and `AT`/,
    );
    expect(silentRow('Devices of type `EV`')).toMatch(/Makes none/);
    expect(silentRow('The time zone of a `readyTime`')).toMatch(/`Europe\/Helsinki` for `FI`/);
    expect(silentRow('When a charger')).toMatch(/a value sent while the car is plugged in counts from the next plug-in/);
  });

  it('the pages of those answers link to it', () => {
    for (const file of [
      'content/docs/smart-charging.mdx',
      'content/docs/user-management.mdx',
      'content/docs/vehicles/smartcar.mdx',
      'content/docs/vehicles/index.mdx',
      'content/docs/chargers.mdx',
      'content/docs/spot-prices.mdx',
      'content/docs/sandbox.mdx',
    ])
      expect(page(file), file).toContain(SILENT_LINK);
  });

  it('the sandbox page says the status update is 202 again five minutes on, with no Retry-After', () => {
    const row = page('content/docs/sandbox.mdx').split('\n').find((line) => line.startsWith('| Smartcar |')) ?? '';
    expect(row).toMatch(/another within five minutes of it is `429` \(with no `Retry-After`\), and one five minutes or more after it is `202` again/);
  });
});

describe('G10: the zone of a Finnish readyTime (/docs/dates-and-time-zones#which-time-zone)', () => {
  it('the page gives Europe/Helsinki and the offset of the endDateTime', () => {
    expect(section('content/docs/dates-and-time-zones.mdx', 'Which time zone')).toMatch(
      /a `readyTime` of `07:00` at a Finnish location is 07:00 in `Europe\/Helsinki`/,
    );
  });
});

describe('G11, G13: postal codes (/docs/spot-prices#find-the-spot-price-area, /docs/locations)', () => {
  it('the spot prices page says to always send countryCode, and lists the sandbox postal codes', () => {
    const text = section('content/docs/spot-prices.mdx', 'Find the spot price area');
    expect(text).toMatch(/Always send `countryCode` with a `postalCode`/);
    expect(text).toMatch(/\| `SE` \| 10 to 19, 30 to 79 \| `SE3` \| 11455 Stockholm, 41103 Göteborg \|/);
    expect(text).toMatch(/\| `FI` \| any \| `FI` \| 00100 Helsinki \|/);
    expect(text).toMatch(/\| `DE` \| any \| `DE-LU` \| 10115 Berlin \|/);
    expect(section('content/docs/locations.mdx', 'Finding the spot price area yourself')).toContain(
      '/docs/spot-prices#find-the-spot-price-area',
    );
  });
});

describe('what cost the partner time (/docs/recipes/first-smart-charging-smartcar, /docs/chargers, /docs/sandbox)', () => {
  it("the first smart charging recipe's retry says to move a set clock instead of sleeping", () => {
    const recipe = parseYaml(page('content/recipes/first-smart-charging-smartcar.arazzo.yaml')) as {
      workflows: { steps: { stepId: string; description: string }[] }[];
    };
    const step = recipe.workflows[0]?.steps.find((candidate) => candidate.stepId === 'read-schedule');
    expect(oneLine(step?.description ?? '')).toMatch(/Against a sandbox whose clock you set, waiting never helps: .* move it/);
  });

  it('the chargers page gives the heartbeat cadence, when OFFLINE comes, and where the timestamp stays', () => {
    const text = section('content/docs/chargers.mdx', 'OCPP charger status');
    expect(text).toMatch(/a heartbeat every 5 minutes from when it came online; it is `OFFLINE` 10 minutes after its last one/);
    expect(text).toMatch(/last heartbeat 15:05, taken offline with the device control at 15:08, `OFFLINE` at 15:15/);
    expect(text).toMatch(/stays at the later of its last heartbeat and its last status change/);
  });

  it("the sandbox's test data gives the sample car's weekend ready time", () => {
    expect(section('content/docs/sandbox.mdx', 'Test data in one place')).toMatch(
      /`weekDaySpecificReadyTimes` `\{"SATURDAY": "10:30", "SUNDAY": "10:30"\}`, .* plugged in on Friday 2025-03-14, it plans for Saturday 10:30/,
    );
  });

  it("the Sessions row gives the sessions' rounding and a tolerance", () => {
    const row = page('content/docs/sandbox.mdx').split('\n').find((line) => line.startsWith('| Sessions |')) ?? '';
    expect(row).toMatch(/in thousandths of a kWh \(`10\.997` .*\), so it can differ from the schedule's hundredths: compare the two with a tolerance of 0\.01 kWh an hour/);
  });
});

describe('partner run 4 C1: connect is 200 for every outcome of the connection, not for a wrong request (/docs/vehicles/smartcar#connect-the-car)', () => {
  it('names the 400 and the 401 the contract lists', () => {
    const text = section('content/docs/vehicles/smartcar.mdx', 'Connect the car');
    expect(text).not.toMatch(/`200` for every outcome\*\*, failures included/);
    expect(text).toMatch(/a missing `x-user-id` or `authCode` is `400` and a missing API key `401`/);
  });
});

describe('partner run 4 C3, run 5 C2/F3: a charger taken offline in a planned hour (/docs/smart-charging, /docs/sandbox, /docs/chargers)', () => {
  const WAITING = /WAITING_FOR_SCHEDULED_CHARGING(`)? \(a `status-changed` event\)/;

  it('the status table, the Statuses row and the heartbeats text each say it stops at once and reads WAITING_FOR_SCHEDULED_CHARGING', () => {
    const table = section('content/docs/smart-charging.mdx', 'Status, schedule and session');
    expect(table).toMatch(/a charger went offline in a planned hour and its last heartbeat is under 10 minutes old/);
    expect(table).toMatch(/stops such a charger's charging at once/);
    const sandbox = oneLine(page('content/docs/sandbox.mdx'));
    expect(sandbox).toMatch(/taken offline with the device control in a planned hour stops charging at once and turns `WAITING_FOR_SCHEDULED_CHARGING` \(a `status-changed` event\)/);
    expect(sandbox).not.toMatch(/taking it offline with the device control is neither/);
    expect(section('content/docs/chargers.mdx', 'OCPP charger status')).toMatch(WAITING);
  });
});

describe("partner run 5 F1: an OCPP charger's statusTimestamp (/docs/chargers#ocpp-charger-status)", () => {
  it('does not say "when the status was reported", which the contract does not say, and links what the sandbox does', () => {
    const contract = parseYaml(page('content/openapi/kilowise-openapi.yaml')) as {
      components: { schemas: { OcppChargerStatus: { properties: { statusTimestamp: Record<string, unknown> } } } };
    };
    expect(contract.components.schemas.OcppChargerStatus.properties.statusTimestamp.description).toBeUndefined();
    const text = section('content/docs/chargers.mdx', 'OCPP charger status');
    expect(text).not.toMatch(/When the status was reported/);
    expect(text).toMatch(/\[what the sandbox does not simulate\]\(\/docs\/sandbox#what-it-simulates\)/);
    expect(oneLine(page('content/docs/sandbox.mdx'))).toMatch(
      /an OCPP `statusTimestamp` at every status change: it moves when something happens to a charger \(it comes online, a cable is plugged in or out,/,
    );
  });
});

describe('partner runs 4 and 5: the 400s of spot prices (/docs/spot-prices#errors)', () => {
  it("the Errors table has the four 400s with the sandbox's messages, each to /docs/errors or with its fix", () => {
    const text = section('content/docs/spot-prices.mdx', 'Errors');
    expect(text.match(/\| `400` \|/g)).toHaveLength(4);
    expect(text).toMatch(/the end must be after the start, got \{start\} to \{end\}/);
    expect(text).toMatch(/The sandbox serves at most 31 days of prices in one request/);
    expect(text).toMatch(/must be a valid date-time, got "\{value\}"/);
    expect(text).toMatch(/got "2025-03-11T00:00:00 01:00"/);
    expect(text.match(/\(\/docs\/errors#/g)?.length).toBeGreaterThanOrEqual(3);
  });
});

describe('partner run 5 C1/F2: deleting a charging location (/docs/locations#delete-a-location)', () => {
  it("says the contract's words, and what the sandbox does: schedule 404, session INTERRUPTED, planned again", () => {
    const contract = page('content/openapi/kilowise-openapi.yaml');
    expect(contract).toMatch(/operationId: deleteLocation\n\s+summary: Delete a location\n\s+description: Removes the location from the user\./);
    const text = section('content/docs/locations.mdx', 'Delete a location');
    expect(text).toMatch(/the contract says only that it removes the location from the user/);
    expect(text).toMatch(/loses its schedule \(`GET …\/schedule` is `404`\), an open session ends `INTERRUPTED`, and it is planned again/);
    expect(text).toMatch(/`CABLE_PLUGGED`, as the \[status table\]/);
    expect(text).not.toMatch(/its smart charging stops following a price area/);
  });
});

describe('partner runs 4 and 5: the answers to their guesses, where they looked', () => {
  const testData = () => section('content/docs/sandbox.mdx', 'Test data in one place');

  it("P4-G2, P5-G2, P5-G4, P5-G6: a charger's car and a car before any location (/docs/sandbox#test-data-in-one-place)", () => {
    expect(testData()).toMatch(/Not plugged in until the device control's `pluggedIn: true`/);
    expect(testData()).toMatch(/64 kWh unless the preferences give `batteryCapacity`/);
    expect(testData()).toMatch(/7 km per kWh: 300 km of 64 kWh \(448 km full\) is 67 %/);
    expect(testData()).toMatch(/A car connected before any location \| Plugged in with no location .* `SMART_CHARGING_DISABLED`, until a location is stored/);
  });

  it('P5-G3, P5-G4: minimumEnergyTransfer and KM (/docs/chargers)', () => {
    const text = oneLine(page('content/docs/chargers.mdx'));
    expect(text).toMatch(/The sandbox charges `minimumEnergyTransfer` at once, whatever the price, as it does below `minimalSoC`/);
    expect(text).toMatch(/turns `KM` into a state of charge at 7 km per kWh/);
  });

  it('P4-G7, P5-G9: a fault or an outage does not re-plan (/docs/smart-charging#status-schedule-and-session)', () => {
    const table = section('content/docs/smart-charging.mdx', 'Status, schedule and session');
    expect(table).toMatch(/the lost hours are not planned again .* until the next plan: a plug-in, new preferences or published prices/);
    expect(table).toMatch(/no hour charges while it is offline, and, as after a fault, the lost hours are not planned again/);
  });

  it('P5-G1: a schedule before publication (/docs/smart-charging#the-schedule)', () => {
    expect(section('content/docs/smart-charging.mdx', 'The schedule')).toMatch(
      /plans in the hours whose prices are known, .* made again when tomorrow's are published \(the timeline's `schedule-made`, reason `prices-published`\)/,
    );
  });

  it('P4-G5, P5-G8: charge now to 100 %, in the open session (/docs/smart-charging#charge-now)', () => {
    const text = section('content/docs/smart-charging.mdx', 'Charge now');
    expect(text).toMatch(/Charge now charges to 100 %, whatever `targetSoC` says/);
    expect(text).toMatch(/below-`minimalSoC` session is open, it goes on in that session/);
  });

  it('P5-G5: the hours of a price window (/docs/spot-prices#read-prices)', () => {
    expect(section('content/docs/spot-prices.mdx', 'Read prices')).toMatch(
      /selects the hours whose start is in that period: 17:30 to 19:00 gives the 18:00 hour alone/,
    );
  });

  it('P5-G7: no authCode gives INTERNAL_KILOWISE_ERROR (/docs/sandbox#what-it-simulates)', () => {
    expect(section('content/docs/sandbox.mdx', 'What it simulates')).toMatch(
      /`INTERNAL_KILOWISE_ERROR` from Smartcar connect: no `authCode` gives it/,
    );
  });

  it('each new row of the silent table links the page it answers (/docs/environments-limits-and-retries#where-the-contract-is-silent)', () => {
    const text = section('content/docs/environments-limits-and-retries.mdx', 'Where the contract is silent');
    for (const question of [
      'What deleting a location does to the devices that plan there',
      "What an OCPP charger's `statusTimestamp` is",
      'A charger taken offline in a planned hour',
      'Whether hours lost to a fault or an outage are planned again',
      "A schedule made before tomorrow's prices are published (13:00 CET)",
    ])
      expect(text).toContain(`| ${question} |`);
  });
});

// Partner run 6: a new partner built three integrations from the site. Each guess (G1 to G7) and contradiction (C1,
// C2) is held to the page that now answers it, and to the contract where the answer rests on it.

describe('run 6 G1: there is no call that creates a user (/docs/user-management#creating-a-user)', () => {
  const file = 'content/docs/user-management.mdx';

  it('says so where users are introduced, and names the calls that start a user', () => {
    expect(oneLine(page(file).split('## Choosing user ids')[0] ?? '')).toMatch(/There is no call that creates a user/);
    const text = section(file, 'Creating a user');
    expect(text).toMatch(/There is no call that creates a user, and you do not register a user id before you use it/);
    for (const call of [
      'POST /v2/kilowise/users/{userId}/locations',
      'PUT /v2/kilowise/users/{userId}/data',
      'POST /v2/wallbox/register-account',
      'POST /v2/kilowise/devices/register-charger',
      'POST /v1/kilowise/devices/smartcar/connect',
    ])
      expect(text).toContain(call);
    expect(text).toMatch(/answers as for a user with nothing stored, never `404`/);
    expect(section('content/docs/prerequisites.mdx', 'Errors')).toContain('/docs/user-management#creating-a-user');
  });

  it('the contract indeed has no operation that creates a user', () => {
    const contract = page('content/openapi/kilowise-openapi.yaml');
    expect(contract).toMatch(/operationId: addLocation/);
    expect(contract).not.toMatch(/operationId: \w*(create|add|register)User\w*/i);
    expect(contract).not.toMatch(/^ {2}\/v2\/kilowise\/users(\/\{userId\})?:$/m);
  });
});

describe('run 6 G2: which chargers can be connected, and how (/docs/chargers#register-an-ocpp-charger)', () => {
  it('the table says Wallbox by Kilowise, Wallbox by hand, and no other make', () => {
    const text = section('content/docs/chargers.mdx', 'Register an OCPP charger');
    expect(text).toMatch(/\| A Wallbox charger of the user's linked Wallbox account \| Yes: set up by Kilowise \|/);
    expect(text).toMatch(/\| A Wallbox charger set up by hand \| Yes: set up by its installer \| Register it with `vendor` `WALLBOX`.*`autoSetupOCPPConnection: false`/);
    expect(text).toMatch(/\| A charger of any other make, OCPP or not \| No \| Nothing connects it/);
    expect(text).toMatch(/`register-charger` refuses any other `vendor` with `400`/);
  });

  it('the contract has one vendor, WALLBOX', () => {
    const contract = parseYaml(page('content/openapi/kilowise-openapi.yaml')) as {
      components: { schemas: { ChargerVendor: { enum: string[] } } };
    };
    expect(contract.components.schemas.ChargerVendor.enum).toEqual(['WALLBOX']);
  });
});

describe("run 6 G3: the charge point identity (/docs/chargers#which-id-the-chargers-owner-types-in)", () => {
  it('says what it is, not to assume the vendorDeviceId, and how to learn it', () => {
    const text = section('content/docs/chargers.mdx', "Which id the charger's owner types in");
    expect(text).toMatch(/the identity is the last segment of the address the charger connects to/);
    expect(text).toContain('wss://ocpp.kilowise.io/steve/websocket/CentralSystemService/{identity}');
    expect(text).toMatch(/\*\*Do not assume it is the `vendorDeviceId`\*\*/);
    expect(text).toMatch(/Learn the identity from your Kilowise partner contact/);
    expect(text).not.toMatch(/confirm with Kilowise that it is the charge point identity/);
  });

  it('the SDK page no longer suggests the serial is the identity', () => {
    const text = oneLine(page('content/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration.mdx'));
    expect(text).not.toMatch(/confirm with Kilowise that the serial is the identity/);
    expect(text).toMatch(/do not assume the serial is the identity, and learn the identity from your Kilowise partner contact/);
  });
});

describe('run 6 G4: one Wallbox account linked for a second user (/docs/chargers#link-a-wallbox-account, #errors)', () => {
  it('the linking section says it is not refused, and why the sandbox test account always meets it', () => {
    const text = section('content/docs/chargers.mdx', 'Link a Wallbox account');
    expect(text).toMatch(/\*\*An account already linked for another user\.\*\* Linking it for a second user is not refused/);
    expect(text).toMatch(/`anna@example\.com` is `user-4711`'s already/);
    expect(text).toMatch(/One user per account is a rule for your app to keep, not one the API enforces/);
  });

  it('the errors section says nothing enforces one user per account', () => {
    const text = section('content/docs/chargers.mdx', 'Errors');
    expect(text).toMatch(/neither the contract nor the sandbox refuses the second link/);
    expect(text).toMatch(/the rule to link an account for one user only is yours to keep: nothing enforces it/);
  });

  it('the contract lists no conflict for register-account', () => {
    const contract = page('content/openapi/kilowise-openapi.yaml');
    const responses = /operationId: registerWallboxAccount[\s\S]*?responses:([\s\S]*?)\n\n/.exec(contract)?.[1] ?? '';
    expect([...responses.matchAll(/'(\d{3})'/g)].map((match) => match[1])).toEqual(['204', '400', '401']);
  });
});

describe('run 6 G5: charge now during an ordinary smart-charging session (/docs/smart-charging#charge-now)', () => {
  it('says the session stays ACTIVE and goes on under charge now, not INTERRUPTED', () => {
    const text = section('content/docs/smart-charging.mdx', 'Charge now');
    expect(text).toMatch(/\*\*Charge now during a smart-charging session\.\*\* Called while a session is open \(an ordinary `ACTIVE` one/);
    expect(text).toMatch(/The session is not ended `INTERRUPTED`: it stays `ACTIVE`, and from then on charges at full power/);
    expect(text).not.toMatch(/Called while a below-`minimalSoC` session is open, it goes on/);
    expect(silentRow('`start-charging` while a smart-charging session is open')).toMatch(/stays `ACTIVE` .* nothing is `INTERRUPTED`/);
  });
});

describe('run 6 G6: the zone of "today" (/docs/dates-and-time-zones#which-time-zone)', () => {
  it("says to take it from the location's countryCode with the country table, where today is asked", () => {
    const file = 'content/docs/dates-and-time-zones.mdx';
    expect(section(file, 'Which time zone')).toMatch(
      /\*\*The zone of the user's "today"\.\*\* Take it from the location's `countryCode`, with the country table/,
    );
    expect(section(file, "Today's prices in the area's own time")).toMatch(/This table is where the zone of "today" comes from/);
  });
});

describe('run 6 G7: a schedule can hold the hour under way (/docs/smart-charging#the-schedule)', () => {
  it('says so, with the 01:25 example', () => {
    expect(section('content/docs/smart-charging.mdx', 'The schedule')).toMatch(
      /It can hold the hour already under way when the schedule was made, keyed by that hour's start, which is before `createdAt`: a schedule made at 01:25 has the key `01:00`/,
    );
  });
});

describe('run 6 C1: a country with one area needs no postal code (/docs/locations, /docs/spot-prices, the contract)', () => {
  it('the locations page agrees with the contract and the spot prices page', () => {
    const contract = page('content/openapi/kilowise-openapi.yaml');
    expect(contract).toContain('A country with a single area needs no postal code.');
    const text = section('content/docs/locations.mdx', 'Finding the spot price area yourself');
    expect(text).not.toMatch(/Send both parameters/);
    expect(text).toMatch(/A country with one area needs no postal code/);
    expect(section('content/docs/spot-prices.mdx', 'Find the spot price area')).toMatch(/a country with one area needs no postal code/);
  });
});

describe('run 6 C2: back to smart charging, the SDK OCPP page and the guide agree on currentSoC', () => {
  it('the SDK page no longer sends a fresh currentSoC to resume', () => {
    const text = section(
      'content/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration.mdx',
      '4. Follow the schedule and sessions',
    );
    expect(text).not.toMatch(/send them back afterwards with a fresh `currentSoC`/);
    expect(text).toMatch(/with the `currentSoC` you kept\. Do not count on a new `currentSoC` to change this plug-in's plan/);
    expect(section('content/docs/smart-charging.mdx', 'Back to smart charging after charge now')).toMatch(
      /Do not count on a new `currentSoC` to change this plug-in's plan/,
    );
  });
});

const CAR = SAMPLE_DEVICES.car;
const instant = (text: string) => Date.parse(text);

describe('run 7 F3: the energy of the hour under way (/docs/smart-charging#the-schedule)', () => {
  it('a schedule made at 01:25:00 holds 6.41 kWh for 01:00, as the page says and the sandbox answers', async () => {
    expect(section('content/docs/smart-charging.mdx', 'The schedule')).toMatch(
      /a schedule made at 01:25 has the key `01:00`, with the energy for the 35 minutes left of that hour only \(in the sandbox 6\.41 kWh, where a whole hour at full power holds 11\)/,
    );
    // The sample car is plugged in already: new preferences make its schedule at once, at 01:25:00; a minimalSoC
    // above its charge makes it charge from then at full power.
    const call = await sandboxAt(await snapshotContract(), '2025-03-14T01:25:00+01:00');
    const put = await call('PUT', `${V2}/devices/${CAR}/smart-charging/ev-preferences`, {
      chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
      chargingLocationIds: [SAMPLE_LOCATION],
      readyTime: '07:00',
      targetSoC: 80,
      minimalSoC: 80,
      batteryCapacity: 64,
    });
    expect(put.status).toBe(200);
    const schedule = (await call('GET', `${V2}/devices/${CAR}/smart-charging/schedule`)).body;
    expect(instant(schedule.createdAt)).toBe(instant('2025-03-14T01:25:00+01:00'));
    expect(schedule.hourlyCharges['2025-03-14T01:00:00+01:00']).toBe(6.41);
    expect(schedule.hourlyCharges['2025-03-14T02:00:00+01:00']).toBe(11);
  }, 60_000);
});

type Call = Awaited<ReturnType<typeof sandboxAt>>;

/** A newly connected car of `user` (plugged in at the user's new location) in a sandbox at `time`. */
async function newCar(time: string, user: string) {
  const call = await sandboxAt(await snapshotContract(), time);
  const location = (await call('POST', `${V2}/users/${user}/locations`, HOME)).body.id as string;
  const connect = { authCode: 'sandbox-kia-ev6', redirectUrl: REDIRECT };
  const connected = await call('POST', '/v1/kilowise/devices/smartcar/connect', connect, { 'x-user-id': user });
  return { call, location, car: connected.body.deviceId as string };
}

/** A charger set up by hand for `user`, online, with smart charging on at the user's new location. */
async function smartCharger(call: Call, user: string): Promise<string> {
  const charger = await chargerOnline(call, user);
  const location = (await call('POST', `${V2}/users/${user}/locations`, HOME)).body.id as string;
  await call('PUT', `${V2}/devices/${charger}/smart-charging/ocpp-charger-preferences`, {
    chargingBehavior: 'SMART_CHARGE_ON',
    readyTime: '07:00',
    targetSoC: { value: 80, unit: 'PERCENT' },
    locationId: location,
  });
  return charger;
}

describe('run 7 G1: the first preferences of a car plugged in already (/docs/sandbox, /docs/smart-charging)', () => {
  it('make the schedule at once, reason preferences, with no CALCULATING_SCHEDULE: the pages say so and the sandbox does it', async () => {
    expect(oneLine(page('content/docs/sandbox.mdx'))).toMatch(
      /The first preferences sent for a car plugged in already \(a newly connected car is\) make it at once too \(`schedule-made`, reason `preferences`\), with no `CALCULATING_SCHEDULE` between: the 10 seconds are only after a plug-in/,
    );
    expect(oneLine(page('content/docs/smart-charging.mdx'))).toMatch(
      /also the first ones for a newly connected car \(it is plugged in\), make the schedule at once in the sandbox, with no `CALCULATING_SCHEDULE` between/,
    );
    const { call, location, car } = await newCar('2025-03-14T16:00:00+01:00', 'p7-first');
    expect((await call('GET', `/v2/status/${car}`)).body.status).toBe('SMART_CHARGING_DISABLED');
    const put = await call('PUT', `${V2}/devices/${car}/smart-charging/ev-preferences`, {
      chargingBehavior: 'SMART_CHARGE_AT_LOCATION',
      chargingLocationIds: [location],
      readyTime: '07:00',
      targetSoC: 80,
    });
    expect(put.status).toBe(200);
    expect((await call('GET', `${V2}/devices/${car}/smart-charging/schedule`)).status).toBe(200);
    expect((await call('GET', `/v2/status/${car}`)).body.status).toBe('WAITING_FOR_SCHEDULED_CHARGING');
    const events = await eventsOf(call, car);
    expect(events.map((event) => [event.type, event.reason ?? event.to])).toEqual([
      ['schedule-made', 'preferences'],
      ['status-changed', 'WAITING_FOR_SCHEDULED_CHARGING'],
    ]);
  }, 60_000);
});

describe('run 7 G2: the OCPP status before the first planned hour (/docs/chargers#ocpp-charger-status)', () => {
  it('is SUSPENDED_EVSE once the schedule is made: the page says so and the sandbox answers it', async () => {
    expect(section('content/docs/chargers.mdx', 'OCPP charger status')).toMatch(
      /`SUSPENDED_EVSE` from when the schedule is made until its first planned hour and between planned hours/,
    );
    const call = await sandboxAt(await snapshotContract(), '2025-03-12T14:00:30Z');
    const charger = await smartCharger(call, 'p7-evse');
    await call('PATCH', `/__sandbox/devices/${charger}`, { pluggedIn: true });
    const ocpp = async () => (await call('GET', `${V2}/devices/ocpp-charger/${charger}/status`)).body.status;
    expect(await ocpp()).toBe('PREPARING');
    await call('POST', '/__sandbox/clock', { advance: 'PT30S' });
    const schedule = (await call('GET', `${V2}/devices/${charger}/smart-charging/schedule`)).body;
    const first = Math.min(...Object.keys(schedule.hourlyCharges as Record<string, number>).map(instant));
    expect(first).toBeGreaterThan(instant('2025-03-12T14:01:00Z'));
    expect((await call('GET', `/v2/status/${charger}`)).body.status).toBe('WAITING_FOR_SCHEDULED_CHARGING');
    expect(await ocpp()).toBe('SUSPENDED_EVSE');
    await call('POST', '/__sandbox/clock', { now: new Date(first - 60_000).toISOString() });
    expect(await ocpp()).toBe('SUSPENDED_EVSE');
  }, 60_000);
});

describe('run 7 G3: chargingStatus beside the unified status (/docs/vehicles#vehicle-status)', () => {
  const VEHICLES = 'content/docs/vehicles/index.mdx';

  it('the page pairs them, says the contract is silent, and the sandbox gives each pair', async () => {
    const text = section(VEHICLES, 'Vehicle status');
    expect(text).toMatch(/\*\*Which `chargingStatus` goes with which unified status\.\*\* The contract does not pair them/);
    expect(text).toMatch(/\| `SMART_CHARGING`, `IMMEDIATE_CHARGING` \| `CHARGING` \|/);
    expect(text).toMatch(
      /\| `SMART_CHARGING_COMPLETED`, `CHARGING_COMPLETED` \| `CHARGING_COMPLETED` once a session of this plug-in completed; `PLUGGED` for a car plugged in at or above its target/,
    );
    expect(text).toMatch(
      /\| `CABLE_PLUGGED`, `CALCULATING_SCHEDULE`, `WAITING_FOR_SCHEDULED_CHARGING`, `SMART_CHARGING_DISABLED`, and `OFFLINE` or `ERROR` while plugged in \| `PLUGGED`, or `CHARGING_COMPLETED` once a session of this plug-in completed \|/,
    );
    expect(text).toMatch(/\| `CABLE_UNPLUGGED` \| `DISCONNECTED` \|/);
    expect(text).toMatch(/The sandbox never gives `NOT_CHARGING` or `COMPLETE`/);

    const { call, location, car } = await newCar('2025-03-14T16:00:00+01:00', 'p7-pairs');
    const seen: string[] = [];
    const pair = async () => {
      const unified = (await call('GET', `/v2/status/${car}`)).body.status as string;
      const vehicle = (await call('GET', `/v1/kilowise/devices/${car}/status`)).body.chargingStatus as string;
      seen.push(`${unified} ${vehicle}`);
    };
    const control = (changes: Record<string, unknown>) => call('PATCH', `/__sandbox/devices/${car}`, changes);
    const smart = { chargingBehavior: 'SMART_CHARGE_AT_LOCATION', chargingLocationIds: [location], readyTime: '07:00', targetSoC: 80 };
    const preferences = `${V2}/devices/${car}/smart-charging/ev-preferences`;
    await pair();
    await call('PUT', preferences, smart);
    await pair();
    await call('POST', '/__sandbox/clock', { now: '2025-03-15T02:30:00+01:00' });
    await pair();
    await call('POST', '/__sandbox/clock', { now: '2025-03-15T06:59:00+01:00' });
    await pair();
    await call('PUT', preferences, { ...smart, chargingBehavior: 'SMART_CHARGE_OFF' });
    await pair();
    await call('POST', `/v2/devices/${car}/smart-charging/start-charging`);
    await pair();
    await call('POST', '/__sandbox/clock', { advance: 'PT7H' });
    await pair();
    await control({ pluggedIn: false });
    await pair();
    await control({ soc: 90, pluggedIn: true });
    await call('PUT', preferences, smart);
    await pair();
    await control({ online: false });
    await pair();
    await control({ online: true, fault: 'InternalError' });
    await pair();
    await control({ fault: null, pluggedIn: false });
    await control({ soc: 30, pluggedIn: true });
    await pair();
    const far = { ...HOME, name: 'Cabin', coordinates: { latitude: 57.7, longitude: 11.97 }, city: 'Gothenburg', postalCode: '41101' };
    const cabin = (await call('POST', `${V2}/users/p7-pairs/locations`, far)).body.id as string;
    await control({ pluggedIn: false });
    await control({ pluggedIn: true, locationId: cabin });
    await pair();
    expect(seen).toEqual([
      'SMART_CHARGING_DISABLED PLUGGED',
      'WAITING_FOR_SCHEDULED_CHARGING PLUGGED',
      'SMART_CHARGING CHARGING',
      'SMART_CHARGING_COMPLETED CHARGING_COMPLETED',
      'SMART_CHARGING_DISABLED CHARGING_COMPLETED',
      'IMMEDIATE_CHARGING CHARGING',
      'CHARGING_COMPLETED CHARGING_COMPLETED',
      'CABLE_UNPLUGGED DISCONNECTED',
      'SMART_CHARGING_COMPLETED PLUGGED',
      'OFFLINE PLUGGED',
      'ERROR PLUGGED',
      'CALCULATING_SCHEDULE PLUGGED',
      'CABLE_PLUGGED PLUGGED',
    ]);
    const contract = parseYaml(page('content/openapi/kilowise-openapi.yaml')) as {
      components: { schemas: { VehicleChargingStatus: { enum: string[]; description: string } } };
    };
    const { enum: values, description } = contract.components.schemas.VehicleChargingStatus;
    expect(values).toEqual(['CHARGING', 'NOT_CHARGING', 'COMPLETE', 'DISCONNECTED', 'PLUGGED', 'CHARGING_COMPLETED']);
    expect(description).not.toMatch(/unified/i);
  }, 60_000);
});

describe('run 7 G4: what register-charger answers (/docs/chargers#register-an-ocpp-charger)', () => {
  it("the page lists the contract's ApiDevice fields, and the sandbox answers them", async () => {
    const text = section('content/docs/chargers.mdx', 'Register an OCPP charger');
    expect(text).toMatch(
      /The answer, `200`, is the new device \(the contract's `ApiDevice`\): `id`, the device id every other call takes; `type` `EV_CHARGER`; `integration` `OCPP`; `createdAt`; `attributes` with `vendor` and `vendorDeviceId` \(the sandbox adds `name`\); and `settings` with `autoSetupOCPPConnection`/,
    );
    type Answer = { schema: { $ref: string }; example: unknown };
    const contract = parseYaml(page('content/openapi/kilowise-openapi.yaml')) as {
      paths: { '/v2/kilowise/devices/register-charger': { post: { responses: { 200: { content: { 'application/json': Answer } } } } } };
    };
    const ok = contract.paths['/v2/kilowise/devices/register-charger'].post.responses[200].content['application/json'];
    expect(ok.schema.$ref).toBe('#/components/schemas/ApiDevice');
    const example = /For example `(\{.*?\})`\./.exec(text)?.[1];
    expect(JSON.parse(example ?? 'null')).toEqual(ok.example);

    const call = await sandboxAt(await snapshotContract(), '2025-03-14T17:40:00Z');
    const registered = await call(
      'POST',
      `${V2}/devices/register-charger`,
      { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0123456', autoSetupOCPPConnection: true },
      { 'X-User-Id': 'p7-register' },
    );
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({
      id: expect.stringMatching(/^dev-/),
      type: 'EV_CHARGER',
      integration: 'OCPP',
      createdAt: '2025-03-14T17:40:00Z',
      attributes: { name: 'Garage', vendor: 'WALLBOX', vendorDeviceId: 'PLP1-0123456' },
      settings: { autoSetupOCPPConnection: true },
    });
  }, 60_000);
});

describe('run 7 G1: the offset in a query string from Python (/docs/dates-and-time-zones)', () => {
  it("names urllib's urlencode beside requests, and both send the offset's + as %2B", () => {
    const page = readFileSync('content/docs/dates-and-time-zones.mdx', 'utf8');
    expect(page).toMatch(/Python's `urllib\.parse\.urlencode` and `requests` do it for you/);
    const script = [
      'import urllib.parse, requests',
      "q = {'startDateTime': '2025-03-14T00:00:00+01:00'}",
      'print(urllib.parse.urlencode(q))',
      "print(requests.Request('GET', 'http://x/p', params=q).prepare().url)",
    ].join('\n');
    const out = execFileSync(ensurePython(), ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    expect(out[0]).toContain('%2B01%3A00');
    expect(out[1]).toContain('%2B01%3A00');
  });
});
