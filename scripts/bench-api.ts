/**
 * API load budgets (docs/decisions/004 and 013): the reference server on 100,000 turmas (or
 * `--classes N`), with enrolments, driven by autocannon on loopback, beside a bare Hono handler
 * that answers a fixed first page.
 *
 * - reads: the first page, sorted by students, the middle page, searches (common and rare terms,
 *   one- and two-letter words, words in reversed order, deep pages in every sort order, a query of
 *   200 characters); writes: enrolments of new students into 1–3 turmas; /v1/health while the
 *   heaviest read runs;
 * - each scenario runs a warm-up, then `--duration` seconds at `--connections` connections;
 * - the bare handler (same @hono/node-server, `c.json` of the same page, no middleware) is the
 *   framework's ceiling: read throughput is reported as a ratio to it.
 *
 * Targets (same record): p99 ≤ 20 ms for the lists and the searches; the first page's throughput
 * ≥ 50% of the bare handler's (it answers the same page); /v1/health p99 ≤ 50 ms; no answer
 * outside 2xx. A missed target exits with 1, so the script can be a guard.
 *
 *   npm run bench:api [-- --classes 1000000 --duration 10 --connections 10 --quick --only search
 *                        --cpu-prof DIR --data-dir DIR]
 *
 * Each server runs in a child process of its own (this file, started with --serve): autocannon is
 * single-threaded and CPU-bound, and sharing an event loop with the server it measures would
 * measure both. On a 2-core machine that is one core for the load, one for the server.
 */
import { fork } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    // A smoke run: short scenarios, same data size and targets (figures are noisier).
    quick: { type: 'boolean', default: false },
    // Only the scenarios whose name contains this text (and the bare handler, for the ratio).
    only: { type: 'string' },
    // An already seeded DATA_DIR to use as it is (kept afterwards; the writes add to it).
    'data-dir': { type: 'string' },
    // How many turmas to seed (students and enrolments in proportion).
    classes: { type: 'string', default: '100000' },
    // Writes a V8 CPU profile of the API server process into this directory.
    'cpu-prof': { type: 'string' },
    // Internal: this process is one of the servers under load.
    serve: { type: 'boolean', default: false },
  },
});

const TOKEN = 'bench-token';
const P99_TARGET_MS = 20;
/** /v1/health, asked a few times a second while the heaviest read runs at full load. */
const HEALTH_P99_TARGET_MS = 50;
const RATIO_TARGET = 0.5;
// What a browser sends: the API's compression is part of what the console pays for.
const READ_HEADERS = { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip, deflate, br' };

type ServeRequest = { kind: 'api'; dataDir: string } | { kind: 'bare'; page: unknown };
type ServeReply = { url: string } | { error: string };
/** The server process's CPU time so far (user + system, µs), asked for between scenarios. */
type CpuReply = { cpuMicros: number };

// ---------------------------------------------------------------------------------------------
// Server processes

/** Child side: start the server the parent asks for, report its URL, stop when disconnected. */
async function serve() {
  const request = await new Promise<ServeRequest>((resolve) => process.once('message', resolve));
  try {
    const close =
      request.kind === 'api' ? await serveApi(request.dataDir) : await serveBare(request.page);
    process.send!({ url: close.url } satisfies ServeReply);
    process.on('message', () => {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMicros: user + system } satisfies CpuReply);
    });
    // A normal exit, not a signal, so that --cpu-prof gets to write its profile.
    process.once('disconnect', () => void close.close().finally(() => process.exit(0)));
  } catch (error) {
    process.send!({ error: String(error) } satisfies ServeReply);
    process.exit(1);
  }
}

async function serveApi(dataDir: string) {
  const { startServer } = await import('../server/server.ts');
  return startServer({ dataDir, tokens: [TOKEN], seedClasses: 0, log: () => {} });
}

/** The framework's ceiling: the same JSON page from a handler that does nothing else. */
async function serveBare(page: unknown) {
  const [{ serve: listen }, { Hono }] = await Promise.all([
    import('@hono/node-server'),
    import('hono'),
  ]);
  const app = new Hono().get('/v1/classe', (c) => c.json(page));
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    const server = listen({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

interface ServerProcess {
  url: string;
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

async function startServerProcess(request: ServeRequest, execArgv: string[] = []) {
  // process.execArgv carries tsx's loader, so the child can import the server's TypeScript.
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: [...process.execArgv, ...execArgv],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.connected) child.disconnect();
    const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timeout);
  };
  try {
    const reply = await new Promise<ServeReply>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ServeReply));
      child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
      child.send(request);
    });
    if ('error' in reply) throw new Error(`server process failed: ${reply.error}`);
    const cpuMicros = () =>
      new Promise<number>((resolve) => {
        child.once('message', (message) => resolve((message as CpuReply).cpuMicros));
        child.send('cpu');
      });
    return { url: reply.url, cpuMicros, stop } satisfies ServerProcess;
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Load

