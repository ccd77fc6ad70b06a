/**
 * Whether the server is ready to serve (decision 018): it listens at once, and until the schema
 * is migrated and the indexes are loaded `/v1/health` answers 503 with the reason and every other
 * route 503 with Retry-After; `/v1/live` answers 200 throughout. On SIGTERM it reports not ready
 * again (draining) while still serving, so that a load balancer stops sending before it stops.
 */
import type { MiddlewareHandler } from 'hono';
import { errorBody } from './app.ts';

/** What a 503 asks a client to wait while the server starts: the indexes take seconds. */
export const STARTING_RETRY_AFTER_SECONDS = 5;

/** The liveness path: 200 whenever the event loop runs, ready or not. */
export const LIVE_PATH = '/v1/live';
const HEALTH_PATH = '/v1/health';

export interface Readiness {
  /** Why the server is not ready (starting or draining), or undefined when it is. */
  notReady(): string | undefined;
  isStarting(): boolean;
  /** Starting: every route but health and liveness answers 503. */
  starting(reason: string): void;
  ready(): void;
  /** Draining: health answers 503, every route is still served. */
  draining(): void;
}

export function createReadiness(startingReason?: string): Readiness {
  let state: { phase: 'starting' | 'ready' | 'draining'; reason?: string } = startingReason
    ? { phase: 'starting', reason: `starting: ${startingReason}` }
    : { phase: 'ready' };
  return {
    notReady: () => state.reason,
    isStarting: () => state.phase === 'starting',
    starting: (reason) => (state = { phase: 'starting', reason: `starting: ${reason}` }),
    ready: () => (state = { phase: 'ready' }),
    draining: () =>
      (state = { phase: 'draining', reason: 'draining: shutting down, send requests elsewhere' }),
  };
}

/** Ready from the start, for an app whose store is open before it is built. */
export const ALWAYS_READY: Readiness = createReadiness();

/** While starting, 503 with Retry-After for all but health and liveness, which answer it. */
export function readinessGate(readiness: Readiness): MiddlewareHandler {
  return async (c, next) => {
    if (readiness.isStarting() && c.req.path !== HEALTH_PATH && c.req.path !== LIVE_PATH) {
      c.header('Retry-After', String(STARTING_RETRY_AFTER_SECONDS));
      const message = `Service unavailable: ${readiness.notReady()}. Try again shortly.`;
      return errorBody(c, 503, message);
    }
    await next();
  };
}
