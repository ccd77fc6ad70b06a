/**
 * Idle and slow sockets against the server at the demo size (issue 33, decision 007):
 *
 * 1. `--idle` sockets (5,000) from 127.0.0.1 that open and send nothing, each reopened as soon
 *    as the server closes it, for `--duration` seconds; meanwhile `/v1/health` from another
 *    address (127.0.0.2) every 100 ms on a new connection. Target: its p99 ≤ 250 ms; and no
 *    socket that sent nothing lives past 11 s (the 10 s header deadline and a second's grace).
 * 2. `--slow` bodies (3,000), spread over `--addresses` source addresses (127.0.1.x): each a
 *    write with a valid token that declares a 64 KiB body and sends a byte a second. Target:
 *    the server's RSS at most 150 MB over the idle process, and health as above.
 *
 *   npm run bench:sockets [-- --duration 30 --idle 5000 --slow 3000 --addresses 30]
 *
 * Three processes: the server (with the production defaults), so that its memory is its own; the
 * sockets, whose thousands of events would delay the probes' timers; and this one, which only
 * probes. Exits 1 when a target is missed.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ALLOCATOR_ENV } from '../server/allocator-env.ts';
import { percentile } from './stats.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    idle: { type: 'string', default: '5000' },
    slow: { type: 'string', default: '3000' },
    addresses: { type: 'string', default: '30' },
    // Internal: this process is the server, or holds the sockets.
    serve: { type: 'boolean', default: false },
    hold: { type: 'boolean', default: false },
  },
});

const TOKEN = 'bench-sockets-token-0123456789abcdef';
const HEALTH_P99_TARGET_MS = 250;
const IDLE_LIFETIME_TARGET_MS = 11_000;
const RSS_RISE_TARGET_MB = 150;
const PROBE_ADDRESS = '127.0.0.2';

type Usage = { rssBytes: number };

async function serve() {
  const dataDir = await new Promise<string>((resolve) => process.once('message', resolve));
  const [{ startServer }, { DEMO_CLASSES }] = await Promise.all([
    import('../server/server.ts'),
    import('../server/seed.ts'),
  ]);
  const server = await startServer({
    dataDir,
    tokens: [TOKEN],
    seedClasses: DEMO_CLASSES,
    log: () => {},
  });
  process.send!({ port: server.port });
  process.on('message', () => {
    process.send!({ rssBytes: process.memoryUsage.rss() } satisfies Usage);
  });
  process.once('disconnect', () => void server.close().finally(() => process.exit(0)));
}

// ---------------------------------------------------------------------------------------------

interface Probe {
  ms: number;
  status: number;
}

function health(port: number): Promise<Probe> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/v1/health', agent: false, localAddress: PROBE_ADDRESS },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }),
        );
      },
    );
    request.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
    // A probe that gets no answer counts as a failure, not a hang.
    request.setTimeout(30_000, () => request.destroy());
    request.end();
  });
}

async function healthUntil(port: number, until: Promise<void>): Promise<Probe[]> {
  const probes: Probe[] = [];
  const state = { done: false };
  void until.then(() => (state.done = true));
  while (!state.done) {
    probes.push(await health(port));
    // The probe's sampling rate, not a wait for something to happen.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return probes;
}

/**
 * `count` sockets from `localAddress` that `start` each time one opens, each opened again when it
 * closes, until `until`; the lifetimes of those that closed, and how many were open at the end.
 */
type HoldRequest = {
  port: number;
  kind: 'idle' | 'slow';
  count: number;
  addresses: string[];
  ms: number;
};
type HoldReply = { lifetimes: number[]; stillOpen: number; opened: number };

/** Child side: holds the sockets asked for, then reports. */
async function hold() {
  const { port, kind, count, addresses, ms } = await new Promise<HoldRequest>((resolve) =>
    process.once('message', resolve),
  );
  const start =
    kind === 'idle'
      ? () => {}
      : (socket: Socket) => {
          socket.write(
            'POST /v1/classe/add-student HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
              `Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\n` +
              'Content-Length: 65536\r\n\r\n{',
          );
          const drip = setInterval(() => socket.write(' '), 1000);
          socket.on('close', () => clearInterval(drip));
        };
  const over = new Promise<void>((resolve) => setTimeout(resolve, ms));
  const reply = await holdSockets(port, count, addresses, start, over);
  // Disconnecting at once would drop a large reply still being written to the channel.
  process.send!(reply satisfies HoldReply, () => process.disconnect());
}

function holdSockets(
  port: number,
  count: number,
  localAddresses: string[],
  start: (socket: Socket) => void,
  until: Promise<void>,
) {
  const lifetimes: number[] = [];
  const open = new Set<Socket>();
  let stopped = false;
  let opened = 0;
  const openOne = (at: number) => {
    if (stopped) return;
    const began = performance.now();
    const socket = connect({
      host: '127.0.0.1',
      port,
      localAddress: localAddresses[at % localAddresses.length],
    });
    opened += 1;
    open.add(socket);
    socket.on('connect', () => start(socket));
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => {
      open.delete(socket);
      lifetimes.push(performance.now() - began);
      // Not at once: a refused address would spin.
      setTimeout(() => openOne(at), 10);
    });
  };
  // 500 every 100 ms: thousands of connects in the same millisecond would overflow any listen
  // backlog (the kernel's), which is not what is measured here.
  for (let at = 0; at < count; at++) setTimeout(() => openOne(at), Math.floor(at / 500) * 100);
  return until.then(() => {
    stopped = true;
    const stillOpen = open.size;
    for (const socket of open) socket.destroy();
    return { lifetimes, stillOpen, opened };
  });
}

