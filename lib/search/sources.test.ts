import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiModelSchema } from '../openapi/model';
import type { SdkReference } from '../typedoc/model';
import type { SearchRecord } from './records';
import { apiRecords, guideRecords, mdxProse, typedocRecords } from './sources';

const GUIDE = `Kilowise publishes **spot prices** per area.

## Reading prices

Prices are EUR per kWh. Call \`GET /v2/kilowise/spot-prices/{areaId}\`. Send \`targetSoC\` and \`readyTime\`.

<Admonition type="note">Prices for tomorrow arrive at 13:00.</Admonition>

\`\`\`ts
await kilowise.spotPrices.get('SE3', { startDateTime, endDateTime });
const behavior = VehicleChargingBehavior.SMART_CHARGE_AT_LOCATION;
\`\`\`

### Errors

A 404 means no prices.

## Reading prices

A second section with the same title gets the next slug.
`;

describe('guideRecords', () => {
  let records: SearchRecord[];
  beforeAll(() => {
    records = guideRecords({
      kind: 'guide',
      url: '/docs/spot-prices',
      title: 'Spot prices',
      body: GUIDE,
      trail: ['Docs', 'Spot prices'],
    });
  });

  it('makes one record for the intro and one per h2 and h3, with anchors and breadcrumbs', () => {
    expect(records.map((record) => [record.title, record.url, record.breadcrumb])).toEqual([
      ['Spot prices', '/docs/spot-prices', 'Docs › Spot prices'],
      ['Reading prices', '/docs/spot-prices#reading-prices', 'Docs › Spot prices › Reading prices'],
      ['Errors', '/docs/spot-prices#errors', 'Docs › Spot prices › Errors'],
      ['Reading prices', '/docs/spot-prices#reading-prices-1', 'Docs › Spot prices › Reading prices'],
    ]);
  });

  it('keeps prose (JSX children included) as content and code identifiers as keywords', () => {
    const reading = records[1];
    expect(reading?.content).toBe(
      'Prices are EUR per kWh. Call GET /v2/kilowise/spot-prices/{areaId}. Send targetSoC and readyTime. Prices for tomorrow arrive at 13:00.',
    );
    expect(reading?.keywords.split(' ')).toEqual(
      expect.arrayContaining(['spotPrices', 'startDateTime', 'VehicleChargingBehavior', 'SMART_CHARGE_AT_LOCATION']),
    );
    expect(reading?.content).not.toContain('await');
    // The identifiers its prose names in inline code, one that ends in a capital (`targetSoC`) too.
    expect(reading?.members).toEqual(expect.arrayContaining(['targetSoC', 'readyTime']));
    expect(records[0]).toMatchObject({ kind: 'guide', content: 'Kilowise publishes spot prices per area.' });
  });

  it("gives a section the frontmatter's search terms, and names an anchor the page lacks", () => {
    const page = { kind: 'guide' as const, url: '/docs/spot-prices', title: 'Spot prices', body: GUIDE, trail: [] };
    const termed = guideRecords({ ...page, searchTerms: { errors: ['no prices yet', 'empty price list'] } });
    const errors = termed.find((record) => record.url === '/docs/spot-prices#errors');
    expect(errors?.terms).toBe('no prices yet empty price list');
    // Only that section.
    expect(termed.filter((record) => record.terms !== undefined)).toHaveLength(1);
    expect(() =>
      guideRecords({ ...page, source: 'content/docs/spot-prices.mdx', searchTerms: { 'read-prices': ['x y'] } }),
    ).toThrow(
      /^content\/docs\/spot-prices\.mdx: searchTerms names "read-prices", which is no section of the page; its sections are reading-prices, errors, reading-prices-1$/,
    );
  });
});

describe('apiRecords', () => {
  const file = path.join(import.meta.dirname, '..', 'openapi', 'fixtures', 'expected', 'v30-sessions.model.json');
  const model = apiModelSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  let records: SearchRecord[];
  beforeAll(() => {
    records = apiRecords(model);
  });

  it('indexes each operation by operationId, path, last path segment and parameters', () => {
    const list = records.find((record) => record.url === '/api#operation/listSessions');
    expect(list).toMatchObject({ kind: 'api' });
    expect(list?.names).toEqual(
      expect.arrayContaining(['listSessions', 'GET /v2/devices/{deviceId}/sessions', 'sessions']),
    );
    expect(list?.members).toEqual(['deviceId', 'status']);
    expect(list?.breadcrumb).toMatch(/^API › Sessions › GET \/v2\/devices\/\{deviceId\}\/sessions$/);
    expect(list?.keywords).toContain('200');
  });

  it('indexes each schema with its fields and enum values', () => {
    const schemas = records.filter((record) => record.kind === 'schema');
    expect(schemas.length).toBe(model.schemas.length);
    const session = schemas.find((record) => record.title === 'Session');
    expect(session?.url).toBe('/api#schema/Session');
    expect(session?.members.length).toBeGreaterThan(0);
  });
});

describe('typedocRecords', () => {
  const reference: SdkReference = {
    packageName: 'kilowise-client',
    version: '2.6.0',
    operations: [],
    symbols: [
      {
        kind: 'enum',
        name: 'ChargingSessionStatus',
        url: '/sdk/packages/kilowise-client/typedoc/enums/ChargingSessionStatus',
        description: { html: '<p>The state of a session.</p>', text: 'The state of a session.' },
        examples: [],
        source: { file: 'enums.ts', line: 1 },
        usedBy: [],
        members: [{ name: 'ACTIVE', value: 'ACTIVE', description: { html: '', text: 'Running.' } }],
      },
    ],
  };

  it('indexes an enum with its members, under the SDK breadcrumb', () => {
    expect(typedocRecords(reference)).toEqual([
      {
        kind: 'type',
        title: 'ChargingSessionStatus',
        breadcrumb: 'SDK › kilowise-client › Enumerations › ChargingSessionStatus',
        url: '/sdk/packages/kilowise-client/typedoc/enums/ChargingSessionStatus',
        names: ['ChargingSessionStatus'],
        members: ['ACTIVE'],
        keywords: 'ChargingSessionStatus ACTIVE ACTIVE',
        content: 'The state of a session. ACTIVE Running.',
      },
    ]);
  });
});

describe('mdxProse', () => {
  it("keeps a standalone page's prose and drops its title, its exports and its components' code", () => {
    const page = `import { Playground } from './playground';

export const metadata = {
  title: 'API playground',
  description: 'Not prose: the page metadata.',
};

# API playground

Try **any operation** before you write code; see [the reference](/api).

<Playground operation="getLocations" />

- **Sandbox** needs no key.
`;
    expect(mdxProse(page)).toBe('Try any operation before you write code; see the reference . Sandbox needs no key.');
  });
});
