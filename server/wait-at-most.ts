/**
 * A bounded wait for an answer that may never come (a database hung rather than down): a scrape
 * and a readiness probe answer in time without it, and the call itself goes on.
 */
import { setTimeout as delay } from 'node:timers/promises';

/** `answer`, or undefined once `ms` have gone by. */
export function waitAtMost<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  const answered = new AbortController();
  const late = delay(ms, undefined, { signal: answered.signal }).catch(() => undefined);
  return Promise.race([answer, late]).finally(() => answered.abort());
}
