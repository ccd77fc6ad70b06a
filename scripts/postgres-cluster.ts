/**
 * `tsx scripts/postgres-cluster.ts [--data-dir DIR] [--port N]`: a PostgreSQL server for a human
 * or a benchmark (server/testing/postgres-cluster.ts). Prints `DATABASE_URL=<url>` as the one
 * line on stdout, then runs until SIGINT or SIGTERM, and stops it: a temporary cluster is deleted,
 * one in --data-dir kept for the next run.
 */
import { parseArgs } from 'node:util';
import { startPostgresCluster } from '../server/testing/postgres-cluster.ts';

const USAGE = 'Usage: tsx scripts/postgres-cluster.ts [--data-dir DIR] [--port N]';

let values: { 'data-dir'?: string; port?: string };
try {
  ({ values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, port: { type: 'string' } },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  console.error(`--port wants a TCP port number, not "${String(values.port)}".\n${USAGE}`);
  process.exit(2);
}

const cluster = await startPostgresCluster({ dataDir: values['data-dir'], port }).catch(
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
// Signal listeners do not keep Node running: this does, until a signal.
const keepAlive = setInterval(() => undefined, 1 << 30);
const stop = async () => {
  clearInterval(keepAlive);
  await cluster.destroy();
  console.error('PostgreSQL stopped.');
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

console.log(`DATABASE_URL=${cluster.url}`);
console.error(
  `PostgreSQL on 127.0.0.1:${cluster.port}, ` +
    `${values['data-dir'] === undefined ? 'temporary, in' : 'kept in'} ${cluster.dataDir}. ` +
    'Ctrl-C stops it.',
);
