/**
 * One client floods the API; everyone else must still be served (issue 33, decision 007). On
 * 100,000 turmas and 200,000 students (bench:api's data), for each endpoint in turn, one client
 * (a token, from 127.0.0.1) sends the most expensive request that endpoint allows over
 * `--connections` connections for `--duration` seconds, as fast as it is answered, while:
 *
 * - `/v1/health` is asked every 100 ms, each time on a new connection;
 * - another client (another token, from 127.0.0.2) lists the first page of turmas every 100 ms
 *   over its own kept-alive connection.
 *
 * Targets: health p99 ≤ 250 ms and always 200 (saturation is in its body, never a 503); the other
 * client's p99 ≤ 1 s and always 200; the flood refused with 429s, never a 5xx. A missed target
 * exits with 1. The server runs with its default limits (ADMISSION_DEFAULTS): what a deployment
 * gets.
 *
 *   npm run bench:flood [-- --engine sqlite|postgres|both --duration 60 --connections 50
 *                          --only students --data-dir DIR --database-url URL --classes N]
 *
 * Three processes: the server, the flood (autocannon, CPU-bound: it would delay the probes'
 * timers if it shared their event loop) and this one, which only probes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  autocannon,
  benchDataSize,
  seedPostgresBenchData,
  seedSqliteBenchData,
  type LoadRequest,
} from './bench-data.ts';
import { ALLOCATOR_ENV } from '../server/allocator-env.ts';
import { percentile } from './stats.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    // Only the scenarios whose name contains this text.
    only: { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
    classes: { type: 'string', default: '100000' },
    // A seeded DATA_DIR, copied for each run (the writes would change it).
    'data-dir': { type: 'string' },
    // A seeded PostgreSQL database, used as it is (the writes add to it).
    'database-url': { type: 'string' },
    // Internal: this process is the server, or the flood.
    serve: { type: 'boolean', default: false },
    flood: { type: 'boolean', default: false },
  },
});

/** The flooding client's token and the other client's: two clients, each ≥ 32 characters. */
const FLOOD_TOKEN = 'bench-flood-token-0123456789abcdef';
const OTHER_TOKEN = 'bench-other-token-0123456789abcdef';
const OTHER_ADDRESS = '127.0.0.2';
const HEALTH_P99_TARGET_MS = 250;
const OTHER_P99_TARGET_MS = 1_000;
const PROBE_EVERY_MS = 100;

// ---------------------------------------------------------------------------------------------
// The server process

type ServeRequest = { dataDir: string; postgresUrl?: string };
type ServeReply = { url: string } | { error: string };
type Usage = { cpuMicros: number; rssBytes: number };

async function serve() {
  const request = await new Promise<ServeRequest>((resolve) => process.once('message', resolve));
  try {
    const [{ startServer }, { ADMISSION_DEFAULTS }] = await Promise.all([
      import('../server/server.ts'),
      import('../server/admission.ts'),
    ]);
    const server = await startServer({
      dataDir: request.dataDir,
      postgres: request.postgresUrl ? { url: request.postgresUrl } : undefined,
      tokens: [FLOOD_TOKEN, OTHER_TOKEN],
      seedClasses: 0,
      log: () => {},
      // What a deployment gets: the defaults are what is measured.
      admission: ADMISSION_DEFAULTS,
    });
    process.send!({ url: server.url } satisfies ServeReply);
    process.on('message', () => {
      const { user, system } = process.cpuUsage();
      process.send!({
        cpuMicros: user + system,
        rssBytes: process.memoryUsage.rss(),
      } satisfies Usage);
    });
    process.once('disconnect', () => void server.close().finally(() => process.exit(0)));
  } catch (error) {
    process.send!({ error: String(error) } satisfies ServeReply);
    process.exit(1);
  }
}

