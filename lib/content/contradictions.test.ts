// The pages agree with the contract (#39): the contradiction check over every guide and recipe, and a planted
// contradiction of each kind that it must find.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationContract } from '../contract/operation-contract';
import { snapshotContract } from '../contract/snapshot';
import { parse } from 'yaml';
import { SPOT_PRICE_AREAS } from '../sandbox/spot-price-areas';
import { contractUnits, findContradictions } from './contradictions';

let contract: OperationContract;
const served = {
  areas: SPOT_PRICE_AREAS.map((area) => area.id),
  countries: [...new Set(SPOT_PRICE_AREAS.map((area) => area.countryCode))],
};

let schemas: Record<string, unknown>;

beforeAll(async () => {
  contract = await snapshotContract();
  const document = parse(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8')) as {
    components: { schemas: Record<string, unknown> };
  };
  schemas = document.components.schemas;
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
});
