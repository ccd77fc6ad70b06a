/**
 * Runtime configuration, read from `window.__TURMAS_CONFIG__`, which `/config.js` (served beside
 * index.html, outside the bundle) sets. Operators change it per deployment without a rebuild.
 * A wrong value stops the console with a message naming the field, instead of failing later as
 * a puzzling network error.
 */
import { z } from 'zod/mini';
import { describeIssues } from '#contract';

declare global {
  interface Window {
    __TURMAS_CONFIG__?: unknown;
  }
}

const DEFAULT_API_BASE_URL = '/v1';
const REQUEST_TIMEOUT_MIN_MS = 1_000;
const REQUEST_TIMEOUT_MAX_MS = 120_000;

function isPathOrHttpUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Days in each month of a leap year: 29 February is a valid end, 28 February in other years. */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A day of the year, the same every year: `{ month: 12, day: 31 }`. */
const monthDaySchema = z
  .strictObject(
    {
      month: z
        .int({ error: 'must be a month from 1 to 12' })
        .check(z.gte(1, 'must be a month from 1 to 12'), z.lte(12, 'must be a month from 1 to 12')),
      day: z
        .int({ error: 'must be a day of the month' })
        .check(z.gte(1, 'must be a day of the month')),
    },
    { error: 'must be { month, day }, e.g. { month: 12, day: 31 }' },
  )
  .check(
    z.refine(({ month, day }) => day <= (DAYS_IN_MONTH[month - 1] ?? 31), {
      error: 'is not a day of that month',
      path: ['day'],
    }),
  );
export type MonthDay = z.output<typeof monthDaySchema>;

// Strict: a misspelt key (`apiBaseURL`) would otherwise be ignored and the default used silently.
const runtimeConfigSchema = z.strictObject(
  {
    apiBaseUrl: z._default(
      z.string({ error: 'must be a string' }).check(
        z.trim(),
        z.refine(isPathOrHttpUrl, {
          error: 'must be a path on this site ("/v1") or an http(s) URL ("https://api.example/v1")',
        }),
      ),
      DEFAULT_API_BASE_URL,
    ),
    // How long a request may take before the console calls it a timeout (and retries a read):
    // a slow link or a slow platform may need more than the default.
    requestTimeoutMs: z.optional(
      z
        .int({ error: 'must be a whole number of milliseconds' })
        .check(
          z.gte(
            REQUEST_TIMEOUT_MIN_MS,
            `must be from ${REQUEST_TIMEOUT_MIN_MS} to ${REQUEST_TIMEOUT_MAX_MS}`,
          ),
          z.lte(
            REQUEST_TIMEOUT_MAX_MS,
            `must be from ${REQUEST_TIMEOUT_MIN_MS} to ${REQUEST_TIMEOUT_MAX_MS}`,
          ),
        ),
    ),
    // The last day of the school year: the "end of the school year" expiry, and the default one.
    // Brazilian schools mostly follow the calendar year; others end it elsewhere.
    schoolYearEnd: z._default(monthDaySchema, { month: 12, day: 31 }),
    // The end of the first term, if the school has two: offers "end of the semester".
    firstTermEnd: z.optional(monthDaySchema),
  },
  { error: 'must be an object, e.g. { apiBaseUrl: "/v1" }' },
);

export type AppConfig = z.output<typeof runtimeConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** No config at all (config.js missing or empty) means the defaults. */
export function parseConfig(raw: unknown): AppConfig {
  const result = runtimeConfigSchema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const problems = describeIssues(result.error, 'window.__TURMAS_CONFIG__');
  throw new ConfigError(`Invalid runtime configuration in /config.js: ${problems}`);
}

export function readConfig(): AppConfig {
  return parseConfig(window.__TURMAS_CONFIG__);
}
