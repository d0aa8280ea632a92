import { beforeAll, describe, expect, it } from 'vitest';
import { convertTypedocProject, SdkReferenceError } from './convert';
import type { SdkClass, SdkEnum, SdkFunction, SdkInterface, SdkReference, SdkTypeAlias, SdkVariable } from './model';
import { runTypedoc } from './run';

const FIXTURE = 'lib/typedoc/fixtures/sample';
let json: unknown;
let reference: SdkReference;

beforeAll(async () => {
  json = await runTypedoc(`${FIXTURE}/index.ts`, `${FIXTURE}/tsconfig.json`);
  reference = convertTypedocProject(json, { version: '1.2.3' });
}, 30_000);

const symbol = <T>(name: string) => reference.symbols.find((entry) => entry.name === name) as T;

describe('convertTypedocProject', () => {
  it('keeps classes, enums, interfaces, functions, constants and type aliases, sorted by name, with their page URLs', () => {
    expect(reference.symbols.map((entry) => `${entry.kind}:${entry.name}`)).toEqual([
      'interface:Base',
      'enum:ChargeSpeed',
      'function:isFast',
      'class:KilowiseClient',
      'type:MaybePlan',
      'interface:Plan',
      'function:PlanBadge',
      'interface:PlanBadgeProps',
      'class:PlansApi',
      'variable:SPEEDS',
    ]);
    expect(symbol<SdkEnum>('ChargeSpeed').url).toBe('/sdk/packages/kilowise-client/typedoc/enums/ChargeSpeed');
    expect(reference.version).toBe('1.2.3');
  });

  it('gives a function its parameters and result, and a component its props', () => {
    const isFast = symbol<SdkFunction>('isFast');
    expect(isFast).toMatchObject({
      component: false,
      url: '/sdk/packages/kilowise-client/typedoc/functions/isFast',
      returns: [{ text: 'boolean' }],
    });
    expect(
      isFast.parameters.map((parameter) => [
        parameter.name,
        parameter.optional,
        parameter.type.map((token) => token.text).join(''),
      ]),
    ).toEqual([
      ['plan', false, 'Plan'],
      ['strict', true, 'boolean'],
    ]);
    expect(isFast.description?.text).toBe('Whether a plan charges fast.');
    const badge = symbol<SdkFunction>('PlanBadge');
    expect(badge.component).toBe(true);
    expect(badge.props?.type).toEqual([
      { text: 'PlanBadgeProps', href: '/sdk/packages/kilowise-client/typedoc/interfaces/PlanBadgeProps' },
    ]);
    expect(badge.props?.properties.map((property) => property.name)).toEqual(['plan']);
    // A function's parameters count as uses of their types.
    expect(symbol<SdkInterface>('Plan').usedBy.map((usage) => usage.label)).toContain('isFast()');
  });

  it('gives constants and type aliases their type, linked', () => {
    expect(symbol<SdkVariable>('SPEEDS').type).toEqual([
      { text: 'readonly ' },
      { text: 'ChargeSpeed', href: '/sdk/packages/kilowise-client/typedoc/enums/ChargeSpeed' },
      { text: '[]' },
    ]);
    expect(symbol<SdkTypeAlias>('MaybePlan')).toMatchObject({
      url: '/sdk/packages/kilowise-client/typedoc/types/MaybePlan',
      type: [
        { text: 'Plan', href: '/sdk/packages/kilowise-client/typedoc/interfaces/Plan' },
        { text: ' | ' },
        { text: 'null' },
      ],
    });
  });

  it('puts pages under the package given, and links types of another SDK package to its pages', () => {
    const other = convertTypedocProject(json, { version: '1', packageName: 'kilowise-ui' });
    expect(other.symbols.find((entry) => entry.name === 'Plan')?.url).toBe(
      '/sdk/packages/kilowise-ui/typedoc/interfaces/Plan',
    );
  });

  it('lists enum members in source order with value, description and deprecation', () => {
    const speed = symbol<SdkEnum>('ChargeSpeed');
    expect(speed.members.map((member) => [member.name, member.value])).toEqual([
      ['SLOW', 'slow'],
      ['FAST', 'fast'],
    ]);
    expect(speed.members[0]?.description?.text).toBe('Slowly, in the cheapest hours.');
    expect(speed.members[1]?.deprecated?.html).toContain('<code>SLOW</code>');
    expect(speed.apiSchema).toBe('ChargeSpeed');
    expect(speed.examples).toEqual([{ code: 'const speed = ChargeSpeed.FAST;' }]);
  });

  it('gives each property its type with links, flags, example and deprecation', () => {
    const plan = symbol<SdkInterface>('Plan');
    const byName = Object.fromEntries(plan.properties.map((property) => [property.name, property]));
    expect(byName.speed?.type).toEqual([
      { text: 'ChargeSpeed', href: '/sdk/packages/kilowise-client/typedoc/enums/ChargeSpeed' },
    ]);
    expect(byName.until).toMatchObject({ optional: true, readonly: true, example: "'07:00'" });
    expect(byName.fast?.deprecated?.text).toBe('Use speed.');
    expect(byName.hours?.type.map((token) => token.text).join('')).toBe('Record<string, number>[]');
    expect(byName.window?.type.map((token) => token.text).join('')).toBe('{ start: string; end?: string } | null');
    // Inherited properties come after the own ones and say where they come from.
    expect(plan.properties.at(-1)).toMatchObject({
      name: 'id',
      inheritedFrom: { text: 'Base', href: '/sdk/packages/kilowise-client/typedoc/interfaces/Base' },
    });
  });

  it('renders {@link} in descriptions as a link to the page', () => {
    expect(symbol<SdkInterface>('Plan').description?.html).toBe(
      '<p>A charging plan. See <a href="/sdk/packages/kilowise-client/typedoc/enums/ChargeSpeed"><code>ChargeSpeed</code></a>.</p>',
    );
  });

  it('lists extends, extended by and used by', () => {
    const plan = symbol<SdkInterface>('Plan');
    expect(plan.extends).toEqual([[{ text: 'Base', href: '/sdk/packages/kilowise-client/typedoc/interfaces/Base' }]]);
    expect(symbol<SdkInterface>('Base').extendedBy).toEqual([
      { label: 'Plan', href: '/sdk/packages/kilowise-client/typedoc/interfaces/Plan' },
    ]);
    expect(symbol<SdkEnum>('ChargeSpeed').usedBy).toEqual([
      { label: 'Plan.speed', href: '/sdk/packages/kilowise-client/typedoc/interfaces/Plan#speed' },
    ]);
    // A method that returns the type counts as a use, linked to its API operation.
    expect(plan.usedBy).toContainEqual({ label: 'kilowise.plans.get()', href: '/api#operation/getPlan' });
  });

  it('gives a class its properties and methods, each method its signature, operation, throws and example', () => {
    const plans = symbol<SdkClass>('PlansApi');
    expect(plans.url).toBe('/sdk/packages/kilowise-client/typedoc/classes/PlansApi');
    expect(
      plans.methods.map((method) => [
        method.name,
        method.operationId,
        method.parameters.map((parameter) => parameter.name),
        method.examples.length,
      ]),
    ).toEqual([
      ['get', 'getPlan', ['id'], 1],
      ['describe', undefined, ['plan'], 1],
    ]);
    expect(plans.methods[0]?.returns.map((token) => token.text).join('')).toBe('Promise<Plan>');
    expect(plans.methods[1]?.throws.map((block) => block.text)).toEqual(['Error never; the tag is here to be read.']);
    expect(symbol<SdkClass>('KilowiseClient').properties.map((property) => [property.name, property.type])).toEqual([
      ['plans', [{ text: 'PlansApi', href: '/sdk/packages/kilowise-client/typedoc/classes/PlansApi' }]],
    ]);
    // A method's types are used by it, linked to its anchor on the class's page.
    expect(symbol<SdkInterface>('Plan').usedBy).toContainEqual({
      label: 'PlansApi.get()',
      href: '/sdk/packages/kilowise-client/typedoc/classes/PlansApi#get',
    });
  });

  it('refuses a class method without a description, naming the class and the method', () => {
    const broken = structuredClone(json) as {
      children: { name: string; children?: { name: string; signatures?: { comment?: unknown }[] }[] }[];
    };
    const describeMethod = broken.children
      .find((child) => child.name === 'PlansApi')
      ?.children?.find((child) => child.name === 'describe');
    if (describeMethod?.signatures?.[0]) delete describeMethod.signatures[0].comment;
    expect(() => convertTypedocProject(broken, { version: '1' })).toThrow(
      /PlansApi has no @example[\s\S]*PlansApi\.describe has no description/,
    );
  });

  it('maps tagged client methods to their API operation, with the example', () => {
    expect(reference.operations).toEqual([
      {
        operationId: 'getPlan',
        method: 'plans.get',
        example: "const plan = await client.plans.get('p-1');",
        deprecated: false,
        source: { file: `${FIXTURE}/index.ts`, line: expect.any(Number) },
      },
    ]);
  });

  it('refuses a symbol without a description, naming file and line', () => {
    const broken = structuredClone(json) as { children: { name: string; comment?: unknown }[] };
    const base = broken.children.find((child) => child.name === 'Base');
    if (base) delete base.comment;
    expect(() => convertTypedocProject(broken, { version: '1' })).toThrow(
      new RegExp(`${FIXTURE}/index.ts:\\d+: Base has no description`),
    );
  });

  it('refuses a symbol without an @example, naming file and line', () => {
    const broken = structuredClone(json) as {
      children: { name: string; comment?: { blockTags?: { tag: string }[] } }[];
    };
    const base = broken.children.find((child) => child.name === 'Base');
    if (base?.comment) base.comment.blockTags = base.comment.blockTags?.filter((tag) => tag.tag !== '@example');
    expect(() => convertTypedocProject(broken, { version: '1' })).toThrow(
      new RegExp(`${FIXTURE}/index.ts:\\d+: Base has no @example`),
    );
  });

  it('refuses TypeDoc JSON of another schema version, naming the source', () => {
    expect(() =>
      convertTypedocProject(
        { schemaVersion: '1.0', name: 'x', children: [] },
        { version: '1', source: 'fixture.json' },
      ),
    ).toThrow(/fixture\.json: field "schemaVersion"/);
  });

  it('refuses an operation claimed by two methods', () => {
    const twice = structuredClone(json) as { children: { name: string; children?: { name: string }[] }[] };
    const api = twice.children.find((child) => child.name === 'PlansApi');
    const get = api?.children?.find((child) => child.name === 'get');
    if (api?.children && get) api.children.push({ ...structuredClone(get), name: 'fetch' });
    expect(() => convertTypedocProject(twice, { version: '1' })).toThrow(SdkReferenceError);
    expect(() => convertTypedocProject(twice, { version: '1' })).toThrow(
      /@apiOperation getPlan is already on plans\.get/,
    );
  });
});