/** This file as a child process, with tsx's loader (process.execArgv) to run TypeScript. */
function child(role: '--serve' | '--flood'): { process: ChildProcess; stop: () => Promise<void> } {
  const started = fork(fileURLToPath(import.meta.url), [role], {
    execArgv: process.execArgv,
    env: role === '--serve' ? { ...process.env, ...ALLOCATOR_ENV } : process.env,
  });
  const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
  return {
    process: started,
    stop: async () => {
      if (started.connected) started.disconnect();
      const timeout = setTimeout(() => started.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}

const reply = <T>(from: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    // Each listener goes with the other: the server is asked once per flood, and listeners left
    // behind pile up past Node's warning.
    const exited = (code: number | null) => {
      from.off('message', answered);
      reject(new Error(`child process exited with ${code}`));
    };
    const answered = (message: unknown) => {
      from.off('exit', exited);
      resolve(message as T);
    };
    from.once('message', answered);
    from.once('exit', exited);
  });

// ---------------------------------------------------------------------------------------------
// The flood process

/** What each flood's requests are made of, found on the data before the floods begin. */
interface Material {
  turmaIds: string[];
  bigTurmaId: string;
  emails: string[];
  /** Every one- and two-letter query with how many pages of 100 students it fills. */
  studentQueries: [query: string, pages: number][];
}

type FloodRequest = { url: string; scenario: string; material: Material; seconds: number };
type FloodReply = { statuses: Record<string, number>; errors: number; requests: number };

async function flood() {
  const { url, scenario, material, seconds } = await new Promise<FloodRequest>((resolve) =>
    process.once('message', resolve),
  );
  const result = await new Promise<FloodReply>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: Number(args.connections),
        duration: seconds,
        requests: [SCENARIOS[scenario]!(material)],
      },
      (error, done) => {
        if (error) {
          reject(error);
          return;
        }
        const statuses = Object.fromEntries(
          Object.entries(done.statusCodeStats).map(([status, { count }]) => [status, count]),
        );
        const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
        resolve({ statuses, errors: done.errors + done.timeouts, requests });
      },
    );
  });
  process.send!(result);
  process.disconnect();
}

const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const FLOOD_HEADERS = { authorization: `Bearer ${FLOOD_TOKEN}` };
const get = (pathFor: () => string): LoadRequest => ({
  method: 'GET',
  headers: FLOOD_HEADERS,
  setupRequest: (request) => ({ ...request, path: `/v1${pathFor()}` }),
});
const LIST_QUERIES = ['o', 'a', 'e', '9º', 'a o', 'matemática 9º', 'ano a'];
const SORTS = ['name', '-countStudents', 'createdAt', '-updatedAt'];
let written = 0;
const run = Date.now().toString(36);

/** The most expensive request each endpoint allows, drawn afresh for every request. */
const SCENARIOS: Record<string, (material: Material) => LoadRequest> = {
  'GET /students (1–2 letters, page of 100)': ({ studentQueries }) =>
    get(() => {
      const [query, pages] = random(studentQueries);
      const page = 1 + Math.floor(Math.random() * pages);
      return `/students?query=${query}&page=${page}&pageSize=100`;
    }),
  'GET /classe (short words, deep page of 100, ranked or sorted)': () =>
    get(() => {
      const query = encodeURIComponent(random(LIST_QUERIES));
      const sort = Math.random() < 0.5 ? '' : `&sortBy=${random(SORTS)}`;
      return `/classe?query=${query}${sort}&page=${1 + Math.floor(Math.random() * 400)}&pageSize=100`;
    }),
  'GET /classe/{id}/students (big turma, page of 100)': ({ bigTurmaId }) =>
    get(() => {
      const sort = random(['name', '-expirationDate', 'enrolledAt']);
      const query = Math.random() < 0.5 ? '' : `&query=${random(['a', 'o', 'si'])}`;
      return (
        `/classe/${encodeURIComponent(bigTurmaId)}/students?sortBy=${sort}${query}` +
        `&page=${1 + Math.floor(Math.random() * 20)}&pageSize=100`
      );
    }),
  'GET /students/by-email (100 e-mails)': ({ emails }) =>
    get(() => {
      const start = Math.floor(Math.random() * (emails.length - 100));
      return `/students/by-email?${emails
        .slice(start, start + 100)
        .map((email) => `email=${encodeURIComponent(email)}`)
        .join('&')}`;
    }),
  'GET /openapi.json': () => get(() => '/openapi.json'),
  'POST /classe/add-student (a new student, 100 turmas)': ({ turmaIds }) => ({
    method: 'POST',
    path: '/v1/classe/add-student',
    headers: { ...FLOOD_HEADERS, 'content-type': 'application/json' },
    setupRequest: (request) => {
      written += 1;
      const classes = turmaIds.map((id) => ({ id }));
      const email = `flood.${run}.${written}@bench.example`;
      return { ...request, body: JSON.stringify({ name: 'Aluno Flood', email, classes }) };
    },
  }),
  'DELETE /classe/remove-student (100 turmas)': ({ turmaIds, emails }) => ({
    method: 'DELETE',
    path: '/v1/classe/remove-student',
    headers: { ...FLOOD_HEADERS, 'content-type': 'application/json' },
    setupRequest: (request) => {
      const classes = turmaIds.map((id) => ({ id }));
      return { ...request, body: JSON.stringify({ email: random(emails), classes }) };
    },
  }),
};

