/**
 * X-Request-Id: every answer carries one, so that one request can be followed through the logs
 * and quoted to support. The client's own value when it is sane (1 to 64 visible ASCII
 * characters), else one made here. Node's own answers (http-server.ts) and Hono's share it: the
 * id is chosen once per request, when Node hands it over.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { REQUEST_ID_HEADER } from '#contract';

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string;
  }
}

const SANE = /^[\x21-\x7e]{1,64}$/;

/** The client's id when sane; a new one otherwise (a header sent twice arrives joined by ", "). */
export function requestIdFrom(sent: string | string[] | undefined | null): string {
  return typeof sent === 'string' && SANE.test(sent) ? sent : randomUUID();
}

/** The id each request was given by http-server.ts, for Hono to use the same. */
const assigned = new WeakMap<IncomingMessage, string>();

export function assignRequestId(request: IncomingMessage): string {
  const id = requestIdFrom(request.headers['x-request-id']);
  assigned.set(request, id);
  return id;
}

/** The id `assignRequestId` gave the request, if it gave one (for what http-server.ts answers). */
export function requestIdOf(request: IncomingMessage): string | undefined {
  return assigned.get(request);
}

/**
 * Sets `requestId` for the handlers and the log, and the header on the answer. In-process
 * (`app.request()`, no Node request) the id is chosen here.
 */
export const requestId: MiddlewareHandler = async (c, next) => {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  const id = (incoming && assigned.get(incoming)) ?? requestIdFrom(c.req.header(REQUEST_ID_HEADER));
  c.set('requestId', id);
  c.header(REQUEST_ID_HEADER, id);
  await next();
  // An answer built as a new Response (a static file, an error handler's) misses the header.
  if (!c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, id);
};
