/**
 * One Node process serving the API at /v1 and, when given a built console, the console itself:
 * compressed, with long-lived caching for hashed assets and an SPA fallback to index.html (not
 * for missing assets, which are 404s).
 *
 * Every answer carries the security headers: those Hono builds, and (http-server.ts) the few that
 * Node or the adapter write before Hono sees a request. The page's connect-src follows the
 * console's config.js (console-config.ts); the API answers CORS for CORS_ORIGINS (cors.ts).
 */
import type { HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { ADMISSION_DEFAULTS, type AdmissionLimits } from './admission.ts';
import { about, createApi, errorBody, type ApiOptions } from './app.ts';
import type { AuthFailureLimits } from './auth-failures.ts';
import { followConsoleApiOrigin, type ConsoleApiOrigin } from './console-config.ts';
import { corsFor, parseOrigin } from './cors.ts';
import { openCredentialsFile } from './credentials-file.ts';
import {
  followedBy,
  namedCredential,
  positionalCredentials,
  type CredentialEntry,
} from './credentials.ts';
import { openStore } from './store/open-store.ts';
import { DEFAULT_POOL_SIZE, type PostgresConfig } from './store/postgres-schema.ts';
import {
  CONNECTIONS_PER_ADDRESS_DEFAULT,
  DEFAULT_TIMEOUTS,
  listen,
  type Timeouts,
} from './http-server.ts';
import { createLogger, requestLog, type WarningLogger } from './log.ts';
import { createMetrics, serveMetrics } from './metrics.ts';
import { createReadiness, readinessGate, type Readiness } from './readiness.ts';
import { requestId } from './request-id.ts';
import { demoSize } from './seed.ts';
import { StoreUnavailableError, type Store } from './store/store.ts';

const API_PATH = /^\/v1(\/|$)/;

/**
 * Paths a scraper or a probe may be pointed at by mistake, and where the service answers them:
 * without this, the console's fallback answers them 200 with its page, so a wrong probe passes
 * for ever and a scraper fails far from the cause.
 */
const SERVED_ELSEWHERE: readonly [RegExp, string][] = [
  [/^\/metrics\/?$/, "metrics are served on their own port (METRICS_PORT), never on the API's"],
  [
    /^\/(healthz?|readyz?|livez?)\/?$/,
    'readiness is GET /v1/health, liveness GET /v1/live (no token needed)',
  ],
];

/** A 404 naming where the service answers what was asked on the wrong path or port. */
const servedElsewhere: MiddlewareHandler = async (c, next) => {
  const where = SERVED_ELSEWHERE.find(([pattern]) => pattern.test(c.req.path))?.[1];
  if (where === undefined) return next();
  return errorBody(c, 404, `No route ${c.req.method} ${c.req.path}: ${where}`);
};

/**
 * Files of the build that stay on the server: source maps (they hold the console's sources) and
 * dot-files such as `.vite/manifest.json` (build metadata). Tested on Hono's decoded path, so
 * `%2e` spellings are caught too.
 */
const NOT_SERVED = /(^|\/)\.|\.map$/i;

/**
 * The security headers, with the page allowed to call the API on `apiOrigin` when config.js puts
 * it on another site (console-config.ts); its own origin otherwise.
 */
const securityHeadersFor = (apiOrigin: string | undefined) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes its CSS variables into a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: apiOrigin === undefined ? ["'self'"] : ["'self'", apiOrigin],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    // Sent only where the browser came over HTTPS: strictTransportSecurity() below.
    strictTransportSecurity: false,
    // Nothing the console does needs a device, a sensor or payment: no page here may ask for one,
    // whatever script gets in. Only features Chromium knows: others cost a console warning each.
    permissionsPolicy: {
      accelerometer: false,
      autoplay: false,
      camera: false,
      displayCapture: false,
      geolocation: false,
      gyroscope: false,
      hid: false,
      magnetometer: false,
      microphone: false,
      midi: false,
      payment: false,
      publickeyCredentialsGet: false,
      screenWakeLock: false,
      serial: false,
      usb: false,
      xrSpatialTracking: false,
    },
  });