// ---------------------------------------------------------------------------------------------
// Probes

interface Probe {
  ms: number;
  status: number;
  body: string;
}

/** One GET, timed from before the connection opens to the body's end. */
function probe(url: string, options: { agent?: Agent | false; token?: string }): Promise<Probe> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest(
      url,
      {
        agent: options.agent ?? false,
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, body }),
        );
      },
    );
    request.on('error', (error) =>
      resolve({ ms: performance.now() - started, status: 0, body: error.message }),
    );
    request.end();
  });
}

/** `ask` every PROBE_EVERY_MS (after the previous answer) until `until` resolves. */
async function probing(ask: () => Promise<Probe>, until: Promise<unknown>): Promise<Probe[]> {
  const probes: Probe[] = [];
  const state = { done: false };
  void until.finally(() => (state.done = true));
  while (!state.done) {
    probes.push(await ask());
    // The probes' sampling rate, not a wait for something to happen.
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return probes;
}

function summary(probes: Probe[]) {
  const ms = probes.map((p) => p.ms).sort((a, b) => a - b);
  const statuses: Record<number, number> = {};
  for (const { status } of probes) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    count: probes.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1)!,
    statuses,
  };
}

// ---------------------------------------------------------------------------------------------
// The run

type Engine = 'sqlite' | 'postgres';
const ENGINES: Partial<Record<string, Engine[]>> = {
  sqlite: ['sqlite'],
  postgres: ['postgres'],
  both: ['sqlite', 'postgres'],
};

