/**
 * `npm start`: the production server. Configuration comes from the environment:
 * PORT (3000), HOST (0.0.0.0), API_TOKENS (comma-separated), TOKENS_FILE (none: named credentials),
 * DATA_DIR (./data), SEED_CLASSES (240),
 * TRUST_PROXY (false), PUBLIC_URL (none), CORS_ORIGINS (none), API_EXTENSIONS (on); DATABASE_URL
 * (none: SQLite in DATA_DIR), DATABASE_POOL_SIZE (10), DATABASE_STATEMENT_TIMEOUT_MS (5000);
 * MAX_REQUESTS_PER_CLIENT (16), MAX_REQUESTS_IN_FLIGHT (64), MAX_CONNECTIONS_PER_ADDRESS (256);
 * METRICS_PORT (none: no metrics), METRICS_HOST (127.0.0.1), SHUTDOWN_NOT_READY_MS (5000).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADMISSION_DEFAULTS } from './admission.ts';
import { parseCorsOrigins } from './cors.ts';
import { CONNECTIONS_PER_ADDRESS_DEFAULT } from './http-server.ts';
import { createLogger } from './log.ts';
import { DEMO_CLASSES } from './seed.ts';
import { makeOwnerOnly } from './store/open-store.ts';
import {
  DEFAULT_POOL_SIZE,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  type PostgresConfig,
} from './store/postgres-schema.ts';
import { startServer, StoppedWhileStarting } from './server.ts';

const TOKEN_FILE = 'api-token';

// Every line is one JSON object, as the request log's (log.ts), so that a log pipeline parses the
// start and the stop too. Lines that end the start go to stderr, as they always have.
const log = createLogger();
const fatal = createLogger((line) => console.error(line));

/** A setting that cannot be used: one line naming it, and exit 2 before anything opens. */
function refuse(variable: string, message: string): never {
  fatal.error(message, { variable });
  process.exit(2);
}

function environmentNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    refuse(name, `${name} must be a whole number, got "${text}"`);
  }
  return value;
}

/** true or 1, false or 0, or unset (`fallback`): anything else stops the start with its name. */
function environmentFlag(name: string, fallback: boolean): boolean {
  const text = process.env[name]?.trim().toLowerCase();
  if (text === undefined || text === '') return fallback;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  refuse(name, `${name} must be true or false, got "${process.env[name]}"`);
}

/**
 * API_EXTENSIONS: `on` (or unset) serves the read endpoints beyond v1 (decision 015), `off` the
 * plain v1 only; anything else stops the start with its name.
 */
function environmentExtensions(): boolean {
  const text = process.env.API_EXTENSIONS?.trim().toLowerCase();
  if (text === undefined || text === '' || text === 'on') return true;
  if (text === 'off') return false;
  refuse('API_EXTENSIONS', `API_EXTENSIONS must be on or off, got "${process.env.API_EXTENSIONS}"`);
}

/** Exact origins, comma-separated: one that could never match a browser's Origin stops the start. */
function environmentOrigins(name: string): string[] {
  try {
    return parseCorsOrigins(process.env[name]);
  } catch (error) {
    refuse(name, `${name} must list origins, comma-separated: ${(error as Error).message}`);
  }
}

/**
 * PostgreSQL when DATABASE_URL is set. The address is never printed: it holds a password.
 */
function environmentPostgres(): PostgresConfig | undefined {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) return undefined;
  if (!/^postgres(ql)?:\/\//i.test(url) || !URL.canParse(url)) {
    refuse(
      'DATABASE_URL',
      'DATABASE_URL must be a postgres:// address (postgres://user:password@host/db)',
    );
  }
  return {
    url,
    // At least 1: a pool of none could never answer (0 used to mean the default, unsaid).
    poolSize: environmentLimit('DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE),
    statementTimeoutMs: environmentNumber(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      DEFAULT_STATEMENT_TIMEOUT_MS,
    ),
  };
}

/** A TCP port: 0 asks the system for a free one (the `listening` or `metrics` line names it). */
function environmentPort(name: string, fallback: number): number {
  const value = environmentNumber(name, fallback);
  if (value > 65_535) {
    refuse(
      name,
      `${name} must be a port, 0 to 65535 (0: any free port), got "${process.env[name]}"`,
    );
  }
  return value;
}

/**
 * PORT, and METRICS_PORT when set: never the same port (metrics are never on the API's, and the
 * second listener would stop the start with EADDRINUSE), unless both are 0 (two free ports).
 */
