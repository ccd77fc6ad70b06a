/**
 * The Prometheus metrics (decision 018), served on a port of their own (METRICS_PORT, bound to
 * localhost by default): never on the API's port, where anyone with an address could read them.
 * Series are labelled by route template (`/v1/classe/:id/students`), method and status, never by
 * a raw path, id, e-mail or query, so their number stays bounded whatever clients send.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ApartReason } from './http-server.ts';
import { statusSent } from './log.ts';
import type { ModelTimes } from './store/read-model.ts';
import type { Store, StoreStats } from './store/store.ts';
import { waitAtMost } from './wait-at-most.ts';

type Labels = Record<'method' | 'route' | 'status', string>;

/** Methods Node's parser takes besides these are labelled `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS']);

/** Seconds: the API answers in 0.1–30 ms; the tail matters up to the console's 15 s timeout. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

export interface Metrics {
  registry: Registry;
  /** Counts and times each request; first among the app's middleware. */
  middleware: MiddlewareHandler;
  /** A request refused by admission control (admission.ts): 429 per client, 503 in all. */
  refused(status: 429 | 503): void;
  /** An answer the HTTP server wrote without the app (http-server.ts), which `middleware` never sees. */
  // A property: handed to listen() unbound.
  answeredApart: (status: number, reason: ApartReason) => void;
}

/** The store's figures, read when scraped. */
export interface StoreGauges {
  store: Store;
  /** Whether the student index is loaded (the roster extension is on). */
  students: boolean;
}

export function createMetrics(gauges?: () => StoreGauges | undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  // Counted in plain numbers per request and handed to prom-client when scraped: its own
  // inc() hashes the label object at every call, a cost measured per request (decision 018).
  const children = new Map<
    string,
    { labels: Labels; count: number; time: Histogram.Internal<string> }
  >();
  let inFlight = 0;
  new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of children.values()) this.inc(labels, count);
    },
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer, by method, route template and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests received and not yet answered.',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });
  const refusals = new Counter({
    name: 'http_requests_refused_total',
    help: 'Requests refused by admission control: 429 (a client at its limit), 503 (all in flight).',
    labelNames: ['status'],
    registers: [registry],
  });
  const apart = new Counter({
    name: 'http_requests_answered_apart_total',
    help:
      'Answers the HTTP server wrote before the app, by status and reason: malformed (400, 404, ' +
      '408), pipelined (429 past 16 on a connection), bodies (503 over their memory bound), ' +
      'connections (429 past the cap per address).',
    labelNames: ['status', 'reason'],
    registers: [registry],
  });
  registerStoreGauges(registry, gauges);

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
      const method = METHODS.has(c.req.method) ? c.req.method : 'other';
      const route = routeTemplate(c);
      // What the client got: a 408 Node's server wrote for a late body, not the app's 400.
      const status = statusSent(c);
      const key = `${method} ${route} ${status}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method, route, status: String(status) };
        child = { labels, count: 0, time: durations.labels(labels) };
        children.set(key, child);
      }
      child.count++;
      child.time.observe((performance.now() - started) / 1000);
    }
  };
  return {
    registry,
    middleware,
    refused: (status) => refusals.inc({ status: String(status) }),
    answeredApart: (status, reason) => apart.inc({ status: String(status), reason }),
  };
}

/**
 * The route template a request was for: its handler's, also when a middleware answered first
 * (a 401, a 429, a 503 while starting), so that a route's errors are counted as its own; the
 * answering middleware's (`/*`) only when no handler matches.
 */
function routeTemplate(c: Context): string {
  return matchedRoutes(c).find((route) => route.method !== 'ALL')?.path ?? routePath(c);
}

type IndexName = keyof StoreStats['indexes'];

/**
 * The catch-ups a scrape's own reads made (turmas_index_entries reads through the indexes, which
 * catch up first): the refreshed gauge reports the time the requests' reads left instead, so that
 * an idle server's stands still and an index no request has read shows its age. A load is never
 * hidden: it moves loadedAt too.
 */
class ScrapeCatchUps {
  private readonly own = new Map<IndexName, { at: number; shown: number | undefined }>();

  /** Runs a scrape's read of `index`, noting a catch-up it made. */
  async read<T>(times: () => ModelTimes, index: IndexName, run: () => Promise<T>): Promise<T> {
    // Copied: the store hands over its models' own fields, which the read moves.
    const { loadedAt, refreshedAt } = times();
    const shown = this.refreshedAt({ loadedAt, refreshedAt }, index);
    try {
      return await run();
    } finally {
      const after = times();
      if (after.refreshedAt !== refreshedAt) {
        if (after.refreshedAt !== undefined && after.loadedAt === loadedAt) {
          this.own.set(index, { at: after.refreshedAt, shown });
        } else {
          this.own.delete(index);
        }
      }
    }
  }

