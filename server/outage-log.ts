/**
 * The database's unavailability in the log as an outage, not as a line per failed call (decision
 * 018): under load every request failed with the same reason, and each wrote a `database
 * unavailable` line besides its `request` line (302 of them in a 15 s outage at 20 requests a
 * second). Each request keeps its own `request` line, with its 503.
 *
 * - `database unavailable` (error): the first failure, with that request's id, method, path and
 *   the reason, as every failure was logged before;
 * - `database still unavailable` (error): at most once every OUTAGE_SUMMARY_EVERY_MS while
 *   failures go on, with their count since the outage began, when it began and the latest reason;
 * - `database available again` (info): the first answer from the database once no call has failed
 *   for RECOVERED_AFTER_MS, with the outage's failures, its first and last (`since`, `until`) and
 *   the time between them (`ms`).
 *
 * The quiet time before the outage is over keeps a database that answers some calls and fails
 * others (statements past their timeout, SQLite's write lock held elsewhere while reads go on) to
 * one outage, instead of a pair of lines for every failure.
 */
import type { LogFields, Logger } from './log.ts';
import type { Store } from './store/store.ts';

/** How often an outage that goes on is said again, at most (and only while calls fail). */
export const OUTAGE_SUMMARY_EVERY_MS = 30_000;

/** How long no call may fail before an answer from the database ends the outage. */
export const RECOVERED_AFTER_MS = 5_000;

export interface OutageLog {
  /** A call the database could not serve, and why; `fields` say which request (logged first). */
  failed(reason: string, fields?: LogFields): void;
  /** A call the database answered. */
  answered(): void;
}

export interface OutageLogOptions {
  /** The clock, in ms (a test's own). */
  now?: () => number;
  summaryEveryMs?: number;
  recoveredAfterMs?: number;
}

export function createOutageLog(
  log: Logger,
  {
    now = Date.now,
    summaryEveryMs = OUTAGE_SUMMARY_EVERY_MS,
    recoveredAfterMs = RECOVERED_AFTER_MS,
  }: OutageLogOptions = {},
): OutageLog {
  let outage: { since: number; failures: number; lastFailure: number; saidAt: number } | undefined;
  const iso = (at: number) => new Date(at).toISOString();
  return {
    failed(reason, fields = {}) {
      const at = now();
      if (!outage) {
        outage = { since: at, failures: 1, lastFailure: at, saidAt: at };
        log.error('database unavailable', { ...fields, reason });
        return;
      }
      outage.failures++;
      outage.lastFailure = at;
      if (at - outage.saidAt < summaryEveryMs) return;
      outage.saidAt = at;
      log.error('database still unavailable', {
        reason,
        failures: outage.failures,
        since: iso(outage.since),
        ms: at - outage.since,
      });
    },
    answered() {
      // The common case, once per call: nothing to say.
      if (!outage) return;
      const at = now();
      if (at - outage.lastFailure < recoveredAfterMs) return;
      const { failures, since, lastFailure } = outage;
      log.info('database available again', {
        failures,
        since: iso(since),
        until: iso(lastFailure),
        ms: lastFailure - since,
      });
      outage = undefined;
    },
  };
}

/**
 * `store`, telling `outages` of each call the database answered (a resolved promise). Its
 * failures are said where they are answered (app.ts), with the request they failed.
 */
export function answersNoted(store: Store, outages: OutageLog): Store {
  const answered = () => outages.answered();
  const ignored = () => undefined;
  // One wrapper per method, made at its first use: `store` may be server.ts's late one, a Proxy.
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, name) {
      if (wrapped.has(name)) return wrapped.get(name);
      const member: unknown = Reflect.get(target, name);
      const wrapper =
        typeof member === 'function'
          ? (...args: unknown[]) => {
              const result: unknown = Reflect.apply(member, target, args);
              if (result instanceof Promise) result.then(answered, ignored);
              return result;
            }
          : member;
      wrapped.set(name, wrapper);
      return wrapper;
    },
  });
}
