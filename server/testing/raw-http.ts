/**
 * HTTP/1.1 spoken byte by byte over a bare TCP socket: for what fetch will not send (bad bytes,
 * broken framing, odd methods, a body held back) and to see every header the server writes.
 * Answers to the requests it can frame are checked against the served OpenAPI document.
 */
import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';
import {
  expectConformingAnswer,
  fetchServedDocument,
  useServedDocument,
} from './openapi-conformance.ts';

export interface RawAnswer {
  status: number;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');

interface RequestLine {
  method: string;
  target: string;
}

const REQUEST_LINE = /^(\S+) (\S+) HTTP\/\d/;

/**
 * The request lines of the bytes written to a connection, in order, so that each answer can be
 * checked against the operation it answers. Bodies are skipped by their Content-Length; after
 * framing it cannot follow (chunked, conflicting, a line that is not a request) it stops: later
 * answers go unchecked rather than matched to the wrong request.
 */
class SentRequests {
  #pending = Buffer.alloc(0);
  /** Body bytes still to skip before the next request head. */
  #bodyLeft = 0;
  #lost = false;
  readonly #lines: RequestLine[] = [];

  add(bytes: Buffer): void {
    if (this.#lost) return;
    this.#pending = Buffer.concat([this.#pending, bytes]);
    for (;;) {
      const skipped = Math.min(this.#bodyLeft, this.#pending.length);
      this.#pending = this.#pending.subarray(skipped);
      this.#bodyLeft -= skipped;
      const end = this.#pending.indexOf(HEAD_END);
      if (this.#bodyLeft > 0 || end === -1) return;
      const [requestLine = '', ...headers] = this.#pending
        .subarray(0, end)
        .toString('latin1')
        .split('\r\n');
      this.#pending = this.#pending.subarray(end + HEAD_END.length);
      const parsed = REQUEST_LINE.exec(requestLine);
      if (!parsed) {
        this.#lost = true;
        return;
      }
      this.#lines.push({ method: parsed[1]!, target: parsed[2]! });
      const lengths = headers.filter((line) => /^content-length:/i.test(line));
      const length = /^content-length:\s*(\d+)\s*$/i.exec(lengths[0] ?? '')?.[1];
      if (
        lengths.length > 1 ||
        (lengths.length === 1 && length === undefined) ||
        headers.some((line) => /^transfer-encoding:/i.test(line))
      ) {
        this.#lost = true;
        return;
      }
      this.#bodyLeft = Number(length ?? 0);
    }
  }

  /**
   * The request the next answer is for, if known: a whole head sent, or else a request line whose
   * headers have not all arrived (a 408 or 431 answers those).
   */
  next(): RequestLine | undefined {
    const whole = this.#lines.shift();
    if (whole || this.#lost || this.#bodyLeft > 0) return whole;
    const lineEnd = this.#pending.indexOf('\r\n');
    const partial = REQUEST_LINE.exec(this.#pending.subarray(0, lineEnd).toString('latin1'));
    if (lineEnd === -1 || !partial) return undefined;
    this.#lost = true; // what follows it is unknown
    return { method: partial[1]!, target: partial[2]! };
  }
}

/** The served document for the server on `port`, loaded before anything is sent to it. */
async function loadDocument(port: number, host: string): Promise<void> {
  // A server that is not there: opening the connection reports it.
  await useServedDocument(() => fetchServedDocument(`http://${host}:${port}`)).catch(() => {});
}

async function checkAnswer(
  origin: string,
  request: RequestLine | undefined,
  answer: RawAnswer,
  head: boolean,
): Promise<void> {
  if (!request) return;
  await expectConformingAnswer(origin, {
    ...request,
    status: answer.status,
    contentType: answer.headers['content-type'],
    text: head ? undefined : answer.text,
  });
}

/** One connection; answers are read in order as they arrive. */
export class RawConnection {
  readonly #socket: Socket;
  readonly #origin: string;
  readonly #sent = new SentRequests();
  #received = Buffer.alloc(0);
  #ended = false;
  #error: Error | undefined;
  #wake: (() => void) | undefined;
  /** Statuses of the interim (1xx) answers read so far, such as 100 Continue. */
  readonly interim: number[] = [];

  private constructor(socket: Socket, origin: string) {
    this.#socket = socket;
    this.#origin = origin;
    socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
      this.#wake?.();
    });
    // A reset after the answer was read is no news; before, `nextAnswer` reports it.
    socket.on('error', (error) => {
      this.#error = error;
      this.#wake?.();
    });
    socket.on('close', () => {
      this.#ended = true;
      this.#wake?.();
    });
  }

  /** `localAddress`: the address to connect from (any of 127.0.0.0/8 on Linux's loopback). */
  static async open(
    port: number,
    host = '127.0.0.1',
    localAddress?: string,
  ): Promise<RawConnection> {
    await loadDocument(port, host);
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host, localAddress });
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket, `http://${host}:${port}`));
      });
      socket.once('error', reject);
    });
  }

  write(bytes: string | Uint8Array): void {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
    this.#sent.add(buffer);
    this.#socket.write(buffer);
  }

  /** Resolves once the server has closed (or reset) the connection. */
  async closed(): Promise<void> {
    while (!this.#ended) await this.#more();
  }

  /**
   * The next final answer, after any 1xx; undefined when the connection closes without one.
   * `head`: the answer to a HEAD request, which has headers but no body.
   */
  async nextAnswer({ head = false } = {}): Promise<RawAnswer | undefined> {
    for (;;) {
      const answer = this.#parse(head);
      if (answer === 'interim') continue;
      if (answer) {
        await checkAnswer(this.#origin, this.#sent.next(), answer, head);
        return answer;
      }
      if (this.#ended || this.#error) return undefined;
      await this.#more();
    }
  }

  /** Resolves when the next interim answer (such as 100 Continue) has arrived. */
  async nextInterim(): Promise<number> {
    for (;;) {
      const status = this.#statusAtFront();
      if (status !== undefined && status >= 200) throw new Error(`A ${status} came, not a 1xx`);
      if (status !== undefined) {
        this.#parse(false);
        return status;
      }
      if (this.#ended) throw new Error('The connection closed before an interim answer');
      await this.#more();
    }
  }

  /** Ends the sending side (a FIN), as a client done sending; answers are still read. */
  end(): void {
    this.#socket.end();
  }

  destroy(): void {
    this.#socket.destroy();
  }

  #more(): Promise<void> {
    return new Promise((resolve) => (this.#wake = resolve));
  }

  #statusAtFront(): number | undefined {
    if (this.#received.indexOf(HEAD_END) === -1) return undefined;
    return Number(/^HTTP\/1\.[01] (\d{3})/.exec(this.#received.toString('latin1', 0, 16))?.[1]);
  }

  /** One answer off the front of what was received: 'interim' for a 1xx, undefined if partial. */
  #parse(head: boolean): RawAnswer | 'interim' | undefined {
    const headEnd = this.#received.indexOf(HEAD_END);
    if (headEnd === -1) return undefined;
    const [statusLine = '', ...lines] = this.#received
      .subarray(0, headEnd)
      .toString('latin1')
      .split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) throw new Error(`Not an HTTP status line: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const rest = this.#received.subarray(headEnd + HEAD_END.length);
    if (status < 200) {
      this.interim.push(status);
      this.#received = rest;
      return 'interim';
    }
    const framed =
      head || status === 204 || status === 304
        ? { body: Buffer.alloc(0), used: 0 }
        : frame(headers, rest, this.#ended);
    if (!framed) return undefined;
    this.#received = rest.subarray(framed.used);
    return { status, headers, body: framed.body, text: framed.body.toString('utf8') };
  }
}

/** The body at the front of `bytes` as the headers frame it; undefined until all of it arrived. */
function frame(
  headers: Record<string, string>,
  bytes: Buffer,
  ended: boolean,
): { body: Buffer; used: number } | undefined {
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = bytes.indexOf('\r\n', at);
      if (lineEnd === -1) return undefined;
      const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
      if (size === 0) {
        const end = bytes.indexOf(HEAD_END, lineEnd);
        return end === -1 ? undefined : { body: Buffer.concat(chunks), used: end + 4 };
      }
      const start = lineEnd + 2;
      if (bytes.length < start + size + 2) return undefined;
      chunks.push(bytes.subarray(start, start + size));
      at = start + size + 2;
    }
  }
  const length = headers['content-length'];
  if (length !== undefined) {
    const size = Number(length);
    return bytes.length < size ? undefined : { body: bytes.subarray(0, size), used: size };
  }
  // Neither: the body runs until the server closes the connection.
  return ended ? { body: bytes, used: bytes.length } : undefined;
}

/**
 * Sends `bytes` on a new connection and reads one answer; undefined if it closed without one.
 * The answer is checked against the served OpenAPI document.
 */
export async function exchange(
  port: number,
  bytes: string | Uint8Array,
  options: { head?: boolean } = {},
): Promise<RawAnswer | undefined> {
  const connection = await RawConnection.open(port);
  try {
    connection.write(bytes);
    return await connection.nextAnswer(options);
  } finally {
    connection.destroy();
  }
}

/** An Error body of exactly this status and message, as JSON, with the security headers. */
export function expectRawError(answer: RawAnswer | undefined, status: number, message: string) {
  expect(answer, 'the connection closed without an answer').toBeDefined();
  expect({ status: answer!.status, body: JSON.parse(answer!.text) as unknown }).toEqual({
    status,
    body: { status: String(status), message },
  });
  expect(answer!.headers['content-type']).toMatch(/^application\/json\b/);
  expect(answer!.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer!.headers['x-content-type-options']).toBe('nosniff');
  expect(answer!.headers['referrer-policy']).toBe('no-referrer');
}
