import { describe, expect, it } from 'vitest';
import { anchorOfHash, resolveAnchor } from './anchors';

const existing = new Set([
  'operation/getLocations',
  'tag/smart-charging',
  'schema/UserLocation',
  'operation/getChargingSessions',
]);
const exists = (anchor: string) => existing.has(anchor);

describe('resolveAnchor', () => {
  it('keeps an anchor that exists', () => {
    expect(resolveAnchor('#operation/getLocations', exists)).toBe('operation/getLocations');
  });

  it('maps Redoc-style operation and tag links', () => {
    expect(resolveAnchor('#tag/Locations/operation/getLocations', exists)).toBe('operation/getLocations');
    expect(resolveAnchor('#tag/Smart-charging', exists)).toBe('tag/smart-charging');
  });

  it('follows a published alias, also from a Redoc-style link', () => {
    const aliases = { 'operation/listChargingSessions': 'operation/getChargingSessions' };
    expect(resolveAnchor('#operation/listChargingSessions', exists, aliases)).toBe('operation/getChargingSessions');
    expect(resolveAnchor('#tag/Smart-charging/operation/listChargingSessions', exists, aliases)).toBe(
      'operation/getChargingSessions',
    );
  });

  it('reads a malformed escape as typed instead of throwing (a hand-typed #% link)', () => {
    expect(anchorOfHash('#%')).toBe('%');
    expect(anchorOfHash('#schema/User%zzLocation')).toBe('schema/User%zzLocation');
    expect(anchorOfHash('#schema/User%20Location')).toBe('schema/User Location');
    expect(resolveAnchor('#%', exists)).toBeUndefined();
  });

  it('leaves unknown anchors and empty hashes alone', () => {
    expect(resolveAnchor('#operation/nothing', exists)).toBeUndefined();
    expect(resolveAnchor('', exists)).toBeUndefined();
  });
});
