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
 * 3. Connections that send requests and read none of the answers, for `--unread-duration`
 *    seconds (60: opened over the first 20, then past the 30 s stall limit), 10 a second, each
 *    from an address of its own, so that admission lets their requests in: `--unread` (200)
 *    from 127.0.2.x each asking 16 times for `/v1/openapi.json` (58 KB, as many as one
 *    connection may have waiting: about 1 MB, which the kernel takes on loopback); `--unread-big`
 *    (20) from 127.0.3.x each asking for it 16 times every 250 ms, 96 times in all (5.6 MB), more
 *    than the kernel takes (up to about 4 MB a connection on loopback; far less over a real
 *    network, where a client that reads nothing makes the first case this one). Meanwhile health as above and another client (a
 *    token of its own, from 127.0.0.2) lists turmas every 100 ms on a kept-alive connection.
 *    Targets: RSS as above, health as above, the other client's p95 ≤ 250 ms, and none of those
 *    connections open at the end (Node's keep-alive timeout closes those whose answers the
 *    kernel took; the 30 s stall limit resets the others). Where the bytes are is reported from
 *    the server's side of the connections (Linux's /proc/net/tcp) and the kernel's TCP memory
 *    (machine-wide, /proc/net/sockstat).
 * 4. `--pipelined` connections (100) from 127.0.0.1 that each write `--depth` (1,000) pipelined
 *    requests at once, each opened again `--pipelined-every` ms (10,000; 0: at once, a
 *    sustained flood) after the server closes it, for `--duration` seconds: a wave of them every
 *    ten seconds or so. Health as above is reported (its longest wait is the stall a wave
 *    causes); targets: every health check 200, and the server's RSS at most 150 MB over the idle
 *    process once the waves are over (what they leave behind).
 *
 *   npm run bench:sockets [-- --duration 30 --idle 5000 --slow 3000 --addresses 30
 *                            --unread 200 --unread-big 20 --unread-duration 60
 *                            --pipelined 100 --depth 1000 --pipelined-every 10000
 *                            --only idle|slow|unread|pipelined]
 *
 * Three processes: the server (with the production defaults), so that its memory is its own; the
 * sockets, whose thousands of events would delay the probes' timers; and this one, which only
 * probes. Exits 1 when a target is missed.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
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
    unread: { type: 'string', default: '200' },
    'unread-duration': { type: 'string', default: '60' },
    'unread-big': { type: 'string', default: '20' },
    pipelined: { type: 'string', default: '100' },
    depth: { type: 'string', default: '1000' },
    'pipelined-every': { type: 'string', default: '10000' },
    // Only the scenarios whose name contains this text (idle, slow, unread, pipelined).
    only: { type: 'string' },
    // Internal: this process is the server, or holds the sockets.
    serve: { type: 'boolean', default: false },
    hold: { type: 'boolean', default: false },
  },
});

const TOKEN = 'bench-sockets-token-0123456789abcdef';
const OTHER_TOKEN = 'bench-sockets-other-0123456789abcdef';
const HEALTH_P99_TARGET_MS = 250;
const IDLE_LIFETIME_TARGET_MS = 11_000;
const RSS_RISE_TARGET_MB = 150;
const OTHER_P95_TARGET_MS = 250;
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
    tokens: [TOKEN, OTHER_TOKEN],
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
  return probe(port, '/v1/health', false);
}

/** A GET from PROBE_ADDRESS, timed from before its connection opens (agent false) to its end. */
function probe(port: number, path: string, agent: Agent | false, token?: string): Promise<Probe> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        localAddress: agent ? undefined : PROBE_ADDRESS,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
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

