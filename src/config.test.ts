import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('runtime configuration (/config.js)', () => {
  it('falls back to the defaults when there is none', () => {
    const defaults = { apiBaseUrl: '/v1', schoolYearEnd: { month: 12, day: 31 } };
    expect(parseConfig(undefined)).toEqual(defaults);
    expect(parseConfig({})).toEqual(defaults);
  });

  it('takes a path or an http(s) URL for the API, trimmed', () => {
    expect(parseConfig({ apiBaseUrl: ' https://api.example/v1 ' }).apiBaseUrl).toBe(
      'https://api.example/v1',
    );
    expect(parseConfig({ apiBaseUrl: '/api/v1' }).apiBaseUrl).toBe('/api/v1');
  });

  it('takes a request timeout in whole milliseconds from 1 s to 2 min', () => {
    expect(parseConfig({ requestTimeoutMs: 30_000 }).requestTimeoutMs).toBe(30_000);
    for (const wrong of [999, 120_001, 1500.5, '30000']) {
      expect(() => parseConfig({ requestTimeoutMs: wrong })).toThrow(/requestTimeoutMs/);
    }
  });

  it('takes the school year’s end and an optional first term’s end as month and day', () => {
    const config = parseConfig({
      schoolYearEnd: { month: 7, day: 15 },
      firstTermEnd: { month: 2, day: 29 },
    });
    expect(config.schoolYearEnd).toEqual({ month: 7, day: 15 });
    expect(config.firstTermEnd).toEqual({ month: 2, day: 29 });
    expect(() => parseConfig({ schoolYearEnd: { month: 2, day: 30 } })).toThrow(
      /schoolYearEnd\.day: is not a day of that month/,
    );
    expect(() => parseConfig({ schoolYearEnd: { month: 13, day: 1 } })).toThrow(
      /schoolYearEnd\.month/,
    );
    expect(() => parseConfig({ firstTermEnd: '07-15' })).toThrow(/firstTermEnd/);
  });

  it('names what is wrong instead of silently using a default', () => {
    expect(() => parseConfig({ apiBaseUrl: '//evil.example' })).toThrow(ConfigError);
    expect(() => parseConfig({ apiBaseUrl: 'ftp://x/v1' })).toThrow(/apiBaseUrl: must be a path/);
    // A misspelt key is refused, not ignored.
    expect(() => parseConfig({ apiBaseURL: '/v2' })).toThrow(/apiBaseURL/);
    expect(() => parseConfig('/v1')).toThrow(/must be an object/);
  });
});
