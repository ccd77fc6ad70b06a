/**
 * CORS for the API, so that a console served from another site (its `apiBaseUrl` pointing here)
 * may call it: only from the origins listed in CORS_ORIGINS, none by default.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { EXTENSIONS_HEADER, REQUEST_ID_HEADER, RUN_ID_HEADER } from '#contract';
import { errorBody } from './app.ts';

/**
 * What the console sends: reads, the two writes, and a bearer token with a JSON body, with its
 * own request id when the API offers the extension (decision 018) and its run id when it offers
 * the audit (decision 019).
 */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'DELETE'];
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', REQUEST_ID_HEADER, RUN_ID_HEADER];
/**
 * The headers the console reads that a cross-origin script may not see unless told: when to try
 * again, which extensions the API offers (decision 015), and the request's id.
 */
const EXPOSED_HEADERS = ['Retry-After', EXTENSIONS_HEADER, REQUEST_ID_HEADER];
/**
 * Two hours, Chromium's ceiling (Firefox's is a day). Safe to keep long: an origin dropped from
 * CORS_ORIGINS gets no Access-Control-Allow-Origin on the answers themselves, cached or not.
 */
export const PREFLIGHT_MAX_AGE_S = 7_200;

/**
 * `https://turmas.example` as the browser writes it in `Origin`: scheme, host and port, no path,
 * no trailing slash, lower case, default port left out. Anything else could never match one.
 */
export function parseOrigin(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`"${text}" is not an http(s) origin such as https://turmas.example`);
  }
  if (url.origin !== text) {
    throw new Error(`"${text}" is not an origin as browsers send it: write "${url.origin}"`);
  }
  return text;
}

/** CORS_ORIGINS: comma-separated origins, blanks ignored; the first wrong one throws. */
export function parseCorsOrigins(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseOrigin);
}

/**
 * Hono's `cors()` for the origins listed, with two changes around it: a preflight from any other
 * origin is refused with a 403 Error body that says why (hono/cors answers every OPTIONS with a
 * bare 204, leaving the browser to report a missing header), and an OPTIONS that is not a
 * preflight is routed like any other request. Every answer varies by Origin.
 */
export function corsFor(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins.map(parseOrigin));
  const answer = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ALLOWED_METHODS,
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    // No Origin: not a cross-origin call, nothing to allow. hono/cors would still set its
    // headers before the route answers, which makes Hono copy every answer into a new Response
    // (decision 014); the live headers of the answer cost nothing.
    if (origin === undefined) {
      await next();
      c.res.headers.append('Vary', 'Origin');
      return;
    }
    const isPreflight =
      c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    // hono/cors adds Vary itself on the answers it lets through.
    if (isPreflight && !allowed.has(origin)) {
      c.header('Vary', 'Origin', { append: true });
      return errorBody(
        c,
        403,
        `Origin ${origin} may not call this API: CORS_ORIGINS does not list it`,
      );
    }
    if (c.req.method === 'OPTIONS' && !isPreflight) {
      c.header('Vary', 'Origin', { append: true });
      return next();
    }
    return answer(c, next);
  };
}
