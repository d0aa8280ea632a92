import { describe, expect, it } from 'vitest';
import { areaOfUrl, contentPathToUrl, sidebarLandmarkLabel } from './paths';

describe('content paths', () => {
  it('maps content paths to URLs, the root index to the docs home', () => {
    expect(contentPathToUrl('')).toBe('/');
    expect(contentPathToUrl('docs/vehicles')).toBe('/docs/vehicles');
  });

  it('knows the area of a page URL, and that /api belongs to none', () => {
    expect(areaOfUrl('/')).toBe('docs');
    expect(areaOfUrl('/docs/locations')).toBe('docs');
    expect(areaOfUrl('/sdk/packages/kilowise-ui')).toBe('sdk');
    expect(areaOfUrl('/api')).toBeUndefined();
    expect(areaOfUrl('/docsearch')).toBeUndefined();
    expect(sidebarLandmarkLabel('sdk')).toBe('SDK sidebar');
  });
});
