/**
 * Node's HTTP server around the app, for what reaches Node but not Hono: a request line, header,
 * URL or Host that Node's parser or the adapter refuse, CONNECT, an unknown Expect, and a graceful
 * shutdown. Node and @hono/node-server answer those by default with a bare status line or an
 * empty 400, without the Error body and without the security headers; here they get both.
 */
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '#contract';
import type { Logger } from './log.ts';

const BAD_REQUEST_TARGET = 'Malformed request URL or Host header';

/** An Error body answer, with the security headers, as bytes for a bare socket. */
function rawErrorAnswer(headers: [string, string][], status: number, message: string): string {
  const body = JSON.stringify({ status: String(status), message } satisfies ErrorBody);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
    '',
    body,
  ].join('\r\n');
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
}

/** The limits and their reasons: docs/decisions/007-server-reliability-and-security.md. */
export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 10_000, requestMs: 30_000 };

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
}

/** Serves `app` on Node's HTTP server; `shutDown` is for RunningServer.close, after server.close. */
export async function listen(app: Hono, { port, hostname, log, headers, timeouts }: ListenOptions) {
  const server = createServer({
    // Node answers an HTTP/1.1 request without Host itself (a bare 400); ours says so below.
    requireHostHeader: false,
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    // Node enforces both only when it sweeps its connections: sweep often enough that a limit
    // holds to within a second (or a quarter of a test's short limit).
    connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs / 4),
  });

  const handle = getRequestListener(app.fetch, {
    hostname,
    // The adapter could not make a Request of it (a backslash in the path, a bad Host header):
    // by default a bare 400 without a body or our headers.
    errorHandler: (error) => {
      const status = error instanceof RequestError ? 400 : 500;
      if (status === 500) log.error('unhandled error', { error });
      else log.info('malformed request', { status, reason: (error as Error).message });
      return new Response(
        JSON.stringify({
          status: String(status),
          message: status === 400 ? BAD_REQUEST_TARGET : 'Internal server error',
        } satisfies ErrorBody),
        { status, headers: [['Content-Type', 'application/json'], ...headers] },
      );
    },
  });

  // Graceful shutdown: a response still being prepared when the server closes says
  // `Connection: close`, so its connection ends with it instead of idling in keep-alive (which
  // would hold the close back by up to keepAliveTimeout).
  let closing = false;
  const inFlight = new Map<ServerResponse, IncomingMessage>();
  const shutDown = () => {
    closing = true;
    for (const response of inFlight.keys()) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
      else response.once('finish', () => setImmediate(() => server.closeIdleConnections()));
    }
    server.closeIdleConnections();
  };

  const serve = (request: IncomingMessage, response: ServerResponse) => {
    if (closing) response.setHeader('Connection', 'close');
    inFlight.set(response, request);
    response.once('close', () => inFlight.delete(response));
    if (request.httpVersion === '1.1' && request.headers.host === undefined) {
      log.info('malformed request', { status: 400, reason: 'no Host header' });
      response.writeHead(400, [['Content-Type', 'application/json'], ...headers].flat());
      response.end(JSON.stringify({ status: '400', message: BAD_REQUEST_TARGET }));
      return;
    }
    void handle(request, response);
  };
  server.on('request', serve);
  // An unknown Expect value: RFC 9110 lets a server ignore it rather than answer 417 (which Node
  // would do on its own, without our headers); the request is served as if it were absent.
  server.on('checkExpectation', serve);
  // Node's parser refused the request (bad bytes, framing or size); by default it writes a bare
  // status line. The packet is never logged: it may hold the Authorization header.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const current = [...inFlight].filter(([response]) => response.socket === socket);
    // The broken bytes follow a request read in full and not yet answered (pipelined, or a body
    // sent without a length): its answer goes out first, then the connection closes. An Error
    // body written now would reach the client as the answer to that earlier request.
    if (current.length > 0 && current.every(([, request]) => request.complete)) {
      log.info('malformed request', { code: error.code, answered: 'the request before it' });
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
    const [status, message] = clientErrorStatus(error.code, timeouts);
    log.info('malformed request', { status, code: error.code });
    endWith(socket, rawErrorAnswer(headers, status, message));
  });
  // CONNECT asks for a tunnel, which this server is not: by default Node drops the connection.
  server.on('connect', (_request, socket: Duplex) => {
    log.info('malformed request', { status: 404, method: 'CONNECT' });
    endWith(socket, rawErrorAnswer(headers, 404, 'No route CONNECT'));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server: server, shutDown };
}
