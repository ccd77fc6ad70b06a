/**
 * `npm run start:scaled`: the production server as several processes on one local PostgreSQL,
 * the way a deployment behind a load balancer runs it (README, "Scaling out").
 *
 * A PostgreSQL cluster kept in DATA_DIR/postgres (made on first run, from Debian's packages),
 * then PROCESSES (2) copies of `server/main.ts` on PORT, PORT+1, … (3000, 3001), all on it (with
 * METRICS_PORT, their metrics on METRICS_PORT, METRICS_PORT+1, … alike). The
 * first process creates the schema and the demo turmas, and the access token in DATA_DIR when
 * API_TOKENS is not set; the others start after it and share both. Ctrl-C stops them all and
 * the cluster, keeping its data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { ALLOCATOR_ENV } from '../server/allocator-env.ts';
import { startPostgresCluster } from '../server/testing/postgres-cluster.ts';

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const processes = Number(process.env.PROCESSES || 2);
const firstPort = Number(process.env.PORT || 3000);
const firstMetricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;

const cluster = await startPostgresCluster({ dataDir: path.join(dataDir, 'postgres') });
console.log(`PostgreSQL: 127.0.0.1:${cluster.port}, kept in ${cluster.dataDir}`);

const children: ChildProcess[] = [];
async function startApi(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...ALLOCATOR_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      PORT: String(port),
      // One port each: a shared one stopped the second process (EADDRINUSE), and with it all.
      ...(firstMetricsPort !== undefined && {
        METRICS_PORT: String(firstMetricsPort + port - firstPort),
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let printed = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    process.stdout.write(chunk.replace(/^/gm, `[${port}] `).replace(/\[\d+\] $/, ''));
    printed += chunk;
  });
  // Started when it says where it listens; an exit first is a failed start.
  await Promise.race([
    new Promise<void>((resolve) => {
      const check = () => printed.includes('Turmas Admin: http') && resolve();
      child.stdout.on('data', check);
    }),
    once(child, 'exit').then(([code]) => {
      throw new Error(`The API process on port ${port} exited with ${String(code)}`);
    }),
  ]);
}

async function stopAll(code: number) {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.filter((child) => child.exitCode === null).map((child) => once(child, 'exit')),
  );
  await cluster.stopServer();
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

try {
  for (let n = 0; n < processes; n++) await startApi(firstPort + n);
  const urls = Array.from({ length: processes }, (_, n) => `http://localhost:${firstPort + n}`);
  console.log(
    `\n${processes} API processes on one PostgreSQL: ${urls.join(', ')}` +
      '\nPut any load balancer in front of them. Ctrl-C stops them all.',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await stopAll(1);
}