function environmentPorts(): { port: number; metricsPort: number | undefined } {
  const port = environmentPort('PORT', 3000);
  const metricsPort = process.env.METRICS_PORT ? environmentPort('METRICS_PORT', 0) : undefined;
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    refuse(
      'METRICS_PORT',
      `METRICS_PORT must differ from PORT (${port}): metrics are never served on the API's port`,
    );
  }
  return { port, metricsPort };
}

/** At least 1: a limit of 0 would refuse every request. */
function environmentLimit(name: string, fallback: number): number {
  const value = environmentNumber(name, fallback);
  if (value < 1) {
    refuse(name, `${name} must be at least 1, got "${process.env[name]}"`);
  }
  return value;
}

/**
 * Admission control (admission.ts): per client (a token from one address) and in all. Requests
 * running at once stay the default, under the database pool's size.
 */
function environmentAdmission() {
  const perClient = environmentLimit('MAX_REQUESTS_PER_CLIENT', ADMISSION_DEFAULTS.perClient);
  const inFlight = environmentLimit('MAX_REQUESTS_IN_FLIGHT', ADMISSION_DEFAULTS.inFlight);
  if (inFlight < perClient) {
    refuse(
      'MAX_REQUESTS_IN_FLIGHT',
      `MAX_REQUESTS_IN_FLIGHT (${inFlight}) must be at least MAX_REQUESTS_PER_CLIENT ` +
        `(${perClient}): one client would get 503s meant for everyone`,
    );
  }
  return { ...ADMISSION_DEFAULTS, perClient, inFlight };
}

/**
 * Tokens from API_TOKENS, and TOKENS_FILE's named credentials; with neither, one random token
 * kept in DATA_DIR (mode 0600, made so again at each start) so that a restart does not sign
 * everybody out: the `console-local` credential. It is printed when created, never again. With
 * either, a token kept from before is not accepted, and a warning says so.
 */