/** The part of autocannon's programmatic API used here (the package ships no types). */
interface LoadRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: LoadRequest) => LoadRequest;
}
interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: LoadRequest[];
}
interface LoadResult {
  non2xx: number;
  errors: number;
  timeouts: number;
  start: Date;
  finish: Date;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (
  options: LoadOptions,
  done: (error: Error | null, result: LoadResult) => void,
) => EventEmitter;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

type Target = 'p99' | 'ratio';

interface Scenario {
  name: string;
  kind: 'bare' | 'read' | 'write';
  targets: Target[];
  requests: LoadRequest[];
}

interface Measure {
  scenario: Scenario;
  requestsPerSecond: number;
  /**
   * The server process's CPU time per answer (µs): what a request costs, even when other work on
   * the machine slows the wall clock down.
   */
  cpuPerRequest: number;
  p50: number;
  p99: number;
  failures: string | null;
}

async function measure(
  server: ServerProcess,
  scenario: Scenario,
  seconds: number,
): Promise<Measure> {
  const latencies: number[] = [];
  const cpuBefore = await server.cpuMicros();
  const url = server.url;
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, requests: scenario.requests },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon's own histogram keeps whole milliseconds; these are exact.
    instance.on('response', (_client, _status, _bytes, ms: number) => latencies.push(ms));
  });
  const cpuMicros = (await server.cpuMicros()) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.ceil((p / 100) * latencies.length) - 1] ?? NaN;
  const elapsed = (result.finish.getTime() - result.start.getTime()) / 1000;
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    scenario,
    requestsPerSecond: latencies.length / elapsed,
    cpuPerRequest: cpuMicros / latencies.length,
    p50: percentile(50),
    p99: percentile(99),
    failures: failed
      ? `${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)}), ` +
        `${result.errors} errors, ${result.timeouts} timeouts`
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The run

const QUICK = args.quick;
const DURATION_S = QUICK ? 3 : positiveNumber('duration');
// Less than a second leaves the first scenario on each server measuring V8 warming up.
const WARMUP_S = QUICK ? 1 : 2;
const CONNECTIONS = positiveNumber('connections');
const CLASSES = positiveNumber('classes');
const DATA_SIZE = {
  classes: CLASSES,
  students: Math.ceil(CLASSES / 5),
  enrolments: Math.ceil(CLASSES / 2),
};