async function main(): Promise<number> {
  const engines = ENGINES[args.engine];
  if (!engines) {
    console.error(`--engine must be sqlite, postgres or both, got "${args.engine}"`);
    return 2;
  }
  const problems: string[] = [];
  for (const engine of engines) {
    const database = await prepare(engine);
    try {
      problems.push(...(await floods(engine, database.request)).map((p) => `${engine}: ${p}`));
    } finally {
      await database.cleanUp();
    }
  }
  if (problems.length > 0) {
    console.error(`\nbench:flood FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  console.log('\nbench:flood: every target met.');
  return 0;
}

const SIZE = benchDataSize(Number(args.classes));

async function prepare(
  engine: Engine,
): Promise<{ request: ServeRequest; cleanUp: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'turmas-bench-flood-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const seeding = performance.now();
  if (engine === 'sqlite') {
    if (args['data-dir']) await cp(path.resolve(args['data-dir']), dataDir, { recursive: true });
    else await seedSqliteBenchData(dataDir, SIZE);
    console.log(`SQLite ready in ${seconds(performance.now() - seeding)}`);
    return { request: { dataDir }, cleanUp: removeDir };
  }
  if (args['database-url']) {
    return { request: { dataDir, postgresUrl: args['database-url'] }, cleanUp: removeDir };
  }
  const { startPostgresCluster } = await import('../server/testing/postgres-cluster.ts');
  const cluster = await startPostgresCluster();
  try {
    await seedPostgresBenchData(cluster.url, SIZE);
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  console.log(`PostgreSQL ready in ${seconds(performance.now() - seeding)}`);
  return {
    request: { dataDir, postgresUrl: cluster.url },
    cleanUp: async () => {
      await cluster.destroy();
      await removeDir();
    },
  };
}

async function floods(engine: Engine, request: ServeRequest): Promise<string[]> {
  console.log(`\n== ${engine}: ${SIZE.classes} turmas, ${SIZE.students} students ==`);
  const server = child('--serve');
  const problems: string[] = [];
  try {
    const serving = reply<ServeReply>(server.process);
    server.process.send(request);
    const served = await serving;
    if ('error' in served) throw new Error(`server process failed: ${served.error}`);
    const { url } = served;
    const usage = async () => {
      const answer = reply<Usage>(server.process);
      server.process.send('usage');
      return answer;
    };
    const material = await findMaterial(url);
    const otherAgent = new Agent({ keepAlive: true, localAddress: OTHER_ADDRESS, maxSockets: 1 });
    const quiet = summary(
      await probing(() => probe(`${url}/v1/health`, {}), new Promise((r) => setTimeout(r, 3_000))),
    );
    console.log(
      `Quiet: health p50 ${quiet.p50.toFixed(1)} ms, p99 ${quiet.p99.toFixed(1)} ms; ` +
        `load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    const names = Object.keys(SCENARIOS).filter((name) => !args.only || name.includes(args.only));
    for (const scenario of names) {
      const before = await usage();
      const flooder = child('--flood');
      const flooded = reply<FloodReply>(flooder.process);
      flooder.process.send({
        url,
        scenario,
        material,
        seconds: Number(args.duration),
      } satisfies FloodRequest);
      const [health, other, result] = await Promise.all([
        probing(() => probe(`${url}/v1/health`, {}), flooded),
        probing(
          () => probe(`${url}/v1/classe`, { agent: otherAgent, token: OTHER_TOKEN }),
          flooded,
        ),
        flooded,
      ]);
      await flooder.stop();
      const after = await usage();
      const h = summary(health);
      const o = summary(other);
      const answered = result.statuses;
      const served = Object.entries(answered)
        .filter(([status]) => status.startsWith('2'))
        .reduce((total, [, count]) => total + count, 0);
      const perSecond = (count: number) => Math.round(count / Number(args.duration));
      const cpuMs = (after.cpuMicros - before.cpuMicros) / 1000;
      const saturated = health.filter((p) => /"saturated":true/.test(p.body)).length;
      console.log(`\n${scenario}`);
      console.log(
        `  flood: ${perSecond(result.requests)} answers/s, ${perSecond(served)} served/s ` +
          `${JSON.stringify(answered)}, ${result.errors} errors; server CPU ` +
          `${(cpuMs / Math.max(1, result.requests)).toFixed(2)} ms per answer, RSS ` +
          `${Math.round(after.rssBytes / 2 ** 20)} MB`,
      );
      console.log(
        `  health (new connection each): p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms, ` +
          `max ${h.max.toFixed(1)} ms over ${h.count}, ${JSON.stringify(h.statuses)}; ` +
          `saturated in ${saturated}`,
      );
      console.log(
        `  other client's list: p50 ${o.p50.toFixed(1)} ms, p99 ${o.p99.toFixed(1)} ms, ` +
          `max ${o.max.toFixed(1)} ms over ${o.count}, ${JSON.stringify(o.statuses)}`,
      );
      const fail = (text: string) => problems.push(`${scenario}: ${text}`);
      if (!(h.p99 <= HEALTH_P99_TARGET_MS))
        fail(`health p99 ${h.p99.toFixed(0)} ms > ${HEALTH_P99_TARGET_MS}`);
      if (h.statuses[200] !== h.count) fail(`health answered ${JSON.stringify(h.statuses)}`);
      if (!(o.p99 <= OTHER_P99_TARGET_MS))
        fail(`other client p99 ${o.p99.toFixed(0)} ms > ${OTHER_P99_TARGET_MS}`);
      if (o.statuses[200] !== o.count) fail(`other client answered ${JSON.stringify(o.statuses)}`);
      const fivexx = Object.entries(answered).filter(([status]) => status.startsWith('5'));
      if (fivexx.length > 0 || result.errors > 0) {
        fail(`flood got ${JSON.stringify(Object.fromEntries(fivexx))} and ${result.errors} errors`);
      }
      if (!answered['429']) fail('the flood got no 429');
    }
    otherAgent.destroy();
  } finally {
    await server.stop();
  }
  return problems;
}

/** Turma ids, the big turma, e-mails and the student queries' page counts, from the API. */
async function findMaterial(url: string): Promise<Material> {
  const getJson = async (pathname: string) => {
    const response = await fetch(`${url}/v1${pathname}`, {
      headers: { authorization: `Bearer ${OTHER_TOKEN}` },
    });
    if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
    return (await response.json()) as { data: Record<string, unknown>[]; totalRecords: number };
  };
  const turmas = await getJson('/classe?pageSize=100&sortBy=name');
  const [big] = (await getJson('/classe?sortBy=-countStudents&pageSize=1')).data;
  const emails: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data } = await getJson(`/students?page=${page * 50}&pageSize=100`);
    emails.push(...data.map((student) => String(student.email)));
  }
  const letters = Array.from('abcdefghijklmnopqrstuvwxyz');
  const studentQueries: Material['studentQueries'] = [];
  for (const query of [...letters, ...letters.flatMap((a) => letters.map((b) => a + b))]) {
    const { totalRecords } = await getJson(`/students?query=${query}&pageSize=1`);
    if (totalRecords > 0) studentQueries.push([query, Math.ceil(totalRecords / 100)]);
  }
  return {
    turmaIds: turmas.data.map((turma) => String(turma.id)),
    bigTurmaId: String(big!.id),
    emails,
    studentQueries,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (args.serve) await serve();
else if (args.flood) await flood();
else process.exitCode = await main();
