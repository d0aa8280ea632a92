// The pages agree with the contract (#39, #54): the contradiction check over every guide and recipe, the words they
// quote as the contract's, the status table of the smart charging guide, and a planted contradiction of each kind
// that the checks must find, naming the page it would have caught.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { parse } from 'yaml';
import { SPOT_PRICE_AREAS } from '../sandbox/spot-price-areas';
import { contractTexts, misquotes } from './contract-quotes';
import { contractUnits, findContradictions } from './contradictions';
import { statusTableProblems } from './status-table';

let contract: OperationContract;
const served = {
  areas: SPOT_PRICE_AREAS.map((area) => area.id),
  countries: [...new Set(SPOT_PRICE_AREAS.map((area) => area.countryCode))],
};

let schemas: Record<string, unknown>;
let texts: string[];

beforeAll(async () => {
  contract = await snapshotContract();
  const document = parse(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8')) as {
    components: { schemas: Record<string, unknown> };
  };
  schemas = document.components.schemas;
  texts = contractTexts(document);
}, 60_000);

function pages(): { file: string; text: string }[] {
  return readdirSync('content', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(mdx|ya?ml)$/.test(entry.name) && !entry.parentPath.includes('openapi'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

describe('what the pages state agrees with the contract', () => {
  it('reads the units the contract gives its fields', () => {
    const units = contractUnits(schemas);
    expect([...(units.get('hourlyCharges') ?? [])]).toEqual(['kWh']);
    expect(units.get('batteryCapacity')?.has('kWh')).toBe(true);
  });

  it('every guide and recipe: units, status codes, areas and defaults', () => {
    expect(findContradictions(pages(), contract, schemas, served)).toEqual([]);
  });

  it('finds a planted contradiction of each kind, naming the page and line', () => {
    const planted = [
      { file: 'content/docs/planted.mdx', text: 'The plan, hour by hour: `hourlyCharges` (kW).' },
      { file: 'content/docs/planted.mdx', text: 'line one\n`GET /v2/kilowise/users/user-4711/locations` answers `404` for an unknown user.' },
      { file: 'content/docs/planted.mdx', text: 'Norway has five spot price areas, from `NO1` to `NO5`.' },
      { file: 'content/docs/planted.mdx', text: '`countryCode` defaults to `SE` when you leave it out.' },
    ];
    const found = findContradictions(planted, contract, schemas, served);
    expect(found.map((problem) => `${problem.where}: ${problem.statement} (${problem.contract})`)).toEqual([
      'content/docs/planted.mdx:1: hourlyCharges in kW (hourlyCharges in kWh)',
      'content/docs/planted.mdx:2: getLocations answers 404 (getLocations documents 200, 401)',
      'content/docs/planted.mdx:1: spot price area NO1 (areas served: SE1, SE2, SE3, SE4, FI, DE-LU, AT)',
      'content/docs/planted.mdx:1: spot price area NO5 (areas served: SE1, SE2, SE3, SE4, FI, DE-LU, AT)',
      'content/docs/planted.mdx:1: countryCode defaults to SE (countryCode defaults to FI)',
    ]);
  });

  it('a status a line gives a bare method must be one every operation of that method documents (/docs/environments-limits-and-retries)', () => {
    // The retries guide once said a second `DELETE` answers 404: deleteUserData has no 404.
    const planted = [
      { file: 'content/docs/environments-limits-and-retries.mdx', text: '- `DELETE` is safe to repeat; the second one answers `404`.' },
    ];
    expect(findContradictions(planted, contract, schemas, served).map((problem) => problem.contract)).toEqual([
      'deleteUserData documents 204, 401',
    ]);
  });
});

describe("what the pages quote as the contract's words is the contract's", () => {
  const quoted = (text: string) =>
    misquotes([{ file: 'content/docs/dates-and-time-zones.mdx', text }], texts).map(
      (problem) => `${problem.where}: ${problem.statement}`,
    );

  it('every guide and recipe, and the SDK packages\' READMEs and doc comments', () => {
    const sdk = readdirSync('packages', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.includes('node_modules') && /(?:README\.md|\.tsx?)$/.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(sdk.length).toBeGreaterThan(20);
    expect(misquotes([...pages(), ...sdk], texts)).toEqual([]);
  });

  it('finds a quotation the contract does not hold, after "the contract says" and in a column of its words (/docs/dates-and-time-zones)', () => {
    expect(quoted('The contract says "in the location\'s time zone" of readyTime.')).toEqual([
      'content/docs/dates-and-time-zones.mdx:1: "in the location\'s time zone" quoted as the contract\'s',
    ]);
    expect(
      quoted(
        [
          '| Field | What the contract says |',
          '|---|---|',
          '| `readyTime` | `HH:MM`, wall-clock time "in the location\'s time zone" |',
          '| `timeZone` | The schedule\'s `timeZone` names the zone Kilowise planned in |',
          '| Spot price keys | Nothing: an object |',
        ].join('\n'),
      ),
    ).toEqual([
      'content/docs/dates-and-time-zones.mdx:3: "in the location\'s time zone" quoted as the contract\'s',
      "content/docs/dates-and-time-zones.mdx:4: The schedule's `timeZone` names the zone Kilowise planned in (as the contract's words)",
    ]);
  });

  it('reads a quotation that wraps onto the next line, and names the line it starts on', () => {
    expect(quoted('Of a Wallbox charger, in the contract\'s words, "`uid` is the\n  `vendorDeviceId` to register it with".')).toEqual([]);
    expect(quoted('line one\n\nIn the contract\'s words, "the charger is known\n * by its serial".')).toEqual([
      'content/docs/dates-and-time-zones.mdx:3: "the charger is known by its serial" quoted as the contract\'s',
    ]);
    expect(quoted('```ts\n// the contract says "nothing like this"\n```')).toEqual([]);
  });

  it("takes the contract's own words, with an ellipsis, code spans and another case", () => {
    expect(quoted('Its `401` text speaks of "a key that … belongs to another environment".')).toEqual([]);
    expect(quoted('In the contract\'s words, "the IANA time zone (`Europe/Stockholm`) their times are in".')).toEqual([]);
    expect(quoted('A body like `{ "url": "wss://…" }` quotes nothing, nor does "today" here.')).toEqual([]);
    expect(quoted('The contract says "For test environments."')).toEqual([]);
  });
});

describe('one table of device status, schedule and session (/docs/smart-charging#status-schedule-and-session)', () => {
  const home = { file: 'content/docs/smart-charging.mdx', heading: 'Status, schedule and session' };
  let statuses: string[];
  let otherValues: Set<string>;
  beforeAll(() => {
    statuses = (schemas.DeviceStatus as { enum: string[] }).enum;
    otherValues = new Set(
      Object.entries(schemas)
        .filter(([name]) => name !== 'DeviceStatus')
        .flatMap(([, schema]) => (schema as { enum?: unknown[] }).enum ?? [])
        .map(String),
    );
  });

  it('has a row for every status of the contract, each with a meaning, a schedule and a session', () => {
    expect(statuses.length).toBeGreaterThan(10);
    expect(statusTableProblems(pages(), statuses, home, otherValues)).toEqual([]);
  });

  it('finds a status with no row, an empty cell, and a status a page lists that the table lacks', () => {
    const table = [
      '### Status, schedule and session',
      '',
      '| Status | Meaning | Schedule | Session |',
      '|---|---|---|---|',
      ...statuses.filter((status) => status !== 'OFFLINE').map((status) => `| \`${status}\` | a | \`404\` | none |`),
      '| `ERROR` | a |  | none |',
    ].join('\n');
    const listing = { file: 'content/sdk/planted.mdx', text: 'One of `SMART_CHARGING`, `CABLE_PLUGGED`, `OFFLINE` or `CHARGING_PAUSED`.' };
    expect(
      statusTableProblems([{ file: home.file, text: table }, listing], statuses, home, otherValues).map(
        (problem) => `${problem.where}: ${problem.statement}`,
      ),
    ).toEqual([
      'content/docs/smart-charging.mdx#Status, schedule and session: no row for OFFLINE',
      'content/docs/smart-charging.mdx#Status, schedule and session: ERROR: an empty cell',
      'content/sdk/planted.mdx:1: lists CHARGING_PAUSED among the device statuses',
    ]);
  });
});
