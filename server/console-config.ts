/**
 * The API's origin as the console's own `config.js` names it (`apiBaseUrl`), so that the page's
 * Content-Security-Policy lets the console call an API on another site. The file operators
 * already edit is the one source: a second setting for the same address could disagree with it,
 * and the browser would then block every call.
 */
import { readFileSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Logger } from './log.ts';

/**
 * How long config.js may take to run. It runs on a thread of its own, so even a loop typed into it
 * never stalls the server: the limit only bounds the thread. Generous, because a busy machine may
 * take a while to start one (a 50 ms limit on the server's own thread failed under load in e2e).
 */
export const EVALUATION_TIMEOUT_MS = 5_000;

/**
 * The worker's code (plain JavaScript: it runs as it is, without tsx). config.js runs in a vm
 * context whose global has no prototype from the worker's realm, so it reaches neither `require`
 * nor `process` (`this.constructor.constructor('return process')` finds none); `window` and `self`
 * are that global, as in a browser. Only a primitive comes back: its `apiBaseUrl`, or what went
 * wrong, read inside the context too (what config.js throws is its own object).
 */
const EVALUATE_CONFIG_JS = `
const { parentPort, workerData } = require('node:worker_threads');
const { createContext, runInContext } = require('node:vm');
const global = Object.create(null);
global.window = global;
global.self = global;
const context = createContext(global, { microtaskMode: 'afterEvaluate' });
try {
  runInContext(workerData, context, { filename: 'config.js' });
  parentPort.postMessage(runInContext(\`(() => {
    const config = globalThis.__TURMAS_CONFIG__;
    const value = config === null || typeof config !== 'object' ? undefined : config.apiBaseUrl;
    return { apiBaseUrl: typeof value === 'string' ? value : undefined };
  })()\`, context));
} catch (error) {
  global.__thrown = error;
  let message = 'it threw something that cannot be read';
  try {
    message = String(runInContext(
      'String(__thrown instanceof Error ? __thrown.message : __thrown)', context));
  } catch {}
  parentPort.postMessage({ error: message });
}
`;

/**
 * A CSP host-source can only be a DNS name or an IPv4 address (CSP3 `host-char`: letters, digits,
 * hyphens), with an optional port: an IPv6 literal or an underscore would make the browser drop
 * the source, and a `;` or `,` (both allowed in a URL's host) would end the directive.
 */
const CSP_EXPRESSIBLE_ORIGIN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/;

export class ConsoleConfigError extends Error {
  override readonly name = 'ConsoleConfigError';
}

const THREAD_START_LIMIT_MS = 30_000;

/** config.js's `apiBaseUrl` as a string (undefined when it is not one), run off this thread. */
function runConfigJs(source: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(EVALUATE_CONFIG_JS, { eval: true, workerData: source });
    // Never what keeps the process alive (a shutdown does not wait for config.js).
    worker.unref();
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const settle = (outcome: () => void) => {
      settled = true;
      clearTimeout(timer);
      clearTimeout(starting);
      void worker.terminate();
      outcome();
    };
    const overTime = (ms: number) => () =>
      settle(() => reject(new ConsoleConfigError(`config.js could not run: over ${ms} ms`)));
    // The limit is for config.js, from when its thread runs: starting one takes longer than
    // 500 ms on a busy 2-core machine. The start has a bound of its own.
    const starting = setTimeout(overTime(THREAD_START_LIMIT_MS), THREAD_START_LIMIT_MS);
    worker.once('online', () => {
      clearTimeout(starting);
      if (settled) return;
      timer = setTimeout(overTime(timeoutMs), timeoutMs);
    });
    worker.once('message', (answer: { apiBaseUrl?: string; error?: string }) =>
      settle(() =>
        answer.error === undefined
          ? resolve(answer.apiBaseUrl)
          : reject(new ConsoleConfigError(`config.js could not run: ${answer.error}`)),
      ),
    );
    // The thread itself failed (out of memory): the file's doing as well.
    worker.once('error', (error) =>
      settle(() => reject(new ConsoleConfigError(`config.js could not run: ${error.message}`))),
    );
  });
}

/**
 * The origin `source` (config.js's text) points the console's API calls at, or undefined when
 * they stay on the page's own origin: a path (`/v1`), no setting, or a value the console refuses
 * itself (it then stops with a message naming the field, so this server has nothing to allow).
 * Rejects with ConsoleConfigError when the file cannot run, or names an origin a CSP cannot express.
 */
export async function apiOriginOf(
  source: string,
  { timeoutMs = EVALUATION_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<string | undefined> {
  const value = (await runConfigJs(source, timeoutMs))?.trim();
  // As src/config.ts reads it: a path on this site, or an http(s) URL.
  if (value === undefined || value.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!CSP_EXPRESSIBLE_ORIGIN.test(url.origin)) {
    throw new ConsoleConfigError(
      `config.js's apiBaseUrl is on ${url.origin}, which a Content-Security-Policy cannot name ` +
        '(use a DNS name or an IPv4 address)',
    );
  }
  return url.origin;
}

export interface ConsoleApiOrigin {
  /**
   * For a page: the API's origin when it is not the page's, as config.js says now. The file is
   * looked at again (one stat), and read and run only when it changed; meanwhile this waits.
   */
  forPage(): Promise<string | undefined>;
  /** For any other answer: the last one known, without looking or waiting. */
  latest(): string | undefined;
}

/**
 * Follows `file` (dist/config.js), so that an edit takes effect on the next page load, as it does
 * for the console itself, with no restart. No file: same origin, as the console's defaults.
 * A file that fails (ConsoleConfigError) is logged once per version of it, and leaves the policy
 * at the page's own origin: the browser then blocks the calls, and the console says the API's
 * address is the likely cause.
 */
export function followConsoleApiOrigin(file: string, log: Logger): ConsoleApiOrigin {
  let version = '';
  let latest: string | undefined;
  /** The answer for `version`: pages asking while the file runs wait for the same one. */
  let current: Promise<string | undefined> = Promise.resolve(undefined);

  const read = async (of: string): Promise<string | undefined> => {
    let found: string | undefined;
    try {
      found = await apiOriginOf(readFileSync(file, 'utf8'));
    } catch (error) {
      log.error('console config: connect-src allows only this site', {
        file,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    // An older version that took longer to run says nothing about the file now.
    if (of !== version) return found;
    if (found !== undefined && found !== latest) {
      log.info('console config: the page may call the API on', { origin: found });
    }
    return (latest = found);
  };

  const recheck = () => {
    let seen = 'none';
    try {
      const stats = statSync(file);
      seen = `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
    } catch {
      // No config.js: the console uses its defaults.
    }
    if (seen === version) return;
    version = seen;
    current = seen === 'none' ? Promise.resolve((latest = undefined)) : read(seen);
  };
  recheck();
  return {
    forPage() {
      recheck();
      return current;
    },
    latest: () => latest,
  };
}
