// Facts the docs state in several places (guides, SDK doc comments) must agree: each is taken from one constant.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHARGER_ONLINE_WINDOW_MS } from 'kilowise-client';
import { parse as parseYaml } from 'yaml';
import { convertTypedocProject } from '../typedoc/convert';
import type { SdkReference } from '../typedoc/model';
import { runTypedoc } from '../typedoc/run';
import { statusRows } from './status-table';

function filesUnder(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((extension) => entry.name.endsWith(extension)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const sources = () => [...filesUnder('content', ['.mdx', '.yaml']), ...filesUnder('packages', ['.ts', '.tsx']).filter((file) => !file.includes('node_modules'))];

describe('one threshold for a charger being online', () => {
  it('every page and doc comment that gives a heartbeat age gives the SDK constant, in minutes', () => {
    const minutes = CHARGER_ONLINE_WINDOW_MS / 60_000;
    const stated = sources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        // "every 5 minutes" is how often a charger reports, not how old its last heartbeat may be: not an age.
        .flatMap((line, index) => (/heartbeat/i.test(line) ? [...line.matchAll(/(?<!every )(\d+)\s*(?:minutes?|min\b)/g)].map((match) => ({ where: `${file}:${index + 1}`, value: Number(match[1]) })) : [])),
    );
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.filter((entry) => entry.value !== minutes)).toEqual([]);
  });

  it('no code works the threshold out for itself: it calls isChargerOnline', () => {
    const own = sources().filter((file) => !file.endsWith('charger-online.ts') && !file.endsWith('charger-online.test.ts') && /heartbeatTimestamp[^\n]*60_?000|60_?000[^\n]*heartbeat/.test(readFileSync(file, 'utf8')));
    expect(own).toEqual([]);
  });
});

describe("each link flow's authorization URL is its own vendor's, in the contract and in its guide", () => {
  const VENDORS = [
    { operationId: 'getSmartcarAuthorizationUrl', host: 'connect.smartcar.com', guide: 'content/docs/vehicles/smartcar.mdx' },
    { operationId: 'registerTelematicsAccount', host: 'link.enode.io', guide: 'content/docs/vehicles/enode.mdx' },
  ];
  type Node = Record<string, unknown>;
  const document = parseYaml(readFileSync('content/openapi/kilowise-openapi.yaml', 'utf8')) as Node;
  const resolve = (node: unknown): Node => {
    const ref = (node as Node | undefined)?.$ref;
    if (typeof ref !== 'string') return (node ?? {}) as Node;
    return ref.slice(2).split('/').reduce<Node>((at, key) => (at[key] ?? {}) as Node, document);
  };
  /** Every authorizationUrl an operation's 200 shows: its example, and the examples of the schema it refers to. */
  function shown(operationId: string): string[] {
    for (const item of Object.values(document.paths as Node))
      for (const operation of Object.values(item as Node) as Node[]) {
        if (operation?.operationId !== operationId) continue;
        const media = resolve(((operation.responses as Node)['200'] as Node).content as Node)['application/json'] as Node;
        const schema = resolve(media.schema);
        const property = resolve((schema.properties as Node).authorizationUrl);
        return [(media.example as Node | undefined)?.authorizationUrl, property.example, ...((property.examples as unknown[]) ?? [])]
          .filter((url): url is string => typeof url === 'string');
      }
    throw new Error(`no operation ${operationId}`);
  }

  it.each(VENDORS)('$operationId shows $host URLs only, as its guide does', ({ operationId, host, guide }) => {
    const urls = shown(operationId);
    expect(urls.length).toBeGreaterThan(0);
    const inGuide = [...readFileSync(guide, 'utf8').matchAll(/"authorizationUrl":\s*"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(inGuide.length).toBeGreaterThan(0);
    expect([...urls, ...inGuide].filter((url) => new URL(url.replace(/…$/, '')).host !== host)).toEqual([]);
  });
});

/**
 * The lines of the guides, SDK pages and recipes (and, with `sdk`, of the SDK's source), each with its place. A
 * one-line doc comment is read with the line it documents, so that an enum member's comment names the member.
 */
function lines(options: { sdk?: boolean } = {}): { where: string; file: string; line: string }[] {
  return sources()
    .filter(
      (file) =>
        (file.startsWith('content/') && !file.includes('openapi')) ||
        (options.sdk === true && file.startsWith('packages/kilowise-client/src/')),
    )
    .flatMap((file) => {
      const all = readFileSync(file, 'utf8').split('\n');
      return all.map((line, index) => ({
        where: `${file}:${index + 1}`,
        file,
        line: /^\s*\/\*\*.*\*\/\s*$/.test(line) && file.endsWith('.ts') ? `${line} ${all[index + 1] ?? ''}` : line,
      }));
    });
}

describe("a charger's goal is one, as /docs/chargers#the-chargers-goal teaches it", () => {
  /** Every code example of the pages, the recipes' request bodies and the SDK's @example blocks. */
  function examples(): { where: string; code: string }[] {
    const fenced = sources().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/```(?:json|ts|tsx|typescript)[^\n]*\n([\s\S]*?)```/g)].map((match) => ({
        where: `${file}:${text.slice(0, match.index).split('\n').length}`,
        code: (match[1] ?? '').replace(/^\s*\* ?/gm, ''),
      }));
    });
    const payloads = filesUnder('content/recipes', ['.yaml']).flatMap((file) => {
      const workflows = (parseYaml(readFileSync(file, 'utf8')) as { workflows: { steps: { stepId: string; requestBody?: { payload?: unknown } }[] }[] }).workflows;
      return workflows.flatMap((workflow) =>
        workflow.steps.filter((step) => step.requestBody?.payload).map((step) => ({ where: `${file} (${step.stepId})`, code: JSON.stringify(step.requestBody?.payload) })),
      );
    });
    return [...fenced, ...payloads];
  }
  const both = (code: string) => /"?targetSoC"?\s*:/.test(code) && /"?targetEnergyTransfer"?\s*:/.test(code);

  it('no example or request body gives both targetSoC and targetEnergyTransfer', () => {
    const all = examples();
    expect(all.filter(({ code }) => /targetSoC|targetEnergyTransfer/.test(code)).length).toBeGreaterThan(3);
    expect(all.filter(({ code }) => both(code)).map(({ where }) => where)).toEqual([]);
  });

  it('finds both in a TypeScript call, as the OCPP page once sent them', () => {
    expect(both("await kilowise.smartCharging.updateOcppChargerPreferences(id, {\n  targetSoC: { value: 80, unit: Unit.PERCENT },\n  targetEnergyTransfer: { value: 30, unit: EnergyUnit.kWh },\n});")).toBe(true);
  });
});

