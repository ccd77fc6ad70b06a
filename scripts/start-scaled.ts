/**
 * `npm run start:scaled`: the production server as several processes on one PostgreSQL, the way
 * a deployment behind a load balancer runs it (README, "Scaling out").
 *
 * PostgreSQL: DATABASE_URL's database when it is set (as `npm start` would use it), else a
 * cluster kept in DATA_DIR/postgres (made on first run, from Debian's packages). Then PROCESSES
 * (2) copies of `server/main.ts` on PORT, PORT+1, … (3000, 3001), all on it (with METRICS_PORT,
 * their metrics on METRICS_PORT, METRICS_PORT+1, … alike). The first process creates the schema
 * and the demo turmas, and the access token in DATA_DIR when API_TOKENS is not set; the others
 * start after it and share both. Every line on stdout is one JSON object: the processes' lines
 * with their `port` added, and this script's own. A process that ends by itself is logged; when
 * none is left, the script stops. Ctrl-C stops them all and the cluster, keeping its data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { ALLOCATOR_ENV } from '../server/allocator-env.ts';
import { createLogger } from '../server/log.ts';
import { startPostgresCluster, type PostgresCluster } from '../server/testing/postgres-cluster.ts';
import { relayLogLines } from './child-log-lines.ts';

const log = createLogger();
const fatal = createLogger((line) => console.error(line));

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const processes = Number(process.env.PROCESSES || 2);
const firstPort = Number(process.env.PORT || 3000);
const firstMetricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;

/** The cluster this script started and stops; none when DATABASE_URL names the database. */
let cluster: PostgresCluster | undefined;
let databaseUrl = process.env.DATABASE_URL?.trim();
if (databaseUrl) {
  // Never the address itself: it holds a password.
  log.info('PostgreSQL: the database DATABASE_URL names (no local cluster started)');
} else {
  cluster = await startPostgresCluster({ dataDir: path.join(dataDir, 'postgres') });
  databaseUrl = cluster.url;
  log.info('PostgreSQL: a local cluster', {
    address: `127.0.0.1:${cluster.port}`,
    dataDir: cluster.dataDir,
  });
}

const children: ChildProcess[] = [];
let stopping: Promise<void> | undefined;

async function startApi(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...ALLOCATOR_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      // One port each: a shared one stopped the second process (EADDRINUSE), and with it all.
      ...(firstMetricsPort !== undefined && {
        METRICS_PORT: String(firstMetricsPort + port - firstPort),
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  log.info('API process started', { port, pid: child.pid });
  const lines = relayLogLines(child.stdout, { port }, (line) => console.log(line));
  // Whenever it ends, unless this script stopped it: the load balancer is one process short.
  child.once('exit', (code, signal) => {
    if (stopping) return;
    fatal.error('API process exited', { port, pid: child.pid, code, signal });
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) {
      void stopAll(1);
    }
  });
  // Started when it says where it listens; an exit first is a failed start.
  await Promise.race([
    new Promise<void>((resolve) => {
      lines.on('line', (line) => line.includes('"msg":"Turmas Admin: http') && resolve());
    }),
    once(child, 'exit').then(([code]) => {
      throw new Error(`The API process on port ${port} exited with ${String(code)}`);
    }),
  ]);
}

function stopAll(code: number): Promise<void> {
  stopping ??= (async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((child) => once(child, 'exit')),
    );
    await cluster?.stopServer();
    process.exit(code);
  })();
  return stopping;
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

try {
  for (let n = 0; n < processes; n++) await startApi(firstPort + n);
  const urls = Array.from({ length: processes }, (_, n) => `http://localhost:${firstPort + n}`);
  log.info(
    `${processes} API processes on one PostgreSQL: ${urls.join(', ')}. ` +
      'Put any load balancer in front of them. Ctrl-C stops them all.',
    { urls },
  );
} catch (error) {
  fatal.error(error instanceof Error ? error.message : String(error));
  await stopAll(1);
}