/**
 * The headers for each answer, with connect-src as config.js says now. The policy matters on the
 * page, and the page is never an API answer or a hashed asset: only the other requests (index.html,
 * config.js, the client-side routes) look at the file again, one stat each, and wait while an
 * edited file runs (console-config.ts).
 */
function securityHeaders(consoleApi: ConsoleApiOrigin | undefined): MiddlewareHandler {
  const byOrigin = new Map<string | undefined, MiddlewareHandler>();
  return async (c, next) => {
    const recheck = !API_PATH.test(c.req.path) && !c.req.path.startsWith('/assets/');
    const apiOrigin = recheck ? await consoleApi?.forPage() : consoleApi?.latest();
    let headers = byOrigin.get(apiOrigin);
    if (!headers) byOrigin.set(apiOrigin, (headers = securityHeadersFor(apiOrigin)));
    return headers(c, next);
  };
}

const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * Strict-Transport-Security on answers to HTTPS requests only: a TLS socket, or, with
 * `trustProxy`, a proxy's `X-Forwarded-Proto: https` (its first value: the client's side). Over
 * plain HTTP the header means nothing to a browser and misstates how the site is served. Not
 * the request URL's scheme: a client on plain HTTP may write an absolute `https://` target.
 */
function strictTransportSecurity(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // No env in-process (app.request()): no socket, so no TLS.
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const overTls = (incoming?.socket as TLSSocket | undefined)?.encrypted === true;
    const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    if (overTls || (trustProxy && forwarded === 'https')) {
      c.res.headers.set('Strict-Transport-Security', HSTS);
    }
  };
}

export interface AppOptions extends ApiOptions {
  /** The built console (`dist`); without it only the API is served. */
  staticDir?: string | undefined;
  /** Whether a proxy's `X-Forwarded-Proto` may be believed (TRUST_PROXY); false by default. */
  trustProxy?: boolean | undefined;
  /** Sites whose pages may call the API (CORS_ORIGINS), as exact origins; none by default. */
  corsOrigins?: readonly string[] | undefined;
}

/**
 * Everything the production server answers, as one Hono app: startServer puts it behind Node's
 * HTTP server, and tests may call it in-process with `app.request()`.
 */
