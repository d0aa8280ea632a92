// Facts the docs state in several places (guides, SDK doc comments) must agree: each is taken from one constant.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHARGER_ONLINE_WINDOW_MS } from 'kilowise-client';
import { parse as parseYaml } from 'yaml';

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
        .flatMap((line, index) => (/heartbeat/i.test(line) ? [...line.matchAll(/(\d+)\s*(?:minutes?|min\b)/g)].map((match) => ({ where: `${file}:${index + 1}`, value: Number(match[1]) })) : [])),
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

describe("a charger's goal, as the chargers guide teaches it", () => {
  it('no JSON body of a guide or recipe gives both targetSoC and targetEnergyTransfer', () => {
    const both = sources()
      .filter((file) => file.startsWith('content/') && !file.includes('openapi'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/```json[^\n]*\n([\s\S]*?)```/g)]
          .filter(([, body = '']) => body.includes('"targetSoC"') && body.includes('"targetEnergyTransfer"'))
          .map(() => file),
      );
    expect(both).toEqual([]);
  });
});