function resolveTokens(
  dataDir: string,
): { tokens: string[]; tokensFile: string | undefined } | { localToken: string } {
  const configured = (process.env.API_TOKENS ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const tokensFile = process.env.TOKENS_FILE?.trim() || undefined;
  const file = join(dataDir, TOKEN_FILE);
  if (configured.length > 0 || tokensFile) {
    // Its holders now get 401: say why, once, without the token.
    if (existsSync(file)) {
      const setBy = [
        ...(configured.length > 0 ? ['API_TOKENS'] : []),
        ...(tokensFile ? ['TOKENS_FILE'] : []),
      ];
      log.warn('API token kept in DATA_DIR not accepted: the configured credentials replace it', {
        file,
        setBy,
      });
    }
    return { tokens: configured, tokensFile };
  }
  if (existsSync(file)) {
    keepPrivate(file);
    log.info('API token: the one kept in DATA_DIR', { file });
    return { localToken: readFileSync(file, 'utf8').trim() };
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  // The one line that shows it (DESIGN: printed once), for the operator to paste at sign-in.
  log.info('API token created, shown only now', { file, token });
  return { localToken: token };
}

/**
 * The token file made 0600 again when group or others may read it (a copy, a restore, a chmod):
 * it lets anyone who reads it write. As the database's files are (open-store.ts); never a reason
 * not to start.
 */
function keepPrivate(file: string): void {
  makeOwnerOnly([file], log, {
    tightened: 'API token file was readable by other users: made readable by its owner only',
    leftOpen: 'API token file is readable by other users, and not ours to change: chmod 600 it',
  });
}

/**
 * How long SIGTERM reports not ready (health 503) while still serving, before the server stops
 * listening: long enough for a load balancer probing every few seconds to stop sending
 * (decision 018). It fits in Docker's and Kubernetes' default grace of 10 and 30 s.
 */
const SHUTDOWN_NOT_READY_MS_DEFAULT = 5_000;

/**
 * The built console, when there is one: without it the API alone is served, said in one line
 * rather than Hono's plain-text warnings (a server started with tsx, as the README's restore
 * check does).
 */
function consoleBuild(directory: string): string | undefined {
  if (existsSync(directory)) return directory;
  log.info('no console to serve: the API alone (npm run build makes it)', { staticDir: directory });
  return undefined;
}

const dataDir = process.env.DATA_DIR || './data';
const { port, metricsPort } = environmentPorts();
const notReadyMs = environmentNumber('SHUTDOWN_NOT_READY_MS', SHUTDOWN_NOT_READY_MS_DEFAULT);

// SIGTERM or SIGINT while starting (seconds on a large database): the start stops at its next step,
// closes the store and the listener, says so in one line and exits 0, as a stop after the start
// does. Without a handler until ready, the signal ended the process with no line at all. Nothing
// is served yet, so there is no not-ready moment; a second signal gets Node's default, as below.
const startStopper = new AbortController();
let startStoppedBy: NodeJS.Signals | undefined;
function stopStarting(signal: NodeJS.Signals) {
  process.off('SIGTERM', stopStarting);
  process.off('SIGINT', stopStarting);
  startStoppedBy = signal;
  startStopper.abort();
}
process.on('SIGTERM', stopStarting);
process.on('SIGINT', stopStarting);

// A configuration mistake deserves one clear line, not a stack trace.
const server = await startServer({
  port,
  host: process.env.HOST || '0.0.0.0',
  dataDir,
  postgres: environmentPostgres(),
  ...resolveTokens(dataDir),
  staticDir: consoleBuild('dist'),
  seedClasses: environmentNumber('SEED_CLASSES', DEMO_CLASSES),
  // Only behind a proxy that sets X-Forwarded-Proto itself: a client could send its own.
  trustProxy: environmentFlag('TRUST_PROXY', false),
  // The OpenAPI document's server address: absolute, so that generated clients work anywhere.
  publicUrl: process.env.PUBLIC_URL,
  // Sites whose console pages may call this API from the browser (their apiBaseUrl points here).
  corsOrigins: environmentOrigins('CORS_ORIGINS'),
  // `off`: the platform's plain v1, e.g. to try the console against it.
  extensions: environmentExtensions(),
  admission: environmentAdmission(),
  // 0: no limit (behind a trusted proxy there is none: the proxy is one address for everyone).
  connectionsPerAddress: environmentNumber(
    'MAX_CONNECTIONS_PER_ADDRESS',
    CONNECTIONS_PER_ADDRESS_DEFAULT,
  ),
  // Never on the API's port; on localhost unless METRICS_HOST says otherwise.
  metricsPort,
  metricsHost: process.env.METRICS_HOST || undefined,
  stopStarting: startStopper.signal,
}).catch((error: unknown) => {
  if (error instanceof StoppedWhileStarting) {
    log.info('stopped while starting', { signal: startStoppedBy, step: error.step });
    process.exit(0);
  }
  fatal.error(
    `Turmas Admin could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
process.off('SIGTERM', stopStarting);
process.off('SIGINT', stopStarting);

// Stop on SIGTERM (orchestrators, `docker stop`): not ready for SHUTDOWN_NOT_READY_MS while
// still serving, then no new connections, the requests in flight answered, the database closed,
// exit 0. SIGINT (Ctrl-C) is someone at a terminal: no not-ready moment.
function shutDown(signal: NodeJS.Signals) {
  // A second signal, of either kind, gets Node's default: the process ends at once.
  process.off('SIGTERM', shutDown);
  process.off('SIGINT', shutDown);
  // close() reports not ready, then stops listening (at once without a not-ready moment, so that
  // once this line is out no connection is accepted); it resolves when the requests in flight
  // are answered and the database is closed.
  const stopped = server.close(signal === 'SIGTERM' ? notReadyMs : 0);
  log.info('shutting down', { signal, notReadyMs: signal === 'SIGTERM' ? notReadyMs : 0 });
  stopped.then(
    () => {
      log.info('stopped');
      process.exit(0);
    },
    (error: unknown) => {
      log.error('could not stop cleanly', { error });
      process.exit(1);
    },
  );
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);
// A stop asked for once the start's last check had passed (nothing waits between it and here, so
// only should that change): the start's handler heard it, this one must act on it.
if (startStoppedBy !== undefined) shutDown(startStoppedBy);

// Last: whoever waits for this line may signal at once, and a signal that arrives before its
// handler is registered ends the process with no clean stop. scripts/start-scaled.ts and
// bench/floor wait for `Turmas Admin: <url> ` in it, so the message keeps those words.
const shown = server.url.replace('0.0.0.0', 'localhost');
log.info(`Turmas Admin: ${shown} (API: ${shown}/v1, OpenAPI: ${shown}/v1/openapi.json)`, {
  url: shown,
});
