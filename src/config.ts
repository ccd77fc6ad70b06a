/**
 * Runtime configuration, read from `window.__TURMAS_CONFIG__`, which `/config.js` (served beside
 * index.html, outside the bundle) sets. Operators change it per deployment without a rebuild.
 * A wrong value stops the console with a message naming the field, instead of failing later as
 * a puzzling network error.
 */
import { z } from 'zod/mini';
import { describeIssues } from './api/contract';

declare global {
  interface Window {
    __TURMAS_CONFIG__?: unknown;
  }
}

const DEFAULT_API_BASE_URL = '/v1';

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
