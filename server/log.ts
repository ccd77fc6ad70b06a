/**
 * Structured logs: one JSON object per line on stdout.
 *
 * Request lines carry the request's id (request-id.ts), method, path (no query string; cut past
 * LOGGED_PATH_MAX characters), status, duration and the name of the credential it was let in with
 * (none when it was not), and nothing else from the request headers: the bearer token must never
 * reach a log.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';

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

/** Milliseconds since `started` (performance.now()), to a tenth. */
const since = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * Node requests whose `request` line http-server.ts wrote (see `logAnsweredApart`), with the
 * status sent.
 */
const answeredApart = new WeakMap<IncomingMessage, number>();

/**
 * The status the client got for the app's request `c`: the one http-server.ts wrote in place of
 * the app's answer (a 408 for a body that came too late), else the app's. For the metrics, which
 * count what was sent, as the request line says it.
 */
export function statusSent(c: Context): number {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return (incoming && answeredApart.get(incoming)) ?? c.res.status;
}

/**
 * The `request` line of a request the HTTP server answered itself, without the app: refused
 * before it (a 429 for pipelining past the cap, a 503 for the bodies' memory bound), or its body
 * broke or did not come in time (a 400 or 408 written in place of the app's answer). The app's
 * own line for that request, should it come, is left out: the status it holds never reached the
 * client, and each request has one line. `fields` add to the line (why it was answered so).
 */
export function logAnsweredApart(
  log: Logger,
  request: IncomingMessage,
  line: { requestId: string; status: number; started: number },
  fields: LogFields = {},
): void {
  answeredApart.set(request, line.status);
  log.info('request', {
    requestId: line.requestId,
    method: request.method,
    ...loggedPath(targetPath(request.url ?? '')),
    status: line.status,
    ms: since(line.started),
    ...fields,
  });
}

/** The path of a request target as Node read it: no query, no scheme and host (absolute form). */
function targetPath(target: string): string {
  const path = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i, '');
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (incoming && answeredApart.has(incoming)) return;
    log.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      ...loggedPath(c.req.path),
      status: c.res.status,
      credential: c.get('credential')?.name,
      ms: since(started),
    });
  };
}
