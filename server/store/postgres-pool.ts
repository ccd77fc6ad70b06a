/**
 * Whether PostgreSQL answered this process lately, for /v1/health (decision 018). Under load every
 * request's statements say so, so the probe answers from that, without a connection and a round
 * trip of its own that would wait behind the work it reports on; idle, or after a failure, it asks.
 */
import { StoreUnavailableError } from './store.ts';
import { asStoreError } from './postgres-schema.ts';

/** An answer at most this old proves the database is there (a probe comes every 2–5 s). */
export const ANSWERED_WITHIN_MS = 1_000;

export interface DatabaseAnswers {
  /** Runs `statement`, noting whether the database answered it or could not be reached. */
  noted<T>(statement: () => Promise<T>): Promise<T>;
  /** The last word from the database is an answer, at most ANSWERED_WITHIN_MS old. */
  recent(): boolean;
}

export function databaseAnswers(now = () => performance.now()): DatabaseAnswers {
  let answeredAt = -Infinity;
  let failedAt = -Infinity;
  return {
    async noted(statement) {
      try {
        const result = await statement();
        answeredAt = now();
        return result;
      } catch (error) {
        const mapped = asStoreError(error);
        if (mapped instanceof StoreUnavailableError) failedAt = now();
        throw mapped;
      }
    },
    recent: () => answeredAt > failedAt && now() - answeredAt <= ANSWERED_WITHIN_MS,
  };
}
