import { describe, expect, it } from 'vitest';
import { readSpecSettings } from './load';

describe('readSpecSettings', () => {
  it('uses the snapshot unless a URL is set', () => {
    expect(readSpecSettings({})).toEqual({
      source: { kind: 'snapshot', location: 'content/openapi/kilowise-openapi.yaml' },
      fallbackToSnapshot: false,
    });
    expect(
      readSpecSettings({
        KILOWISE_OPENAPI_URL: 'https://api.kilowise.io/v3/api-docs',
        KILOWISE_OPENAPI_FALLBACK: 'snapshot',
      }),
    ).toEqual({ source: { kind: 'url', location: 'https://api.kilowise.io/v3/api-docs' }, fallbackToSnapshot: true });
  });

  it('names the variable at fault', () => {
    expect(() => readSpecSettings({ KILOWISE_OPENAPI_URL: 'not a url' })).toThrow(
      '[openapi] environment: KILOWISE_OPENAPI_URL must be an http(s) URL',
    );
    expect(() => readSpecSettings({ KILOWISE_OPENAPI_FALLBACK: 'yes' })).toThrow(
      /\[openapi\] environment: KILOWISE_OPENAPI_FALLBACK must be "snapshot" or unset/,
    );
  });
});
