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
    expect(row).toMatch(/taking it offline with the device control is neither: it stops reporting, so the timestamp stays at its last heartbeat/);
  });
});
