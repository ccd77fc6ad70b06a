/**
 * Generated requests to every /v1 route, mostly wrong, sent in-process, over HTTP and as raw bytes,
 * get only answers the API allows (never a 5xx), and a refused one writes nothing.
 */
/* eslint-disable vitest/no-conditional-expect -- what a probe must leave depends on its answer */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classListResponseSchema } from '#contract';
import {
  describeProbe,
  expectedStatuses,
  normalMethod,
  probe,
  rawProbe,
  requestInit,
  routeOf,
  type Probe,
} from './testing/bad-requests.ts';
import { invariantViolations, storedContent } from './testing/database.ts';
import { STANDARD_FIXTURES } from './testing/fixtures.ts';
import { exchange } from './testing/raw-http.ts';
import { startTestApp, type TestApp } from './testing/test-app.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

/** A few seconds in all on 2 busy cores (docs/decisions/009-test-suite-under-load.md). */
const APP_RUNS = 4000;
const HTTP_RUNS = 400;
const RAW_RUNS = 400;
/** A safety net for a hung request, not a timing assertion. */
const PROPERTY_TIMEOUT = 90_000;

/** What the API may answer a request Node's parser refuses, besides the API's own statuses. */
const RAW_STATUSES = [200, 400, 401, 404, 405, 413, 415, 431];

type HeaderOf = (name: string) => string | null | undefined;

function expectSecurityHeaders(header: HeaderOf, context: string) {
  const policy = header('content-security-policy') ?? '';
  expect(policy, context).toContain("frame-ancestors 'none'");
  expect(policy, context).toMatch(/script-src 'self'(;|$)/);
  expect(header('x-content-type-options'), context).toBe('nosniff');
  expect(header('referrer-policy'), context).toBe('no-referrer');
}

function expectErrorBody(body: unknown, status: number, context: string) {
  expect(body, context).toEqual({ status: String(status), message: expect.any(String) as unknown });
  const { message } = body as { message: string };
  expect(message, context).not.toBe('');
  expect(message, context).not.toMatch(/\n\s+at |node_modules|file:\/\/|\.ts:\d+/);
}

function parseJson(text: string, context: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`Not JSON: ${context}`);
  }
}

/** One answer to `p` against the oracle and the shape of its body. */
function expectAnswer(
  p: Probe,
  transport: 'app' | 'http',
  status: number,
  header: HeaderOf,
  text: string,
) {
  const context = `${describeProbe(p)}\n→ ${status} ${text.slice(0, 300)}`;
  expect(expectedStatuses(p, transport), context).toContain(status);
  expectSecurityHeaders(header, context);
  expect(header('content-type'), context).toMatch(/^application\/json\b/);
  if (normalMethod(p.method) === 'HEAD') {
    expect(text, context).toBe('');
    return;
  }
  const body = parseJson(text, context);
  if (status >= 400) {
    expectErrorBody(body, status, context);
    return;
  }
  const route = routeOf(p);
  if (route === 'list') classListResponseSchema.parse(body);
  else if (route === 'health') expect(body, context).toMatchObject({ status: 'ok' });
  else if (route === 'openapi') expect(body, context).toMatchObject({ openapi: '3.1.0' });
  else expect(body, context).toEqual({});
}

/** Counts answers by status, and the writes that succeeded. */
class Tally {
  readonly statuses = new Map<number, number>();
  writesAccepted = 0;
  add(p: Probe | undefined, status: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status === 200 && p && !['list', 'health', 'openapi'].includes(routeOf(p))) {
      this.writesAccepted++;
    }
  }
}

const errorsLogged = (lines: string[]) =>
  lines.filter((line) => (JSON.parse(line) as { level: string }).level === 'error');

describe('in-process, through app.request()', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ fixtures: STANDARD_FIXTURES });
  });
  afterAll(() => app.stop());

  it(
    `${APP_RUNS} generated requests: only documented answers, and refusals write nothing`,
    async () => {
      const tally = new Tally();
      await fc.assert(
        fc.asyncProperty(probe, async (p) => {
          const before = await storedContent(app.database);
          const response = await app.request(p.target, requestInit(p));
          const text = await response.text();
          expectAnswer(p, 'app', response.status, (name) => response.headers.get(name), text);
          if (response.status !== 200) {
            expect(
              await storedContent(app.database),
              `a refused request wrote: ${describeProbe(p)}`,
            ).toBe(before);
          }
          tally.add(p, response.status);
        }),
        { numRuns: APP_RUNS },
      );

      // The generators reach every documented answer, and real writes change the database
      // (about 100 of 4,000 are accepted writes, seldom under 75: 20 is a floor, not a mean).
      for (const status of [200, 400, 401, 404, 413, 415]) {
        expect(tally.statuses.get(status), `answers ${status}`).toBeGreaterThan(0);
      }
      expect(tally.writesAccepted).toBeGreaterThan(APP_RUNS / 200);
      expect(await invariantViolations(app.database)).toEqual([]);
      expect(errorsLogged(app.logLines)).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fixtures: STANDARD_FIXTURES });
  });
  afterAll(() => server.stop());

  it(
    `${HTTP_RUNS} generated requests through fetch: the node adapter answers the same`,
    async () => {
      const tally = new Tally();
      await fc.assert(
        fc.asyncProperty(probe, async (p) => {
          const before = await storedContent(server.database);
          const response = await fetch(`${server.url}${p.target}`, requestInit(p));
          const text = await response.text();
          expectAnswer(p, 'http', response.status, (name) => response.headers.get(name), text);
          if (response.status !== 200) {
            expect(
              await storedContent(server.database),
              `a refused request wrote: ${describeProbe(p)}`,
            ).toBe(before);
          }
          tally.add(p, response.status);
        }),
        { numRuns: HTTP_RUNS },
      );
      expect(tally.writesAccepted).toBeGreaterThan(0);
      expect(await invariantViolations(server.database)).toEqual([]);
      expect(errorsLogged(server.logLines)).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    `${RAW_RUNS} generated requests as raw bytes: broken framing, bytes and methods`,
    async () => {
      const tally = new Tally();
      await fc.assert(
        fc.asyncProperty(rawProbe, async (raw) => {
          const before = await storedContent(server.database);
          const answer = await exchange(server.port, raw.bytes, { head: raw.head });
          const context = `${JSON.stringify(raw.bytes.subarray(0, 400).toString('latin1'))}\n→ ${
            answer ? `${answer.status} ${answer.text.slice(0, 300)}` : 'closed without an answer'
          }`;
          expect(answer, context).toBeDefined();
          const { status, headers, text } = answer!;
          expect(RAW_STATUSES, context).toContain(status);
          expectSecurityHeaders((name) => headers[name], context);
          if (!raw.head) {
            expect(headers['content-type'], context).toMatch(/^application\/json\b/);
            const body = parseJson(text, context);
            if (status >= 400) expectErrorBody(body, status, context);
          }
          if (status !== 200)
            expect(
              await storedContent(server.database),
              `a refused request wrote: ${context}`,
            ).toBe(before);
          tally.add(undefined, status);
        }),
        { numRuns: RAW_RUNS },
      );
      for (const status of [200, 400, 401]) {
        expect(tally.statuses.get(status), `answers ${status}`).toBeGreaterThan(0);
      }
      expect(await invariantViolations(server.database)).toEqual([]);
      expect(errorsLogged(server.logLines)).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );
});