  /** When `index` last caught up for a request (or loaded), leaving out the scrapes' own. */
  refreshedAt(times: ModelTimes, index: IndexName): number | undefined {
    const own = this.own.get(index);
    return own && times.refreshedAt === own.at ? own.shown : times.refreshedAt;
  }
}

/** The indexes' sizes and SQLite's write lock, asked of the store at each scrape. */
function registerStoreGauges(registry: Registry, gauges?: () => StoreGauges | undefined) {
  const catchUps = new ScrapeCatchUps();
  // First: a scrape collects all at once, and the pool must be read before the queries below.
  registerStoreStats(registry, gauges, catchUps);
  new Gauge({
    name: 'turmas_index_entries',
    help: 'Entries in the in-memory indexes: turmas (the list) and students (the search).',
    labelNames: ['index'],
    registers: [registry],
    async collect() {
      const source = gauges?.();
      if (!source) return;
      this.reset();
      const { store } = source;
      const read = <T>(index: IndexName, run: () => Promise<T>) =>
        within(catchUps.read(() => store.stats().indexes[index], index, run));
      // Side by side: one after the other, a database that does not answer held a scrape 2 s.
      await Promise.all([
        read('turmas', () => store.listClasses({ page: 1, pageSize: 1 })).then(
          (list) => list && this.set({ index: 'turmas' }, list.totalRecords),
          ignore,
        ),
        source.students &&
          read('students', () => store.searchStudents({ page: 1, pageSize: 1 })).then(
            (search) => search && this.set({ index: 'students' }, search.totalRecords),
            ignore,
          ),
      ]);
    },
  });
  const lock = new Gauge({
    name: 'sqlite_write_lock',
    help: "SQLite's write lock: held by another connection (1 or 0), and writes waiting for it.",
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const source = gauges?.();
      if (!source) return;
      const health = await within(source.store.check()).catch(ignore);
      if (!health?.writeLock) return;
      lock.set({ state: 'held' }, health.writeLock.held ? 1 : 0);
      lock.set({ state: 'writes_waiting' }, health.writeLock.writesWaiting);
    },
  });
}

/** The figures the store keeps in memory (Store.stats): read at a scrape, never per request. */
function registerStoreStats(
  registry: Registry,
  gauges: (() => StoreGauges | undefined) | undefined,
  catchUps: ScrapeCatchUps,
) {
  const stats = () => gauges?.()?.store.stats();
  new Gauge({
    name: 'db_pool',
    help:
      "PostgreSQL's connection pool: connections lent out (in_use) and idle, its size (max), " +
      'and calls waiting for a connection (waiting).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = stats()?.pool;
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'max' }, pool.max);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Counter({
    name: 'sqlite_busy_waits_total',
    help: "Reads and writes that found SQLite's database busy (another connection's lock) and waited.",
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const waits = stats()?.busyWaits;
      if (!waits) return;
      this.reset();
      this.inc({ kind: 'read' }, waits.reads);
      this.inc({ kind: 'write' }, waits.writes);
    },
  });
  const times = (
    name: string,
    help: string,
    at: (model: ModelTimes, index: IndexName) => unknown,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['index'],
      registers: [registry],
      collect() {
        const indexes = stats()?.indexes;
        if (!indexes) return;
        for (const index of Object.keys(indexes) as IndexName[]) {
          const time = at(indexes[index], index);
          if (typeof time === 'number') this.set({ index }, time / 1000);
        }
      },
    });
  times(
    'turmas_index_loaded_timestamp_seconds',
    'When each in-memory index (turmas, students) was last loaded whole from the database.',
    (model) => model.loadedAt,
  );
  times(
    'turmas_index_refreshed_timestamp_seconds',
    'When each in-memory index last caught up with the database for a request (a load or the ' +
      "changes since; a scrape's own reads left out).",
    (model, index) => catchUps.refreshedAt(model, index),
  );
}

/** A scrape must not fail because the database is away: those gauges are left out then. */
const ignore = () => undefined;

/** How long a scrape waits for the database, whose pool may be all taken (then most worth seeing). */
const SCRAPE_WAIT_MS = 1_000;

/** `answer`, or undefined once SCRAPE_WAIT_MS have gone by. */
const within = <T>(answer: Promise<T>) => waitAtMost(answer, SCRAPE_WAIT_MS);

/** GET /metrics on `host:port`, nothing else. */
export async function serveMetrics(
  metrics: Metrics,
  { port, host }: { port: number; host: string },
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (error: unknown) =>
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`, server };
}