async function healthUntil(
  port: number,
  until: Promise<void>,
  ask: () => Promise<Probe> = () => health(port),
): Promise<Probe[]> {
  const probes: Probe[] = [];
  const state = { done: false };
  void until.then(() => (state.done = true));
  while (!state.done) {
    probes.push(await ask());
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
  kind: 'idle' | 'slow' | 'unread' | 'unread-big' | 'pipelined';
  count: number;
  addresses: string[];
  ms: number;
  /** Requests per pipelined write. */
  depth?: number;
  /** How long after a socket closes it is opened again; 10 ms by default. */
  reopenMs?: number;
};
type HoldReply = { lifetimes: number[]; stillOpen: number; opened: number };

/** Child side: holds the sockets asked for, then reports. */
async function hold() {
  const request = await new Promise<HoldRequest>((resolve) => process.once('message', resolve));
  const { port, kind, count, addresses, ms } = request;
  const depth = request.depth ?? 1;
  const get = (path: string) =>
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`;
  const starts: Record<HoldRequest['kind'], (socket: Socket) => void> = {
    idle: () => {},
    slow: (socket) => {
      socket.write(
        'POST /v1/classe/add-student HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 65536\r\n\r\n{',
      );
      const drip = setInterval(() => socket.write(' '), 1000);
      socket.on('close', () => clearInterval(drip));
    },
    // Nothing read: 16 answers of 58 KB (the kernel takes them all), or 96 in six goes.
    unread: (socket) => socket.write(get('/v1/openapi.json').repeat(16)),
    // The client's pace: six goes of 16, four a second (the server drains each into the kernel
    // in between, so none is past the pipelining limit).
    'unread-big': (socket) => {
      let goes = 0;
      const go = () => {
        if (socket.destroyed || goes++ === 6) {
          clearInterval(pace);
          return;
        }
        socket.write(get('/v1/openapi.json').repeat(16));
      };
      const pace = setInterval(go, 250);
      go();
    },
    pipelined: (socket) => socket.write(get('/v1/classe').repeat(depth)),
  };
  const start = starts[kind];
  // Those that read nothing open 10 a second, so that admission lets their requests in (a burst
  // would mostly get 429s, small answers); a pipelining flood comes all at once.
  const perTick = { idle: 500, slow: 500, unread: 1, 'unread-big': 1, pipelined: 1_000 }[kind];
  const over = new Promise<void>((resolve) => setTimeout(resolve, ms));
  const reply = await holdSockets(port, count, addresses, start, over, {
    perTick,
    reads: kind !== 'unread' && kind !== 'unread-big',
    reopenMs: request.reopenMs ?? 10,
  });
  // Disconnecting at once would drop a large reply still being written to the channel.
  process.send!(reply satisfies HoldReply, () => process.disconnect());
}

function holdSockets(
  port: number,
  count: number,
  localAddresses: string[],
  start: (socket: Socket) => void,
  until: Promise<void>,
  { perTick, reads, reopenMs }: { perTick: number; reads: boolean; reopenMs: number },
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
    if (reads) socket.on('data', () => {});
    else socket.pause();
    socket.on('error', () => {});
    socket.on('close', () => {
      open.delete(socket);
      lifetimes.push(performance.now() - began);
      // Not at once: a refused address would spin.
      setTimeout(() => openOne(at), Math.max(10, reopenMs));
    });
  };
  // At most 500 every 100 ms: thousands of connects in the same millisecond would overflow any
  // listen backlog (the kernel's), which is not what is measured here.
  const tick = Math.min(perTick, 500);
  for (let at = 0; at < count; at++) setTimeout(() => openOne(at), Math.floor(at / tick) * 100);
  return until.then(() => {
    stopped = true;
    const stillOpen = open.size;
    for (const socket of open) socket.destroy();
    return { lifetimes, stillOpen, opened };
  });
}

/**
 * The server's side of the connections to `port` (Linux's /proc/net/tcp; none elsewhere): how
 * many are established and how many closed by the server with bytes still queued to a client
 * that reads none (FIN-WAIT-1, orphans of the kernel's), and the bytes their kernel queues hold.
 */
function serverSockets(port: number, peers: string) {
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  // /proc/net/tcp writes an IPv4 address as the hex of its bytes in reverse order.
  const hex = (address: string) =>
    address
      .split('.')
      .map((byte) => Number(byte).toString(16).toUpperCase().padStart(2, '0'))
      .reverse()
      .join('');
  const peerHex = hex(`${peers}0`).slice(2);
  const tally = { open: 0, openMb: 0, closing: 0, closingMb: 0 };
  let text = '';
  try {
    text = readFileSync('/proc/net/tcp', 'utf8');
  } catch {
    return tally;
  }
  for (const line of text.split('\n').slice(1)) {
    const [, address, peer, state, queues] = line.trim().split(/\s+/);
    if (!address?.endsWith(local) || !peer?.slice(2).startsWith(peerHex) || !queues) continue;
    const mb = parseInt(queues.split(':')[0]!, 16) / 2 ** 20;
    if (state === '01') {
      tally.open += 1;
      tally.openMb += mb;
    } else if (state === '04') {
      tally.closing += 1;
      tally.closingMb += mb;
    }
  }
  return tally;
}

const describeSockets = ({ open, openMb, closing, closingMb }: ReturnType<typeof serverSockets>) =>
  `${open} open (${openMb.toFixed(0)} MB queued), ${closing} closed with bytes queued ` +
  `(${closingMb.toFixed(0)} MB)`;

/** The kernel's TCP buffers, machine-wide (Linux; 0 elsewhere), in MB. */
function tcpMemoryMb(): number {
  try {
    const pages = /TCP:.* mem (\d+)/.exec(readFileSync('/proc/net/sockstat', 'utf8'))?.[1];
    return (Number(pages ?? 0) * 4096) / 2 ** 20;
  } catch {
    return 0;
  }
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

    const runs = (name: string) => !args.only || name.includes(args.only);
    // 1. Idle sockets from one address.
    if (runs('idle')) {
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
    if (runs('slow')) {
      const addresses = Array.from(
        { length: Number(args.addresses) },
        (_, at) => `127.0.1.${at + 1}`,
      );
      const beforeRss = await rss();
      let peakRss = beforeRss;
      const over = new Promise<void>((resolve) => setTimeout(resolve, duration));
      // Twice a second until the run is over: a sampling rate, not a wait for an event.
      const sampling = () =>
        sampleEvery(500, over, async () => {
          peakRss = Math.max(peakRss, await rss());
        });
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

    // 3. Connections that send requests and read none of the answers.
    if (runs('unread')) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // An address each (a client each, for admission): the answers are what is measured here.
      const range = (prefix: string, count: number) =>
        Array.from({ length: Math.min(count, 250) }, (_, at) => `${prefix}${at + 1}`);
      const ms = Number(args['unread-duration']) * 1000;
      const beforeRss = await rss();
      const beforeTcp = tcpMemoryMb();
      let peakRss = beforeRss;
      let peakTcp = beforeTcp;
      const over = new Promise<void>((resolve) => setTimeout(resolve, ms));
      const sampling = () =>
        sampleEvery(500, over, async () => {
          peakRss = Math.max(peakRss, await rss());
          peakTcp = Math.max(peakTcp, tcpMemoryMb());
        });
      // What the server holds for them along the way, from its side of the connections; the last
      // look is before the clients go (their exit resets the connections).
      const looks: string[] = [];
      let last = { small: serverSockets(port, '127.0.2.'), big: serverSockets(port, '127.0.3.') };
      const looking = [15, 30, 45, ms / 1000 - 2]
        .filter((second) => second * 1000 < ms)
        .map(
          (second) =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                last = {
                  small: serverSockets(port, '127.0.2.'),
                  big: serverSockets(port, '127.0.3.'),
                };
                looks.push(
                  `    at ${second} s: 16 answers each: ${describeSockets(last.small)}; ` +
                    `96 each: ${describeSockets(last.big)}`,
                );
                resolve();
              }, second * 1000),
            ),
        );
      const other = new Agent({ keepAlive: true, maxSockets: 1, localAddress: PROBE_ADDRESS });
      const [, , probes, listed] = await Promise.all([
        holdIn({
          port,
          kind: 'unread',
          count: Number(args.unread),
          addresses: range('127.0.2.', Number(args.unread)),
          ms,
        }),
        holdIn({
          port,
          kind: 'unread-big',
          count: Number(args['unread-big']),
          addresses: range('127.0.3.', Number(args['unread-big'])),
          ms,
        }),
        healthUntil(port, over),
        healthUntil(port, over, () => probe(port, '/v1/classe', other, OTHER_TOKEN)),
        sampling(),
        ...looking,
      ]);
      other.destroy();
      const healthMs = probes.map((p) => p.ms);
      const listMs = listed.map((p) => p.ms);
      const failed = probes.filter((p) => p.status !== 200).length;
      const listFailed = listed.filter((p) => p.status !== 200).length;
      console.log(
        `\n${args.unread} + ${args['unread-big']} connections reading no answer, for ${ms / 1000} ` +
          `s (the server's side of them):\n${looks.join('\n')}`,
      );
      console.log(
        `  server RSS: idle ${idleRss.toFixed(0)} MB, before ${beforeRss.toFixed(0)} MB, peak ` +
          `${peakRss.toFixed(0)} MB (+${(peakRss - idleRss).toFixed(0)} MB over idle); kernel ` +
          `TCP memory (machine-wide) ${beforeTcp.toFixed(0)} MB before, peak ` +
          `${peakTcp.toFixed(0)} MB`,
      );
      console.log(
        `  health from ${PROBE_ADDRESS}: p50 ${percentile(healthMs, 50).toFixed(1)} ms, p99 ` +
          `${percentile(healthMs, 99).toFixed(1)} ms, max ${Math.max(...healthMs).toFixed(1)} ms ` +
          `over ${probes.length}, ${failed} not 200`,
      );
      console.log(
        `  other client's list: p50 ${percentile(listMs, 50).toFixed(1)} ms, p95 ` +
          `${percentile(listMs, 95).toFixed(1)} ms, max ${Math.max(...listMs).toFixed(1)} ms ` +
          `over ${listed.length}, ${listFailed} not 200`,
      );
      if (peakRss - idleRss > RSS_RISE_TARGET_MB) {
        problems.push(`unread: RSS +${(peakRss - idleRss).toFixed(0)} MB`);
      }
      if (!(percentile(healthMs, 99) <= HEALTH_P99_TARGET_MS)) {
        problems.push(`unread: health p99 ${percentile(healthMs, 99).toFixed(0)} ms`);
      }
      if (!(percentile(listMs, 95) <= OTHER_P95_TARGET_MS)) {
        problems.push(`unread: other client p95 ${percentile(listMs, 95).toFixed(0)} ms`);
      }
      if (failed + listFailed > 0) problems.push(`unread: ${failed + listFailed} probes not 200`);
      const stillOpen = last.small.open + last.big.open;
      if (stillOpen > 0) problems.push(`unread: ${stillOpen} still open after ${ms / 1000} s`);
    }

    // 4. Pipelining floods: each connection sends its requests in one write.
    if (runs('pipelined')) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const over = new Promise<void>((resolve) => setTimeout(resolve, duration));
      const [held, probes] = await Promise.all([
        holdIn({
          port,
          kind: 'pipelined',
          count: Number(args.pipelined),
          addresses: ['127.0.0.1'],
          ms: duration,
          depth: Number(args.depth),
          reopenMs: Number(args['pipelined-every']),
        }),
        healthUntil(port, over),
      ]);
      const ms = probes.map((p) => p.ms);
      const failed = probes.filter((p) => p.status !== 200).length;
      const slow = probes.filter((p) => p.ms > HEALTH_P99_TARGET_MS).length;
      const afterRss = await rss();
      console.log(
        `\n${args.pipelined} connections pipelining ${args.depth} requests each, opened again ` +
          `${args['pipelined-every']} ms after each close, for ${args.duration} s: ` +
          `${held.opened} opened`,
      );
      console.log(
        `  health from ${PROBE_ADDRESS}: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ` +
          `${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms over ` +
          `${probes.length} (${slow} past ${HEALTH_P99_TARGET_MS} ms), ${failed} not 200; ` +
          `server RSS ${afterRss.toFixed(0)} MB (idle ${idleRss.toFixed(0)} MB)`,
      );
      if (failed > 0) problems.push(`pipelined: ${failed} health checks not 200`);
      if (afterRss - idleRss > RSS_RISE_TARGET_MB) {
        problems.push(`pipelined: RSS +${(afterRss - idleRss).toFixed(0)} MB after the waves`);
      }
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

/** Runs `sample` every `ms` until `over` settles, one at a time, and once more at the end. */
async function sampleEvery(ms: number, over: Promise<unknown>, sample: () => Promise<void>) {
  let running = Promise.resolve();
  const tick = setInterval(() => {
    running = running.then(sample);
  }, ms);
  await over;
  clearInterval(tick);
  await running.then(sample);
}