describe("one account of the identity an OCPP charger connects with: /docs/chargers#which-id-the-chargers-owner-types-in", () => {
  const HOME = 'content/docs/chargers.mdx';
  const ANCHOR = '/docs/chargers#which-id-the-chargers-owner-types-in';

  it('every other page that speaks of it links there, and none says which id the backend knows the charger by', () => {
    const speaking = lines({ sdk: true }).filter(({ line }) => /charge point identity|identity (?:a|the) charger|knows the charger by|charger by its serial/i.test(line));
    expect(speaking.some(({ file }) => file === HOME)).toBe(true);
    const pages = [...new Set(speaking.map(({ file }) => file))].filter((file) => file !== HOME);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.filter((file) => !readFileSync(file, 'utf8').includes(ANCHOR))).toEqual([]);
    expect(speaking.filter(({ line }) => /knows the charger by/i.test(line)).map(({ where }) => where)).toEqual([]);
  });
});

describe('one piece of advice for INTERNAL_KILOWISE_ERROR, on /docs/vehicles/smartcar and the SDK Smartcar page', () => {
  it('every line that advises on it says to try again later, from the start of the flow', () => {
    const advising = lines({ sdk: true }).filter(({ line }) => line.includes('INTERNAL_KILOWISE_ERROR') && /try again|retry|start (?:the flow )?again|start over/i.test(line));
    expect(advising.length).toBeGreaterThanOrEqual(3);
    expect(advising.filter(({ line }) => !/try again later, from the start of the flow/i.test(line)).map(({ where }) => where)).toEqual([]);
  });
});

describe('a session opens when charging starts (/docs/smart-charging#sessions)', () => {
  it('no page says an ACTIVE session is only planned', () => {
    const planned = /(?:charging|it) is planned|planned or under way/i;
    expect(planned.test('| `ACTIVE` | Charging is planned or under way |')).toBe(true);
    const active = lines({ sdk: true }).filter(({ line }) => /`?ACTIVE`?/.test(line) && /session|^\|/i.test(line));
    expect(active.length).toBeGreaterThan(2);
    expect(active.filter(({ line }) => planned.test(line)).map(({ where }) => where)).toEqual([]);
    expect(readFileSync('content/docs/smart-charging.mdx', 'utf8')).toContain('A session opens when charging starts');
  });
});