async function main(): Promise<number> {
  const duration = Number(args.duration) * 1000;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'turmas-bench-sockets-'));
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: process.execArgv,
    env: { ...process.env, ...ALLOCATOR_ENV },
  });
  const message = <T>() =>
    new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const problems: string[] = [];
  try {
    const listening = message<{ port: number }>();
    child.send(dataDir);
    const { port } = await listening;
    const rss = async () => {
      const answer = message<Usage>();
      child.send('usage');
      return (await answer).rssBytes / 2 ** 20;
    };
    const holdIn = async (request: HoldRequest) => {
      const holder = fork(fileURLToPath(import.meta.url), ['--hold'], {
        execArgv: process.execArgv,
      });
      const reply = new Promise<HoldReply>((resolve) =>
        holder.once('message', (m) => resolve(m as HoldReply)),
      );
      holder.send(request);
      const result = await reply;
      await new Promise((resolve) => holder.once('exit', resolve));
      return result;
    };
    const quiet = await healthUntil(port, new Promise((r) => setTimeout(r, 3_000)));
    const idleRss = await rss();
    console.log(
      `Quiet: health p99 ${percentile(
        quiet.map((p) => p.ms),
        99,
      ).toFixed(1)} ms; ` + `server RSS ${idleRss.toFixed(0)} MB`,
    );

    // 1. Idle sockets from one address.
    {
      const over = new Promise<void>((resolve) => setTimeout(resolve, duration));
      const [held, probes] = await Promise.all([
        holdIn({
          port,
          kind: 'idle',
          count: Number(args.idle),
          addresses: ['127.0.0.1'],
          ms: duration,
        }),
        healthUntil(port, over),
      ]);
      const ms = probes.map((p) => p.ms);
      const failed = probes.filter((p) => p.status !== 200).length;
      console.log(
        `\n${args.idle} idle sockets from 127.0.0.1 for ${args.duration} s: ${held.opened} opened, ` +
          `${held.stillOpen} open at the end; lifetime of those closed p50 ` +
          `${(percentile(held.lifetimes, 50) / 1000).toFixed(2)} s, max ` +
          `${(Math.max(0, ...held.lifetimes) / 1000).toFixed(2)} s`,
      );
      console.log(
        `  health from ${PROBE_ADDRESS}: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ` +
          `${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms over ` +
          `${probes.length}, ${failed} not 200; server RSS ${(await rss()).toFixed(0)} MB`,
      );
      if (!(percentile(ms, 99) <= HEALTH_P99_TARGET_MS)) {
        problems.push(`idle: health p99 ${percentile(ms, 99).toFixed(0)} ms`);
      }
      if (failed > 0) problems.push(`idle: ${failed} health checks not 200`);
      const longest = Math.max(0, ...held.lifetimes);
      if (longest > IDLE_LIFETIME_TARGET_MS) {
        problems.push(`idle: a socket lived ${(longest / 1000).toFixed(1)} s`);
      }
    }
    // The idle sockets' answers and timers settle.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // 2. Slow bodies from several addresses.
    {
      const addresses = Array.from(
        { length: Number(args.addresses) },
        (_, at) => `127.0.1.${at + 1}`,
      );
      const beforeRss = await rss();
      let peakRss = beforeRss;
      const over = new Promise<void>((resolve) => setTimeout(resolve, duration));
      const state = { done: false };
      void over.then(() => (state.done = true));
      const sampling = async () => {
        while (!state.done) {
          peakRss = Math.max(peakRss, await rss());
          // The sampling rate, not a wait for something to happen.
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      };
      const [held, probes] = await Promise.all([
        holdIn({ port, kind: 'slow', count: Number(args.slow), addresses, ms: duration }),
        healthUntil(port, over),
        sampling(),
      ]);
      const ms = probes.map((p) => p.ms);
      const failed = probes.filter((p) => p.status !== 200).length;
      console.log(
        `\n${args.slow} slow bodies from ${addresses.length} addresses for ${args.duration} s: ` +
          `${held.opened} opened, ${held.stillOpen} open at the end`,
      );
      console.log(
        `  server RSS: idle ${idleRss.toFixed(0)} MB, before ${beforeRss.toFixed(0)} MB, peak ` +
          `${peakRss.toFixed(0)} MB (+${(peakRss - idleRss).toFixed(0)} MB over idle)`,
      );
      console.log(
        `  health from ${PROBE_ADDRESS}: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ` +
          `${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms over ` +
          `${probes.length}, ${failed} not 200`,
      );
      if (peakRss - idleRss > RSS_RISE_TARGET_MB) {
        problems.push(`slow bodies: RSS +${(peakRss - idleRss).toFixed(0)} MB`);
      }
      if (!(percentile(ms, 99) <= HEALTH_P99_TARGET_MS)) {
        problems.push(`slow bodies: health p99 ${percentile(ms, 99).toFixed(0)} ms`);
      }
      if (failed > 0) problems.push(`slow bodies: ${failed} health checks not 200`);
    }
  } finally {
    child.disconnect();
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(`\nbench:sockets FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  console.log('\nbench:sockets: every target met.');
  return 0;
}

if (args.serve) await serve();
else if (args.hold) await hold();
else process.exitCode = await main();
