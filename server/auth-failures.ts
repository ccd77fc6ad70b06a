/**
 * Guessing tokens is slowed, per client address (client-address.ts): past `failures` failed
 * authentications in a window, the address's next failures are a 429 with Retry-After until the
 * window ends. Only failures count and only failures are refused: a request with a valid token
 * is never refused because others at the same address guessed (it is checked first). Logged
 * once per address and window, never with the token. Reasons: decision 007.
 */
import type { Logger } from './log.ts';

export interface AuthFailureLimits {
  /** Failed authentications an address may have in a window before the next are refused. */
  failures: number;
  windowMs: number;
}

/** A person mistyping a token, or a few consoles left with an old one, stay far below it. */
export const AUTH_FAILURE_DEFAULTS: AuthFailureLimits = { failures: 20, windowMs: 60_000 };

/**
 * Addresses followed at once. Past it, addresses new to the window share one window: someone
 * spreading guesses over more addresses than this is slowed all together.
 */
const ADDRESSES_MAX = 10_000;
const SHARED = 'other addresses';

interface Window {
  endsAt: number;
  failures: number;
}

export interface AuthFailures {
  /** Counts a failure from `address`: the seconds to wait when it is over the limit, else undefined. */
  fail(address: string): number | undefined;
}

export function createAuthFailures(
  limits: AuthFailureLimits,
  log: Logger,
  now: () => number = Date.now,
): AuthFailures {
  // In the order the windows began: the ended ones are at the front.
  const windows = new Map<string, Window>();

  function windowOf(address: string, at: number): [string, Window] {
    let key = address;
    let window = windows.get(key);
    if (window && window.endsAt <= at) {
      windows.delete(key);
      window = undefined;
    }
    if (window) return [key, window];
    for (const [old, { endsAt }] of windows) {
      if (endsAt > at) break;
      windows.delete(old);
    }
    if (windows.size >= ADDRESSES_MAX) {
      key = SHARED;
      const shared = windows.get(key);
      if (shared && shared.endsAt > at) return [key, shared];
    }
    window = { endsAt: at + limits.windowMs, failures: 0 };
    windows.set(key, window);
    return [key, window];
  }

  return {
    fail(address) {
      const at = now();
      const [key, window] = windowOf(address, at);
      window.failures += 1;
      if (window.failures <= limits.failures) return undefined;
      const retryAfterSeconds = Math.max(1, Math.ceil((window.endsAt - at) / 1000));
      if (window.failures === limits.failures + 1) {
        log.info('authentication failures over the limit', {
          address: key,
          failures: limits.failures,
          windowSeconds: limits.windowMs / 1000,
          retryAfterSeconds,
        });
      }
      return retryAfterSeconds;
    },
  };
}