describe('what currentSoC is, said once on /docs/smart-charging#what-currentsoc-is', () => {
  it('every guide, SDK page and recipe that names currentSoC links there (the sandbox page describes the simulation)', () => {
    const naming = [...new Set(lines().filter(({ line }) => line.includes('currentSoC')).map(({ file }) => file))].filter(
      (file) => !['content/docs/smart-charging.mdx', 'content/docs/sandbox.mdx'].includes(file),
    );
    expect(naming.length).toBeGreaterThan(2);
    expect(naming.filter((file) => !readFileSync(file, 'utf8').includes('/docs/smart-charging#what-currentsoc-is'))).toEqual([]);
  });
});

describe("the SDK's DeviceStatus says what the status table of /docs/smart-charging#status-schedule-and-session says", () => {
  it("each member's comment is its row's meaning", () => {
    const table = statusRows(readFileSync('content/docs/smart-charging.mdx', 'utf8'), 'Status, schedule and session');
    const source = readFileSync('packages/kilowise-client/src/enums/devices.ts', 'utf8');
    const members = new Map(
      [...(/export enum DeviceStatus \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '').matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+) =/g)].map((match) => [
        match[2] ?? '',
        (match[1] ?? '').replace(/\s*\n\s*\*\s*/g, ' ').trim().replace(/\.$/, ''),
      ]),
    );
    expect(members.size).toBe(table.size);
    expect(Object.fromEntries(members)).toEqual(Object.fromEntries([...table].map(([status, row]) => [status, row[0]])));
  });
});

describe('a parameter the reference says has a default is optional in its signature (/sdk/packages/kilowise-client/typedoc/functions/isChargerOnline)', () => {
  let reference: SdkReference;
  beforeAll(async () => {
    const json = await runTypedoc('packages/kilowise-client/src/index.ts', 'packages/kilowise-client/tsconfig.json');
    reference = convertTypedocProject(json, { version: '0.0.0', packageName: 'kilowise-client' });
  }, 120_000);

  it("every function's and method's parameter that defaults to something is optional, as isChargerOnline's now is", () => {
    const signatures = reference.symbols.flatMap((symbol) => [
      ...(symbol.kind === 'function' ? [{ name: symbol.name, parameters: symbol.parameters }] : []),
      ...(symbol.kind === 'class' ? symbol.methods.map((method) => ({ name: `${symbol.name}.${method.name}`, parameters: method.parameters })) : []),
    ]);
    const defaulted = signatures.flatMap(({ name, parameters }) =>
      parameters
        .filter((parameter) => /by default|when left out|defaults to/i.test(parameter.description?.text ?? ''))
        .map((parameter) => ({ where: `${name}(${parameter.name})`, optional: parameter.optional })),
    );
    expect(defaulted.map(({ where }) => where)).toContain('isChargerOnline(now)');
    expect(defaulted.filter(({ optional }) => !optional).map(({ where }) => where)).toEqual([]);
  });
});

describe('one safe way back after charge now: /docs/smart-charging#back-to-smart-charging-after-charge-now', () => {
  it('every page, recipe and doc comment that tells how to go back after starting or stopping links there', () => {
    const telling = sources().filter((file) => {
      if (file.includes('openapi')) return false;
      const text = readFileSync(file, 'utf8');
      return /start-charging|startCharging/.test(text) && /\b(?:resume|go back|hand (?:control )?back|back to smart)/i.test(text);
    });
    expect(telling.length).toBeGreaterThan(3);
    expect(telling.filter((file) => !readFileSync(file, 'utf8').includes('#back-to-smart-charging-after-charge-now'))).toEqual([]);
  });
});

describe("the sandbox's test data, in one place (/docs/sandbox)", () => {
  const INTEGRATION_PAGES = [
    'content/docs/smart-charging.mdx',
    'content/docs/chargers.mdx',
    'content/docs/vehicles/smartcar.mdx',
    'content/docs/vehicles/enode.mdx',
    'content/sdk/packages/kilowise-client/charger-integration/ocpp-charger-integration.mdx',
    'content/sdk/packages/kilowise-client/charger-integration/wallbox-integration.mdx',
    'content/sdk/packages/kilowise-client/vehicle-integration/smartcar.mdx',
    'content/sdk/packages/kilowise-client/vehicle-integration/enode.mdx',
  ];

  it('every integration guide, API and SDK, links to the sandbox page for it', () => {
    expect(INTEGRATION_PAGES.filter((file) => !/\]\(\/docs\/sandbox(?:#[\w-]+)?\)/.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
