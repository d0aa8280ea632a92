import { describe, expect, it } from 'vitest';
import { insightsEndpoint } from './endpoint';
import { insightsStoreChoice } from './open';

describe('where insights go and are kept', () => {
  it('sends to KILOWISE_INSIGHTS_URL’s origin when set, else to this server (asking first)', () => {
    expect(insightsEndpoint({ KILOWISE_INSIGHTS_URL: 'https://docs.example.com/any/path' })).toEqual({
      url: 'https://docs.example.com/insights/events',
      configured: true,
    });
    expect(insightsEndpoint({})).toEqual({ url: '/insights/events', configured: false });
    expect(insightsEndpoint({ KILOWISE_INSIGHTS_URL: ' ' })).toEqual({ url: '/insights/events', configured: false });
  });

  it('refuses a bad KILOWISE_INSIGHTS_URL or KILOWISE_DATABASE_URL, naming it', () => {
    expect(() => insightsEndpoint({ KILOWISE_INSIGHTS_URL: 'ftp://docs.example.com' })).toThrow(
      /KILOWISE_INSIGHTS_URL/,
    );
    expect(() => insightsStoreChoice({ KILOWISE_DATABASE_URL: 'mysql://db/kilowise' })).toThrow(
      /KILOWISE_DATABASE_URL.*postgres:\/\//,
    );
  });

  it('keeps insights in Postgres when KILOWISE_DATABASE_URL is set, else in SQLite', () => {
    expect(insightsStoreChoice({ KILOWISE_DATABASE_URL: 'postgres://kilowise@127.0.0.1:5432/kilowise' })).toEqual({
      databaseUrl: 'postgres://kilowise@127.0.0.1:5432/kilowise',
      sqliteFile: undefined,
    });
    expect(insightsStoreChoice({ KILOWISE_DATABASE_URL: '' })).toEqual({
      databaseUrl: undefined,
      sqliteFile: undefined,
    });
  });
});
