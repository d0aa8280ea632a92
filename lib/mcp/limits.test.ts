import { describe, expect, it } from 'vitest';
import { cut, LIMITS, nearest, unknown } from './limits';
import { expandSchema } from './schema';

describe('MCP tool helpers', () => {
  it('names the nearest matches of an unknown name, containing ones first', () => {
    expect(nearest('getLocation', ['getLocations', 'addLocation', 'getCountries', 'deleteLocation'])).toEqual([
      'getLocations',
      'addLocation',
      'deleteLocation',
    ]);
    expect(nearest('EvPrefs', ['EvPreferences', 'Error', 'HeatingPreferences'], 1)).toEqual(['EvPreferences']);
    expect(unknown('schema', 'EvPrefs', ['EvPreferences']).message).toBe(
      'No schema named "EvPrefs". Nearest: EvPreferences.',
    );
  });

  it('cuts a long answer at a line, with a note that says where the rest is', () => {
    const long = Array.from({ length: 5000 }, (_, index) => `line ${index}`).join('\n');
    const text = cut(long, 'Read /api.md.');
    expect(text.length).toBeLessThan(LIMITS.answerChars + 200);
    expect(text).toMatch(/\nline \d+\n\n\[Cut at 24000 characters of \d+\. Read \/api\.md\.\]$/);
    expect(cut('short', 'x')).toBe('short');
  });

  it('expands named schemas to the depth asked, and keeps a cycle a reference', () => {
    const defs = {
      Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' }, leaf: { $ref: '#/$defs/Leaf' } } },
      Leaf: { type: 'string' },
    };
    expect(expandSchema({ $ref: '#/$defs/Node' }, defs, 0)).toEqual({ $ref: '#/$defs/Node' });
    expect(expandSchema({ $ref: '#/$defs/Node' }, defs, 2)).toEqual({
      title: 'Node',
      type: 'object',
      properties: { child: { $ref: '#/$defs/Node' }, leaf: { title: 'Leaf', type: 'string' } },
    });
  });
});
