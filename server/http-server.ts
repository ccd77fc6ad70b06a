/**
 * Node's HTTP server around the app, for what reaches Node but not Hono: a request line, header,
 * URL or Host that Node's parser or the adapter refuse, CONNECT, an unknown Expect, and a graceful
 * shutdown. Node and @hono/node-server answer those by default with a bare status line or an
 * empty 400, without the Error body and without the security headers; here they get both.
 */
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { BODY_MAX_BYTES, REQUEST_ID_HEADER, type ErrorBody } from '#contract';
import { addressKey } from './client-address.ts';
import { logAnsweredApart, type Logger } from './log.ts';
import { assignRequestId, requestIdFrom, requestIdOf } from './request-id.ts';

const BAD_REQUEST_TARGET = 'Malformed request URL or Host header';

/**
 * An Error body answer, with the security headers and the request's id (a new one when no request
 * was read), as bytes for a bare socket.
 */
function rawErrorAnswer(
  headers: [string, string][],
  status: number,
  message: string,
  requestId = requestIdFrom(undefined),
) {
  const body = JSON.stringify({ status: String(status), message } satisfies ErrorBody);
  const text = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    `${REQUEST_ID_HEADER}: ${requestId}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n');
  return { text, requestId, status };
}

/**
 * Connections one address may hold open at once (MAX_CONNECTIONS_PER_ADDRESS); past it, a new
 * one gets a 429 and is closed. A browser opens at most 6 to a site; this leaves room for a few
 * dozen people behind one address. Not applied behind a trusted proxy, which is one address for
 * everyone (its own limits apply there). Reasons and figures: decision 007.
 */
export const CONNECTIONS_PER_ADDRESS_DEFAULT = 256;

/**
 * Connections the kernel may hold before Node accepts them (Node's default is 511): a burst of
 * new and refused connections must not fill it, or everyone's connect waits for a SYN resent a
 * second later. Linux caps it at net.core.somaxconn (4096 on recent kernels).
 */
const LISTEN_BACKLOG = 4096;

/**
 * Request bodies may hold this much memory while they arrive, counted as declared (a chunked one
 * as the largest allowed) plus what a request costs the server besides (measured at about 70 KB);
 * one address at most a quarter of it. Past either, a request with a body gets a 503 at once.
 */
const PENDING_BODIES_MAX_BYTES = 48 * 2 ** 20;
const PENDING_BODIES_PER_ADDRESS_MAX_BYTES = PENDING_BODIES_MAX_BYTES / 4;
const REQUEST_OVERHEAD_BYTES = 64 * 2 ** 10;
const PENDING_BODIES_RETRY_AFTER_SECONDS = 2;

const BUSY_BODIES =
  'Service unavailable: too many request bodies arriving at once. Try again shortly.';

/**
 * Requests one connection may have waiting for their answers (pipelined). Node parses every
 * request of a packet at once: 64 KiB of them is ~500 requests run in one turn of the event loop,
 * during which no other client was answered (20 connections of them held everyone ~2 s, 100 of
 * them 12 s). No browser pipelines; past this, a 429 with `Connection: close`, in its turn after
 * the answers before it, and the requests behind it are dropped without running.
 */
export const PIPELINED_MAX = 16;
const TOO_DEEP = `Too many requests on one connection: at most ${PIPELINED_MAX} waiting for their answers`;

/** How long a connection past the limit is held before its 429 (see `refuseConnection`). */
const REFUSED_HOLD_MS = 2_000;

/** What to do when each connection closes (see `whenGone`), with one listener each. */
const onClose = new WeakMap<Duplex, Set<() => void>>();

/**
 * Calls `done` once the answer has gone, or its connection: an answer queued behind another one
 * (pipelined) never emits 'close' when the connection closes first. Kept until then, those
 * answers held 1.3 MB for every connection of a pipelining flood, for good.
 */
function whenGone(request: IncomingMessage, response: ServerResponse, done: () => void) {
  const { socket } = request;
  let pending = onClose.get(socket);
  if (!pending) {
    const callbacks = new Set<() => void>();
    onClose.set(socket, callbacks);
    socket.once('close', () => {
      for (const callback of callbacks) callback();
    });
    pending = callbacks;
  }
  const callbacks = pending;
  const once = () => {
    response.off('close', once);
    callbacks.delete(once);
    done();
  };
  response.once('close', once);
  callbacks.add(once);
}

/** Counts per key, forgetting a key at zero. */
class Tally {
  private readonly counts = new Map<string, number>();
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: string, amount: number): void {
    const next = this.get(key) + amount;
    if (next === 0) this.counts.delete(key);
    else this.counts.set(key, next);
  }
}

/** What Node's parser refuses, answered as Node would (same status) but as an Error body. */
function clientErrorStatus(code: string | undefined, timeouts: Timeouts): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request headers too large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Chunk extensions too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [
        408,
        `Request timed out: its headers must arrive within ${seconds(timeouts.headersMs)} ` +
          `and all of it within ${seconds(timeouts.requestMs)}`,
      ];
    default:
      return [400, 'Malformed HTTP request'];
  }
}

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * How long a client may take to send a request. Node's defaults (headers 60 s, the whole request
 * 300 s, checked every 30 s) let a client sending a byte at a time hold a socket for minutes.
 */
export interface Timeouts {
  /** From a request's first byte (on a new connection, from its opening) to its headers' end. */
  headersMs: number;
  /** From the same start to the end of its body; at least `headersMs`. */
  requestMs: number;
  /**
   * How long answers may wait to be written while the client takes none of their bytes (it does
   * not read); then the connection is reset. DEFAULT_TIMEOUTS' when not given.
   */
  answerStallMs?: number;
}

/** The limits and their reasons: docs/decisions/007-server-reliability-and-security.md. */
export const DEFAULT_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 30_000,
  answerStallMs: 30_000,
} as const satisfies Timeouts;

/** Where a request comes from, for the limits per address, as client-address.ts says. */
function requestAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? String(request.headers['x-forwarded-for'] ?? '')
        .split(',')
        .at(-1)
        ?.trim()
    : undefined;
  return addressKey(forwarded || (request.socket.remoteAddress ?? ''));
}

/**
 * Sends the answer, then closes. end() rather than destroy(): closing a socket that still holds
 * unread request bytes resets the connection, and the client may lose the answer with it. A
 * client that keeps its side open is cut off a second later.
 */
function endWith(socket: Duplex, answer: string) {
  socket.end(answer);
  setTimeout(() => socket.destroy(), 1000).unref();
}

export interface ListenOptions {
  /** 0 picks a free port. */
  port: number;
  hostname: string;
  log: Logger;
  /** The security headers, for the answers written here without Hono. */
  headers: [string, string][];
  timeouts: Timeouts;
  /** Whether X-Forwarded-For says where a request comes from (TRUST_PROXY). */
  trustProxy: boolean;
  /** Open connections per address; 0 for no limit. CONNECTIONS_PER_ADDRESS_DEFAULT by default. */
  connectionsPerAddress: number;
  /**
   * Told of each answer written here that the app never saw (the metrics count them): a malformed
   * request, one pipelined past the cap, a body over the memory bound, a connection over the cap.
   */
  answeredApart?: (status: number, reason: ApartReason) => void;
}

/** Why the HTTP server answered a request without the app. */
export type ApartReason = 'malformed' | 'pipelined' | 'bodies' | 'connections';

/** Serves `app` on Node's HTTP server; `shutDown` is for RunningServer.close, after server.close. */
export async function listen(app: Hono, options: ListenOptions) {
  const { port, hostname, log, headers, timeouts } = options;
  const server = createServer({
    // Node answers an HTTP/1.1 request without Host itself (a bare 400); ours says so below.
    requireHostHeader: false,
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // Node enforces both only when it sweeps its connections: sweep often enough that a limit
    // holds to within a second (or a quarter of a test's short limit).
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs / 4),
  });

  // The request being handed to the adapter: it calls `errorHandler` at once (synchronously) when
  // it cannot make a Request of it, and the answer carries that request's id (set in `serve`).
  let handing: IncomingMessage | undefined;
  const listener = getRequestListener(app.fetch, {
    hostname,
    // The adapter could not make a Request of it (a backslash in the path, a bad Host header):
    // by default a bare 400 without a body or our headers.
    errorHandler: (error) => {
      const status = error instanceof RequestError ? 400 : 500;
      const requestId = handing && requestIdOf(handing);
      if (status === 500) log.error('unhandled error', { requestId, error });
      else log.info('malformed request', { requestId, status, reason: (error as Error).message });
      options.answeredApart?.(status, 'malformed');
      return new Response(
        JSON.stringify({
          status: String(status),
          message: status === 400 ? BAD_REQUEST_TARGET : 'Internal server error',
        } satisfies ErrorBody),
        { status, headers: [['Content-Type', 'application/json'], ...headers] },
      );
    },
  });
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    handing = request;
    try {
      void listener(request, response);
    } finally {
      handing = undefined;
    }
  };

  // Graceful shutdown: a response still being prepared when the server closes says
  // `Connection: close`, so its connection ends with it instead of idling in keep-alive (which
  // would hold the close back by up to keepAliveTimeout).
  let closing = false;
  const inFlight = new Map<ServerResponse, InFlight>();
  const shutDown = () => {
    closing = true;
    for (const response of inFlight.keys()) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
      else response.once('finish', () => setImmediate(() => server.closeIdleConnections()));
    }
    server.closeIdleConnections();
  };

  // A socket that has sent a request's headers (see the deadline in `limitConnections`).
  const spoken = new WeakSet<Duplex>();
  // The answer to the latest request each connection sent (see `clientErrorHandler`).
  const latest = new WeakMap<Duplex, ServerResponse>();
  const holdBody = createBodyBudget(options);
  const pipelining = limitPipelining(options);

  const serve = (request: IncomingMessage, response: ServerResponse) => {
    const started = performance.now();
    spoken.add(request.socket);
    latest.set(request.socket, response);
    if (!pipelining.admit(request, response, started)) return;
    // Before anything answers, so that every answer carries it, Node's own included.
    const requestId = assignRequestId(request);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    if (closing) response.setHeader('Connection', 'close');
    inFlight.set(response, { request, started });
    whenGone(request, response, () => inFlight.delete(response));
    if (!holdBody(request, response, requestId, started)) return;
    if (request.httpVersion === '1.1' && request.headers.host === undefined) {
      log.info('malformed request', { requestId, status: 400, reason: 'no Host header' });
      options.answeredApart?.(400, 'malformed');
      response.writeHead(400, [['Content-Type', 'application/json'], ...headers].flat());
      response.end(JSON.stringify({ status: '400', message: BAD_REQUEST_TARGET }));
      return;
    }
    if (pipelining.behind(request.socket)) {
      // Behind another answer on its connection: started a turn later, once Node has parsed the
      // rest of the packet. Were they a flood, the connection is gone by then and none of its
      // requests runs (running them was a quarter of what a flood cost).
      setImmediate(() => {
        if (!request.socket.destroyed) handle(request, response);
      });
      return;
    }
    handle(request, response);
  };

  server.on('request', serve);
  // An unknown Expect value: RFC 9110 lets a server ignore it rather than answer 417 (which Node
  // would do on its own, without our headers); the request is served as if it were absent.
  server.on('checkExpectation', serve);
  server.on(
    'clientError',
    clientErrorHandler(inFlight, options, (socket) => {
      const refusedAs = pipelining.refused(socket);
      if (refusedAs !== undefined) return { answered: 'told to close', requestId: refusedAs };
      const response = latest.get(socket);
      // Answered (a 413, a 503 for the body budget, a 401…) while its body was still arriving:
      // the error is about that body (it broke, or did not come in time).
      if (response?.writableEnded && !response.req.complete) {
        return { answered: 'before its body arrived', requestId: requestIdOf(response.req) };
      }
      return undefined;
    }),
  );
  // CONNECT asks for a tunnel, which this server is not: by default Node drops the connection.
  server.on('connect', (_request, socket: Duplex) => {
    const answer = rawErrorAnswer(headers, 404, 'No route CONNECT');
    log.info('malformed request', { requestId: answer.requestId, status: 404, method: 'CONNECT' });
    options.answeredApart?.(404, 'malformed');
    endWith(socket, answer.text);
  });
  limitConnections(server, spoken, options);
  closeStalledAnswers(server, options);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: hostname, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server: server, shutDown };
}

/** A request being served (see `serve` in `listen`): since when, for its log line. */
interface InFlight {
  request: IncomingMessage;
  started: number;
}

/**
 * At most PIPELINED_MAX requests waiting for their answers on one connection. `admit` is false
 * when the request is not to be served: the one past it is answered 429 (and its connection closed
 * after it) and logged, those after it are dropped (never answered, never logged), and the
 * connection reset should the client go on sending. `refused`: the id of that 429, the
 * connection's last answer, once it was given.
 */
function limitPipelining({ headers, log, answeredApart }: ListenOptions) {
  const waiting = new WeakMap<Duplex, number>();
  /** Connections told to close: the id of their 429, and how many requests they sent since. */
  const refused = new WeakMap<Duplex, { requestId: string; dropped: number }>();
  const admit = (request: IncomingMessage, response: ServerResponse, started: number): boolean => {
    const { socket } = request;
    const told = refused.get(socket);
    if (told !== undefined) {
      const dropped = told.dropped++;
      // Its 429 waits behind answers it does not read: each request it sends still costs Node's
      // parser a pair of objects, kept until the connection closes.
      if (dropped + 1 > PIPELINED_MAX) {
        // Reset: answers queued for a client that does not read would stay in the kernel's
        // buffers after a FIN. And each request destroyed here: Node parses the rest of the
        // packet all the same (~650 requests in 64 KiB), then on the socket's close aborts every
        // request still unanswered with an error whose stack it formats (source-mapped under
        // tsx), 20 µs each, most of what a flood cost; it skips those already destroyed.
        if (!socket.destroyed) socket.resetAndDestroy();
        request.destroy();
      }
      return false;
    }
    const count = waiting.get(socket) ?? 0;
    if (count >= PIPELINED_MAX) {
      const requestId = assignRequestId(request);
      refused.set(socket, { requestId, dropped: 0 });
      response.writeHead(
        429,
        [
          ['Content-Type', 'application/json'],
          ['Retry-After', '1'],
          ['Connection', 'close'],
          [REQUEST_ID_HEADER, requestId],
          ...headers,
        ].flat(),
      );
      response.end(JSON.stringify({ status: '429', message: TOO_DEEP } satisfies ErrorBody));
      // One line per refused connection: no more than one per request, as for any request.
      logAnsweredApart(
        log,
        request,
        { requestId, status: 429, started },
        { reason: 'pipelined past the cap' },
      );
      answeredApart?.(429, 'pipelined');
      return false;
    }
    waiting.set(socket, count + 1);
    response.once('close', () => waiting.set(socket, (waiting.get(socket) ?? 1) - 1));
    return true;
  };
  return {
    admit,
    refused: (socket: Duplex) => refused.get(socket)?.requestId,
    /** The connection has another request waiting for its answer, before this one. */
    behind: (socket: Duplex) => (waiting.get(socket) ?? 0) > 1,
  };
}

/**
 * Counts a request's body against PENDING_BODIES_MAX_BYTES until it has arrived (or the answer
 * is gone); false when there is no room, and it was answered 503.
 */
function createBodyBudget({ headers, trustProxy, log, answeredApart }: ListenOptions) {
  const pendingBodies = new Tally();
  let pendingBodiesTotal = 0;
  return (
    request: IncomingMessage,
    response: ServerResponse,
    requestId: string,
    started: number,
  ): boolean => {
    const declared = request.headers['content-length'];
    const chunked = request.headers['transfer-encoding'] !== undefined;
    if (!chunked && (declared === undefined || declared === '0')) return true;
    const bytes = Math.min(chunked ? BODY_MAX_BYTES : Number(declared) || 0, BODY_MAX_BYTES);
    const cost = bytes + REQUEST_OVERHEAD_BYTES;
    const address = requestAddress(request, trustProxy);
    if (
      pendingBodiesTotal + cost > PENDING_BODIES_MAX_BYTES ||
      pendingBodies.get(address) + cost > PENDING_BODIES_PER_ADDRESS_MAX_BYTES
    ) {
      // Answered at once, and the connection kept while the rest of the body is read and
      // dropped (Node does so for a kept-alive one), within the request deadline: closed, a
      // client reconnecting at once kept the server accepting and refusing thousands a second.
      response.writeHead(
        503,
        [
          ['Content-Type', 'application/json'],
          ['Retry-After', String(PENDING_BODIES_RETRY_AFTER_SECONDS)],
          ...headers,
        ].flat(),
      );
      response.end(JSON.stringify({ status: '503', message: BUSY_BODIES } satisfies ErrorBody));
      // One line per refusal, as for any request: a client gets no more lines than it sends.
      logAnsweredApart(
        log,
        request,
        { requestId, status: 503, started },
        { reason: 'request bodies over their memory bound' },
      );
      answeredApart?.(503, 'bodies');
      return false;
    }
    pendingBodiesTotal += cost;
    pendingBodies.add(address, cost);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      pendingBodiesTotal -= cost;
      pendingBodies.add(address, -cost);
    };
    request.once('end', release);
    whenGone(request, response, release);
    return true;
  };
}

/**
 * Node's parser refused the request (bad bytes, framing or size) or it timed out; by default Node
 * writes a bare status line. The packet is never logged: it may hold the Authorization header.
 * `answered` says why the connection has had its last answer already, if it has: then it is
 * closed without another (a 408 after a 413 would read as the answer to the next request).
 */
function clientErrorHandler(
  inFlight: Map<ServerResponse, InFlight>,
  { log, headers, timeouts, answeredApart }: ListenOptions,
  answered: (socket: Duplex) => { answered: string; requestId: string | undefined } | undefined,
) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const current = [...inFlight].filter(([response]) => response.socket === socket);
    // The broken bytes follow a request read in full and not yet answered (pipelined, or a body
    // sent without a length): its answer goes out first, then the connection closes. An Error
    // body written now would reach the client as the answer to that earlier request.
    if (current.length > 0 && current.every(([, { request }]) => request.complete)) {
      // The id of the connection's last answer: the one it closes after.
      const requestId = requestIdOf(current.at(-1)![1].request);
      log.info('malformed request', {
        requestId,
        code: error.code,
        answered: 'the request before it',
      });
      for (const [response] of current) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
        else response.once('finish', () => socket.end());
      }
      return;
    }
    // Otherwise they broke the body being read, which can never end: answer now, unless an
    // answer has begun (a second status line would corrupt it).
    if (current.some(([response]) => response.headersSent)) {
      socket.destroy();
      return;
    }
    const already = answered(socket);
    if (already !== undefined) {
      log.info('malformed request', {
        requestId: already.requestId,
        code: error.code,
        answered: already.answered,
      });
      endWith(socket, '');
      return;
    }
    // The request whose body broke or did not come in time, if its headers were read: the answer
    // is that request's (its id, its one log line, in place of the app's, which never goes out).
    const [, reading] = current.at(-1) ?? [];
    const requestId = reading && requestIdOf(reading.request);
    const answer = rawErrorAnswer(headers, ...clientErrorStatus(error.code, timeouts), requestId);
    if (reading && requestId !== undefined) {
      const { request, started } = reading;
      logAnsweredApart(
        log,
        request,
        { requestId, status: answer.status, started },
        { code: error.code },
      );
    } else {
      log.info('malformed request', {
        requestId: answer.requestId,
        status: answer.status,
        code: error.code,
      });
      answeredApart?.(answer.status, 'malformed');
    }
    endWith(socket, answer.text);
  };
}

/** What can be seen of a socket's unsent bytes, to tell whether the client takes any. */
interface Unsent {
  /** In the socket's buffer, including the write under way. */
  buffered: number;
  /** Of the write under way, what the kernel has not taken yet (libuv's write queue). */
  queued: number;
  /** Sweeps since either changed. */
  still: number;
}

/**
 * A client that sends requests and never reads the answers fills its receive window, then the
 * kernel's buffers (up to about 4 MB a connection on loopback), then the socket's: there Node held
 * the answers (up to PIPELINED_MAX of them) for good, as none of its timeouts covers an answer
 * being written. Every second (a quarter of the limit if shorter), each connection with bytes to
 * send is looked at; one whose client has taken none of them for `answerStallMs` (counted in
 * looks, so that a stalled event loop never counts against a client) is reset: an RST frees the
 * kernel's buffers at once, where after a FIN they stay queued to a peer that reads nothing. A
 * slow reader is not affected: the kernel takes more whenever it has sent a third of its buffer.
 */
function closeStalledAnswers(server: Server, { timeouts, log }: ListenOptions) {
  const stallMs = timeouts.answerStallMs ?? DEFAULT_TIMEOUTS.answerStallMs;
  const everyMs = Math.min(1_000, stallMs / 4);
  const looks = Math.ceil(stallMs / everyMs);
  const watched = new Map<Socket, Unsent | undefined>();
  server.on('connection', (socket: Socket) => {
    watched.set(socket, undefined);
    socket.once('close', () => watched.delete(socket));
  });
  const sweep = setInterval(() => {
    for (const [socket, seen] of watched) {
      const buffered = socket.writableLength;
      if (buffered === 0 || socket.destroyed) {
        if (seen) watched.set(socket, undefined);
        continue;
      }
      // Not in Node's types, but there since Node 12: what libuv has still to write.
      const queued =
        (socket as { _handle?: { writeQueueSize?: number } })._handle?.writeQueueSize ?? 0;
      if (!seen || seen.buffered !== buffered || seen.queued !== queued) {
        watched.set(socket, { buffered, queued, still: 0 });
      } else if (++seen.still >= looks) {
        log.info('connection reset', { reason: 'its answers are not read', unsent: buffered });
        watched.delete(socket);
        socket.resetAndDestroy();
      }
    }
  }, everyMs);
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}

/**
 * At most connectionsPerAddress open per address. Past it, a connection is held unread, with no
 * HTTP parser, for REFUSED_HOLD_MS, then answered 429 and closed: closed at once, a client
 * reconnecting as soon as it is closed would keep the server accepting and closing. A socket
 * that has not sent a request's headers by the deadline is answered 408 here too, should Node's
 * own sweep (once a second) run late.
 */
function limitConnections(
  server: Server,
  spoken: WeakSet<Duplex>,
  { headers, timeouts, trustProxy, connectionsPerAddress, log, answeredApart }: ListenOptions,
) {
  const connections = new Tally();
  const [serveConnection] = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? '');
    if (!trustProxy && connectionsPerAddress > 0) {
      if (connections.get(address) >= connectionsPerAddress) {
        refuseConnection(socket, address);
        return;
      }
      connections.add(address, 1);
      socket.once('close', () => connections.add(address, -1));
    }
    serveConnection!.call(server, socket);
    const deadline = setTimeout(() => {
      if (spoken.has(socket) || !socket.writable) return;
      const answer = rawErrorAnswer(
        headers,
        ...clientErrorStatus('ERR_HTTP_REQUEST_TIMEOUT', timeouts),
      );
      log.info('malformed request', {
        requestId: answer.requestId,
        status: answer.status,
        code: 'ERR_HTTP_REQUEST_TIMEOUT',
      });
      answeredApart?.(answer.status, 'malformed');
      endWith(socket, answer.text);
    }, timeouts.headersMs);
    deadline.unref();
    socket.once('close', () => clearTimeout(deadline));
  });

  const tooManyConnections = `Too many connections from this address: at most ${connectionsPerAddress} open at once`;
  function refuseConnection(socket: Socket, address: string) {
    socket.pause();
    socket.on('error', () => socket.destroy());
    // Spread over 1–3 s: refused together, they would come back together, a burst of connects
    // that could overflow the listen backlog.
    const holdMs = REFUSED_HOLD_MS * (0.5 + Math.random());
    const answer = setTimeout(() => {
      const retryAfter: [string, string] = ['Retry-After', String(REFUSED_HOLD_MS / 1000)];
      const refusal = rawErrorAnswer([retryAfter, ...headers], 429, tooManyConnections);
      // One line per refused connection (no more than one per request, as for any request).
      log.info('connection refused', {
        requestId: refusal.requestId,
        status: 429,
        address,
        reason: 'too many connections from this address',
      });
      answeredApart?.(429, 'connections');
      endWith(socket, refusal.text);
    }, holdMs);
    answer.unref();
    socket.once('close', () => clearTimeout(answer));
  }
}
