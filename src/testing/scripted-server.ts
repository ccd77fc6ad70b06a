/**
 * A real HTTP server on 127.0.0.1 whose answers each test scripts, for testing the fetch layer
 * against real sockets (timeouts, dropped connections, HTML error pages) rather than a mock of
 * `fetch`. Every request is recorded, so a test can assert exactly what went over the wire.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as they arrived, e.g. '/v1/classe?page=2'. */
  rawUrl: string;
  pathname: string;
  searchParams: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers the request; may also leave it hanging or destroy the socket. */
export type ScriptedHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface ScriptedServer {
  /** e.g. 'http://127.0.0.1:41234' */
  origin: string;
  requests: RecordedRequest[];
  /** Sets how the server answers from now on. */
  handle(handler: ScriptedHandler): void;
  /** Forgets the recorded requests and the handler, and drops answers left hanging. */
  reset(): void;
  close(): Promise<void>;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

export function sendText(
  response: ServerResponse,
  status: number,
  body: string,
  contentType = 'text/html; charset=utf-8',
): void {
  response.writeHead(status, { 'Content-Type': contentType });
  response.end(body);
}

/** An unscripted request must fail the test that made it, with a message saying why. */
const unscripted: ScriptedHandler = (request, response) =>
  sendJson(response, 599, {
    status: '599',
    message: `No answer scripted for ${request.method} ${request.rawUrl}`,
  });

export async function startScriptedServer(): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  let handler = unscripted;
  // Only hanging answers are dropped between tests: closing idle keep-alive sockets would race
  // with the client reusing them and fail the next test with "other side closed".
  const unanswered = new Set<ServerResponse>();

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawUrl = incoming.url ?? '/';
      const url = new URL(rawUrl, 'http://scripted.invalid');
      const request: RecordedRequest = {
        method: incoming.method ?? '',
        rawUrl,
        pathname: url.pathname,
        searchParams: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      unanswered.add(response);
      response.on('close', () => unanswered.delete(response));
      handler(request, response);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    reset() {
      requests.length = 0;
      handler = unscripted;
      for (const response of unanswered) response.socket?.destroy();
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** An address on which nothing listens: a port the system just handed out and took back. */
export async function unusedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
