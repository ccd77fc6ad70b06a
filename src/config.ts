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