export function createApp({
  staticDir,
  trustProxy = false,
  corsOrigins = [],
  ...api
}: AppOptions): Hono {
  const app = new Hono();
  if (api.metrics) app.use(api.metrics.middleware);
  app.use(requestId);
  app.use(requestLog(api.log));
  const consoleApi = staticDir
    ? followConsoleApiOrigin(path.join(staticDir, 'config.js'), api.log)
    : undefined;
  app.use(securityHeaders(consoleApi));
  app.use(strictTransportSecurity(trustProxy));
  // Before the token check: a preflight carries no token. Only on the API: the console's own
  // files are for its own origin.
  const allowOrigins = corsFor(corsOrigins);
  app.use((c, next) => (API_PATH.test(c.req.path) ? allowOrigins(c, next) : next()));
  // Before readiness: a misplaced probe gets the same 404 while the server starts.
  app.use(servedElsewhere);
  if (api.readiness) app.use(readinessGate(api.readiness));
  // The console's files are compressed; the API's JSON is not: a page of turmas is small, one
  // round trip either way, and compress() spent more CPU on it than answering it takes
  // (docs/decisions/004-api-performance.md).
  const compressFiles = compress();
  app.use((c, next) => (API_PATH.test(c.req.path) ? next() : compressFiles(c, next)));
  app.route('/', createApi({ ...api, trustProxy }));

  if (staticDir) {
    const root = staticDir;
    app.use('*', async (c, next) => {
      if (NOT_SERVED.test(c.req.path)) return c.notFound();
      await next();
    });
    app.use(
      '/assets/*',
      serveStatic({
        root,
        // A `.br` (or `.gz`) copy written at build time, when there is one and the browser takes
        // it: smaller than compress() makes per request (brotli at its slowest level), at no CPU
        // cost per request. Hashed assets only: a stale copy of config.js would hide its edits.
        precompressed: true,
        // File names carry a content hash: they never change, so browsers may keep them forever.
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    // A build's file that is not there (a tab opened before a deployment asking for a chunk the
    // new build no longer has) is a 404, not index.html: HTML answered as a script only fails
    // later, as a MIME-type error far from its cause.
    app.get('/assets/*', (c) => c.notFound());
    app.use(
      '*',
      serveStatic({
        root,
        // index.html and config.js name the current assets and settings: always revalidate.
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    );
    // Client-side routes: any other GET is the console's own page.
    app.get(
      '*',
      serveStatic({
        root,
        path: 'index.html',
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    );
  }
  // Outside /v1 too (a POST to the console's page, a hidden file, no console at all): the Error
  // body rather than Hono's text/plain defaults, and never a stack trace.
  app.notFound((c) => errorBody(c, 404, `No route ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    api.log.error('unhandled error', { ...about(c), error });
    return errorBody(c, 500, 'Internal server error');
  });
  return app;
}

export interface ServerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** SQLite's directory; also where main.ts keeps a generated token. */
  dataDir: string;
  /** DATABASE_URL and its pool: PostgreSQL instead of SQLite in dataDir. */
  postgres?: PostgresConfig | undefined;
  /** API_TOKENS: `write` credentials named `token-<n>` by position (credentials.ts). */
  tokens?: readonly string[] | undefined;
  /** The token main.ts keeps in DATA_DIR when API_TOKENS is unset: the `console-local` credential. */
  localToken?: string | undefined;
  /** More named credentials, with their roles (as a credentials file lists them). */
  credentials?: readonly CredentialEntry[] | undefined;
  /** TOKENS_FILE: named credentials with roles, followed while the server runs (credentials-file.ts). */
  tokensFile?: string | undefined;
  /** The built console (`dist`); without it only the API is served. */
  staticDir?: string;
  /** Demo turmas to seed when the database is new; 0 seeds none. */
  seedClasses?: number;
  log?: (line: string) => void;
  /** See AppOptions. */
  trustProxy?: boolean;
  /** How long a request may take to arrive; DEFAULT_TIMEOUTS unless a test needs it short. */
  timeouts?: Timeouts;
  /** Where clients reach this server (PUBLIC_URL), e.g. `https://turmas.example`. */
  publicUrl?: string | undefined;
  /** See AppOptions. */
  corsOrigins?: readonly string[];
  /** The roster extension (ApiOptions' `extensions`); on unless false (API_EXTENSIONS=off). */
  extensions?: boolean;
  /** ApiOptions' `admission` and `authFailures`: the defaults unless a benchmark or test sets them. */
  admission?: AdmissionLimits;
  authFailures?: AuthFailureLimits;
  /** Open connections per address (MAX_CONNECTIONS_PER_ADDRESS); 0 for no limit. */
  connectionsPerAddress?: number;
  /** GET /metrics on this port (METRICS_PORT; 0 picks one); no metrics without it. */
  metricsPort?: number | undefined;
  /** Where the metrics listen (METRICS_HOST); 127.0.0.1 by default. */
  metricsHost?: string | undefined;
  /** Told the address as soon as the server listens, before it is ready. */
  onListening?: (url: string) => void;
  /** How the store is opened: open-store.ts's, unless a test holds it back. */
  openStore?: typeof openStore;
  /**
   * Aborted to stop the start (main.ts: a SIGTERM before ready): it stops at its next step, or at
   * the next turn of an index's build on SQLite, closes what it opened (the store, the listener)
   * and rejects with StoppedWhileStarting.
   */
  stopStarting?: AbortSignal | undefined;
}

/** startServer's rejection once `stopStarting` was aborted: everything it opened is closed. */
export class StoppedWhileStarting extends Error {
  /** What the start was doing when it stopped, as /v1/health said it. */
  readonly step: string;

  constructor(step: string) {
    super(`Stopped while starting (${step})`);
    this.name = 'StoppedWhileStarting';
    this.step = step;
  }
}

/** The name of the credential of the token main.ts generates (audit entries, request log). */
export const LOCAL_CREDENTIAL = 'console-local';

/** The shortest token accepted (the one main.ts makes has 43 characters). */
export const TOKEN_LENGTH_MIN = 32;

export interface RunningServer {
  url: string;
  port: number;
  /** Where GET /metrics answers, when `metricsPort` was given. */
  metricsUrl?: string | undefined;
  /**
   * Reports not ready (/v1/health 503, draining) for `notReadyMs` while still serving, so that a
   * load balancer stops sending; then stops accepting connections, lets the requests in flight
   * finish (their connections then close instead of waiting for another request), and closes the
   * store once all have ended.
   */
  close(notReadyMs?: number): Promise<void>;
}

/**
 * Listens at once, answering 503 until the database is open, migrated and its indexes loaded
 * (readiness.ts); resolves once ready. A database that cannot be opened stops the server and
 * rejects.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const tokens = options.tokens ?? [];
  const local =
    options.localToken === undefined
      ? []
      : [namedCredential(LOCAL_CREDENTIAL, 'write', options.localToken)];
  const named = [...local, ...(options.credentials ?? [])];
  checkTokens(
    options.localToken === undefined ? tokens : [...tokens, options.localToken],
    named.length > 0 || options.tokensFile !== undefined,
  );
  // Before anything opens: a wrong origin stops the start with nothing to clean up.
  for (const origin of options.corsOrigins ?? []) parseOrigin(origin);
  const log = createLogger(options.log);
  const reserved = new Set(
    [...positionalCredentials(tokens), ...named].map(({ credential }) => credential.name),
  );
  const file =
    options.tokensFile === undefined
      ? undefined
      : await openCredentialsFile(options.tokensFile, reserved, log);
  const started = performance.now();
  const readiness = createReadiness('migrating the schema and loading the turma index');
  const late = lateStore();
  const students = options.extensions !== false;
  const metrics =
    options.metricsPort === undefined
      ? undefined
      : createMetrics(() => (late.opened() ? { store: late.store, students } : undefined));
  const app = createApp({
    store: late.store,
    tokens,
    credentials: followedBy(named, file?.entries),
    log,
    staticDir: options.staticDir,
    trustProxy: options.trustProxy,
    publicUrl: options.publicUrl,
    corsOrigins: options.corsOrigins,
    extensions: options.extensions,
    admission: admissionFor(options),
    authFailures: options.authFailures,
    readiness,
    metrics,
  });
  const host = options.host ?? '127.0.0.1';
  const { server, shutDown } = await listen(app, {
    port: options.port ?? 0,
    hostname: host,
    log,
    headers: await securityHeaderPairs(),
    timeouts: options.timeouts ?? DEFAULT_TIMEOUTS,
    trustProxy: options.trustProxy ?? false,
    connectionsPerAddress: options.connectionsPerAddress ?? CONNECTIONS_PER_ADDRESS_DEFAULT,
    answeredApart: metrics?.answeredApart,
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  log.info('listening', { url });
  options.onListening?.(url);
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      shutDown();
    });

  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  let store: Store;
  const { stopStarting } = options;
  try {
    stopStarting?.throwIfAborted();
    if (metrics) {
      const metricsHost = options.metricsHost ?? '127.0.0.1';
      metricsServer = await serveMetrics(metrics, {
        port: options.metricsPort!,
        host: metricsHost,
      });
      log.info('metrics', { url: `${metricsServer.url}/metrics` });
    }
    store = await openAndLoad(options, log, readiness);
  } catch (error) {
    metricsServer?.server.close();
    file?.close();
    await stopListening();
    // Its own reason only: any other failure (the store's close among them) is said as it is.
    if (stopStarting?.aborted && error === stopStarting.reason) {
      throw new StoppedWhileStarting(
        (readiness.notReady() ?? 'starting').replace(/^starting: /, ''),
      );
    }
    throw error;
  }
  late.open(store);
  readiness.ready();
  log.info('ready', { ms: Math.round(performance.now() - started) });

  return {
    url,
    port,
    metricsUrl: metricsServer && `${metricsServer.url}/metrics`,
    async close(notReadyMs = 0) {
      readiness.draining();
      file?.close();
      if (notReadyMs > 0) {
        log.info('draining', { notReadyMs });
        await new Promise((resolve) => setTimeout(resolve, notReadyMs));
      }
      metricsServer?.server.close();
      await stopListening();
      await store.close();
    },
  };
}

/** Refuses tokens that could never arrive in a header, or could be guessed. */
function checkTokens(tokens: readonly string[], namedCredentials: boolean) {
  if (tokens.length === 0 && !namedCredentials) {
    throw new Error('At least one API token (or TOKENS_FILE) is required');
  }
  // RFC 6750's token68 alphabet: any other character could never arrive in a valid header,
  // so such a token would lock everyone out without saying why.
  const unusable = tokens.filter((token) => !/^[A-Za-z0-9._~+/-]+=*$/.test(token));
  if (unusable.length > 0) {
    throw new Error(
      `${unusable.length} API token(s) use characters a bearer token cannot carry: ` +
        'use letters, digits and . _ ~ + / - (with = only at the end)',
    );
  }
  // A short token can be guessed: at ~1,300 guesses a second, 8 random characters fall in weeks.
  const short = tokens.filter((token) => token.length < TOKEN_LENGTH_MIN);
  if (short.length > 0) {
    throw new Error(
      `API_TOKENS: ${short.length} token(s) are shorter than ${TOKEN_LENGTH_MIN} characters; ` +
        'use long random ones (`openssl rand -base64 32`), or leave API_TOKENS unset to have one made',
    );
  }
}

/**
 * Opens (migrates, seeds) the store and loads its indexes, saying which in `readiness`. Once
 * `stopStarting` is aborted it stops at the next step (an open under way ends first), closes the
 * store and rejects with the signal's reason.
 */
async function openAndLoad(options: ServerOptions, log: WarningLogger, readiness: Readiness) {
  const stop = options.stopStarting;
  const seedClasses = options.seedClasses ?? 0;
  const { store, engine, created, migratedFrom } = await (options.openStore ?? openStore)(
    { dataDir: options.dataDir, postgres: options.postgres },
    log,
    seedClasses > 0 ? demoSize(seedClasses) : undefined,
  );
  if (migratedFrom) log.info('migrated the database schema', { fromVersion: migratedFrom });
  if (created && seedClasses > 0) log.info('seeded demo data', { classes: seedClasses });
  log.info('database open', { database: engine });
  try {
    stop?.throwIfAborted();
    await store.load('turmas', stop);
    // Seconds at 200,000 students, which the first search would otherwise wait. Only with the
    // extension, which is all that uses it (decision 015).
    if (options.extensions !== false) {
      readiness.starting('loading the student index');
      await store.load('students', stop);
    }
    // Last: from here to `ready` nothing waits, so a stop asked for later finds the server ready.
    stop?.throwIfAborted();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * The store the app is built with before the database is open: the readiness gate keeps every
 * request from it until then, so a call before `open` is a 503 only in theory.
 */
function lateStore() {
  let target: Store | undefined;
  const store = new Proxy({} as Store, {
    get:
      (_object, name: keyof Store) =>
      (...args: unknown[]) =>
        target
          ? (target[name] as (...args: unknown[]) => Promise<unknown>)(...args)
          : Promise.reject(new StoreUnavailableError('the database is not open yet')),
  });
  return { store, opened: () => target !== undefined, open: (opened: Store) => (target = opened) };
}

/**
 * The admission limits; on PostgreSQL fewer requests run at once than the pool has connections,
 * so that /v1/health, which is not admitted, always finds one.
 */
function admissionFor({
  admission = ADMISSION_DEFAULTS,
  postgres,
}: ServerOptions): AdmissionLimits {
  if (!postgres) return admission;
  const spare = Math.max(1, (postgres.poolSize ?? DEFAULT_POOL_SIZE) - 2);
  return { ...admission, running: Math.min(admission.running, spare) };
}

/** The security headers as name/value pairs, for answers Node writes without Hono. */
async function securityHeaderPairs(): Promise<[string, string][]> {
  const probe = new Hono().use(securityHeadersFor(undefined)).get('*', (c) => c.body(null));
  return [...(await probe.request('/')).headers];
}
