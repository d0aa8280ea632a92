import type { SdkReference } from '../typedoc/model';

/** An SDK enum a body field takes: its name and its members by value (`{ PERCENT: 'PERCENT', kWh: 'kWh' }`). */
export interface EnumHint {
  name: string;
  members: Record<string, string>;
}

/**
 * Where a request body holds a value of a kilowise-client enum, by field path (`targetSoC.unit`,
 * `excludeBrands[]`). The client's types are TypeScript enums, which a string literal does not satisfy,
 * so the playground writes `Unit.PERCENT` where the body says `"PERCENT"`. Found by walking the SDK
 * interface that mirrors the body's schema (`@apiSchema`), property by property.
 */
export function bodyEnumHints(schemaName: string, sdk: SdkReference): Record<string, EnumHint> {
  const byName = new Map(sdk.symbols.map((symbol) => [symbol.name, symbol]));
  const root = sdk.symbols.find((symbol) => symbol.kind === 'interface' && symbol.apiSchema === schemaName);
  const hints: Record<string, EnumHint> = {};

  function walk(interfaceName: string, prefix: string, depth: number): void {
    const symbol = byName.get(interfaceName);
    if (!symbol || symbol.kind !== 'interface' || depth > 5) return;
    for (const property of symbol.properties) {
      const text = property.type
        .map((token) => token.text)
        .join('')
        .replace(/ \| undefined$/, '');
      const array = text.endsWith('[]');
      // `ChargerManufacturer.WALLBOX`: a field that takes one member of an enum.
      const typeName = (array ? text.slice(0, -2) : text).replace(/^(\w+)\.\w+$/, '$1');
      const path = `${prefix}${property.name}${array ? '[]' : ''}`;
      const target = byName.get(typeName);
      if (target?.kind === 'enum') {
        hints[path] = {
          name: target.name,
          members: Object.fromEntries(target.members.map((member) => [member.value, member.name])),
        };
      } else if (target?.kind === 'interface') {
        walk(target.name, `${path}.`, depth + 1);
      }
    }
  }

  if (root) walk(root.name, '', 0);
  return hints;
}