async function main(): Promise<number> {
  const started = performance.now();
  const given = args['data-dir'];
  const dataDir = given
    ? path.resolve(given)
    : await mkdtemp(path.join(tmpdir(), 'turmas-bench-api-'));
  const servers: ServerProcess[] = [];
  // Ctrl-C: the servers stop with their IPC channel; the seeded copy (~60 MB) must go too.
  if (!given) {
    process.once('SIGINT', () => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    if (given) console.log(`Using ${dataDir} as it is`);
    else await seedDemoData(dataDir);

    const profileDir = args['cpu-prof'];
    const api = await startServerProcess(
      { kind: 'api', dataDir },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    );
    servers.push(api);

    // The bare handler answers what a real first page is; the writes go to real turma ids.
    const firstPage = await getJson(`${api.url}/v1/classe`);
    const turmaIds = (firstPage.data as { id: string }[]).slice(0, 3).map((turma) => turma.id);
    const bare = await startServerProcess({ kind: 'bare', page: firstPage });
    servers.push(bare);

    const scenarios = buildScenarios(turmaIds).filter(
      (s) => s.kind === 'bare' || !args.only || s.name.includes(args.only),
    );
    // A search that finds nothing, or a page past the end, would measure the wrong thing.
    for (const scenario of scenarios.filter((s) => s.kind === 'read')) {
      const { data } = await getJson(`${api.url}${scenario.requests[0]!.path}`);
      if (!Array.isArray(data) || data.length === 0) {
        throw new Error(`${scenario.name}: ${scenario.requests[0]!.path} answered no turmas`);
      }
    }

    console.log(
      `Load: ${CONNECTIONS} connections, ${DURATION_S} s per scenario after ${WARMUP_S} s of ` +
        `warm-up; load average before: ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    const measures: Measure[] = [];
    for (const scenario of scenarios) {
      const server = scenario.kind === 'bare' ? bare : api;
      await measure(server, scenario, WARMUP_S);
      const result = await measure(server, scenario, DURATION_S);
      measures.push(result);
      console.log(
        `  ${scenario.name}: ${Math.round(result.requestsPerSecond)} req/s, ` +
          `p99 ${result.p99.toFixed(1)} ms, ${Math.round(result.cpuPerRequest)} µs CPU/req`,
      );
    }
    // The heaviest read again, with /v1/health asked every 100 ms meanwhile.
    const heaviest = measures
      .filter((m) => m.scenario.kind === 'read')
      .reduce((a, b) => (b.cpuPerRequest > a.cpuPerRequest ? b : a));
    const health = await healthDuring(api, heaviest.scenario);
    console.log(
      `  /v1/health during "${heaviest.scenario.name}": p50 ${health.p50.toFixed(1)} ms, ` +
        `p99 ${health.p99.toFixed(1)} ms over ${health.count} checks`,
    );
    console.log(
      `Load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );

    const problems = report(measures, firstPage.totalRecords as number);
    if (!(health.p99 <= HEALTH_P99_TARGET_MS)) {
      problems.push(
        `/v1/health p99 ${health.p99.toFixed(1)} ms during "${heaviest.scenario.name}", ` +
          `target ≤ ${HEALTH_P99_TARGET_MS} ms`,
      );
    }
    console.log(`\nbench:api took ${seconds(performance.now() - started)}`);
    if (problems.length > 0) {
      console.error(`\nbench:api FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      return 1;
    }
    console.log('\nbench:api: every target met.');
    return 0;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (!given) await rm(dataDir, { recursive: true, force: true });
  }
}

/** Latencies of /v1/health, asked every 100 ms while `scenario` runs at full load. */
async function healthDuring(server: ServerProcess, scenario: Scenario) {
  const latencies: number[] = [];
  const done = new AbortController();
  const probing = (async () => {
    while (!done.signal.aborted) {
      const started = performance.now();
      const response = await fetch(`${server.url}/v1/health`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      // The probe's sampling rate, not a wait for something to happen.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await measure(server, scenario, DURATION_S);
  done.abort();
  await probing;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => latencies[Math.ceil((p / 100) * latencies.length) - 1] ?? NaN;
  return { p50: percentile(50), p99: percentile(99), count: latencies.length };
}

async function seedDemoData(dataDir: string) {
  console.log(
    `Seeding ${DATA_SIZE.classes} turmas, ${DATA_SIZE.students} students, ` +
      `${DATA_SIZE.enrolments} enrolments…`,
  );
  const started = performance.now();
  const [{ openDatabase }, { seed }] = await Promise.all([
    import('../server/store/sqlite-schema.ts'),
    import('../server/seed.ts'),
  ]);
  const { db } = openDatabase(dataDir);
  seed(db, DATA_SIZE);
  db.close();
  console.log(`  seeded in ${seconds(performance.now() - started)}`);
}

function buildScenarios(turmaIds: string[]): Scenario[] {
  const read = (
    name: string,
    query: string,
    targets: Target[],
    kind: Scenario['kind'] = 'read',
  ): Scenario => ({
    name,
    kind,
    targets,
    requests: [{ method: 'GET', path: `/v1/classe${query}`, headers: READ_HEADERS }],
  });
  const search = (term: string) => `?query=${encodeURIComponent(term)}`;
  let enrolled = 0;
  // New e-mails in every run, also on a DATA_DIR that earlier runs wrote to.
  const run = Date.now().toString(36);
  const page = (term: string, sortBy: string, number: number) =>
    `${search(term)}&sortBy=${sortBy}&page=${number}&pageSize=100`;
  const middle = Math.ceil(DATA_SIZE.classes / 2 / 20);
  const nineMiddle = Math.ceil(DATA_SIZE.classes / 12 / 2 / 100);
  return [
    read('bare handler, same page', '', [], 'bare'),
    read('list, first page', '', ['p99', 'ratio']),
    read('list, sorted by -countStudents', '?sortBy=-countStudents', ['p99']),
    read(`list, page ${middle} (the middle)`, `?page=${middle}`, ['p99']),
    // One subject in 14: thousands of matches, the first 20 by name.
    read('search "matem"', search('matem'), ['p99']),
    read('search "Matemá" (accented)', search('Matemá'), ['p99']),
    read('search "química · unidade 42"', search('química · unidade 42'), ['p99']),
    // Short words: in most names ("o"), and in one name in twelve, last in name order ("9º").
    read('search "o" (one letter)', search('o'), ['p99']),
    read('search "9º" (two letters)', search('9º'), ['p99']),
    read('search "matemática 9º" (reversed)', search('matemática 9º'), ['p99']),
    read('search "matemática A 9º" (reversed)', search('matemática A 9º'), ['p99']),
    read('search "o", page 450 by name', page('o', 'name', 450), ['p99']),
    read('search "o", page 450 by createdAt', page('o', 'createdAt', 450), ['p99']),
    read('search "o", page 450 by -updatedAt', page('o', '-updatedAt', 450), ['p99']),
    read('search "o", page 450 by -countStudents', page('o', '-countStudents', 450), ['p99']),
    // "9º" is in one name in twelve: its middle page.
    read(
      `search "9º", page ${nineMiddle} by countStudents`,
      page('9º', 'countStudents', nineMiddle),
      ['p99'],
    ),
    // 200 characters, six words: the longest query the API takes.
    read(
      'search of 200 characters',
      search('9º ano A — Matemática · Unidade 4'.padEnd(200, ' —')),
      ['p99'],
    ),
    {
      name: 'enrol a new student in 1–3 turmas',
      kind: 'write',
      targets: [],
      requests: [
        {
          method: 'POST',
          path: '/v1/classe/add-student',
          headers: { ...READ_HEADERS, 'content-type': 'application/json' },
          // A new e-mail every time, so each request creates a student and enrolments.
          setupRequest: (request) => {
            enrolled += 1;
            const classes = turmaIds.slice(0, 1 + (enrolled % 3)).map((id) => ({ id }));
            const email = `bench.${run}.${enrolled}@bench.example`;
            return { ...request, body: JSON.stringify({ name: 'Aluno Bench', email, classes }) };
          },
        },
      ],
    },
  ];
}

/** Prints the table and returns every missed target. */
function report(measures: Measure[], turmas: number): string[] {
  const bare = measures.find((m) => m.scenario.kind === 'bare')!;
  const problems: string[] = [];
  const rows = measures.map((m) => {
    const { kind, name, targets } = m.scenario;
    const ratio = kind === 'read' ? m.requestsPerSecond / bare.requestsPerSecond : null;
    if (m.failures) problems.push(`${name}: ${m.failures} (must be 0)`);
    if (targets.includes('p99') && !(m.p99 <= P99_TARGET_MS)) {
      problems.push(`${name}: p99 ${m.p99.toFixed(1)} ms, target ≤ ${P99_TARGET_MS} ms`);
    }
    if (targets.includes('ratio') && !(ratio! >= RATIO_TARGET)) {
      problems.push(
        `${name}: ${percent(ratio!)} of the bare handler's throughput, ` +
          `target ≥ ${percent(RATIO_TARGET)}`,
      );
    }
    return [
      name,
      Math.round(m.requestsPerSecond).toString(),
      m.p50.toFixed(2),
      m.p99.toFixed(2),
      Math.round(m.cpuPerRequest).toString(),
      m.failures ? 'FAILED' : '0',
      ratio === null ? '' : percent(ratio),
      targets.join(', '),
    ];
  });
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'non-2xx',
    'vs bare',
    'targets',
  ];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\nTargets at ${turmas} turmas: p99 ≤ ${P99_TARGET_MS} ms; /v1/health p99 ≤ ` +
      `${HEALTH_P99_TARGET_MS} ms during the heaviest read; throughput ≥ ` +
      `${percent(RATIO_TARGET)} of the bare handler's (ratio); no answer outside 2xx (all). ` +
      `CPU µs/req is the server's own, robust to other load on the machine.`,
  );
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Helpers

async function getJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

function positiveNumber(name: 'duration' | 'connections' | 'classes'): number {
  const value = Number(args[name]);
  if (!(value > 0)) {
    console.error(`--${name} must be a positive number, got "${args[name]}"`);
    process.exit(2);
  }
  return value;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

if (args.serve) await serve();
else process.exitCode = await main();
