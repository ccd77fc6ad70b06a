/**
 * Structured logs: one JSON object per line on stdout.
 *
 * Request lines carry the request's id (request-id.ts), method, path (no query string; cut past
 * LOGGED_PATH_MAX characters), status, duration and the name of the credential it was let in with
 * (none when it was not), and nothing else from the request headers: the bearer token must never
 * reach a log.
 */
import type { MiddlewareHandler } from 'hono';

export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** A Logger that also warns, as createLogger's does (the console tests' stand-in need not). */
export interface WarningLogger extends Logger {
  /** Nothing failed, but the operator likely did not mean it (a credentials file with none). */
  warn(msg: string, fields?: LogFields): void;
}

export function createLogger(
  write: (line: string) => void = (line) => console.log(line),
): WarningLogger {
  const emit = (level: 'info' | 'warn' | 'error', msg: string, fields: LogFields = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...serialise(fields) }));
  return {
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

/** Errors do not survive JSON.stringify; keep name, message and stack for the operator. */
function serialise(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] =
      value instanceof Error
        ? { name: value.name, message: value.message, stack: value.stack }
        : value;
  }
  return out;
}

/**
 * The longest path a request line carries whole: a route's path is far shorter, and a client
 * could otherwise write ~16 KB (Node's header limit) to the log with each request.
 */
export const LOGGED_PATH_MAX = 256;

/** The path as logged: past LOGGED_PATH_MAX characters cut, and its whole length said. */
function loggedPath(path: string): LogFields {
  if (path.length <= LOGGED_PATH_MAX) return { path };
  return { path: `${path.slice(0, LOGGED_PATH_MAX)}…`, pathLength: path.length };
}

export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      ...loggedPath(c.req.path),
      status: c.res.status,
      credential: c.get('credential')?.name,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
