// What a partner's third run (issue 54) had to guess, or found false, held to the page that now answers it. The
// sandbox's side of each is in lib/sandbox/partner-answers.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

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
  const rest = text.slice(start + 1);
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
    expect(row).toMatch(/a charger at its last report, its last heartbeat or its last status change, whichever is later/);
    expect(row).toMatch(/taking it offline with the device control is neither: it stops reporting, so the timestamp stays at that last report/);
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
