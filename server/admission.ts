/**
 * Admission control in front of the routes (docs/decisions/007-server-reliability-and-security.md,
 * issue 33): a bounded number of requests in flight per client and in all. A client is a token
 * and the address it calls from (client-address.ts), so one school sharing a token behind one NAT
 * is one client, bounded but not one request at a time.
 *
 * - Past `perClient`, that client's next request is a 429 at once; past `inFlight`, anyone's is a
 *   503 at once; both with Retry-After and the Error body. Nothing waits unboundedly.
 * - Admitted requests run `running` at a time (on PostgreSQL, fewer than the pool's connections,
 *   so that /v1/health, which is not admitted, always finds one), one client at most half of
 *   them. The rest wait, taken one client at a time in turn, so a client with one request waits
 *   behind at most one request of each other client, however many those sent.
 * - One request starts per turn of the event loop: SQLite answers synchronously, and a burst
 *   started at once would hold every socket, health checks included, until all had run.
 */
import type { Context, MiddlewareHandler } from 'hono';

export interface AdmissionLimits {
  /** Requests one client may have in flight, running or waiting: past it, 429. */
  perClient: number;
  /** Requests all clients together may have in flight: past it, 503. */
  inFlight: number;
  /** Of those, how many run at once; the others wait. */
  running: number;
}

/**
 * The reasons: decision 007. A console in use has a few requests at once (a list, a roster, a
 * search while typing) and a bulk run four more; 16 leaves room for a few people behind one
 * address. 64 in all is four such clients at their limit, and a few seconds of work at the
 * most expensive request (4 ms each).
 */
export const ADMISSION_DEFAULTS: AdmissionLimits = { perClient: 16, inFlight: 64, running: 8 };

/** What a 429 asks the client to wait: its own requests in flight end within a second. */
const TOO_MANY_RETRY_AFTER_SECONDS = 1;
/** What a 503 asks everyone to wait, as the database's 503s do. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** How a refusal is answered: app.ts's Error body. */
export type Refusal = (c: Context, status: 429 | 503, message: string) => Response;

export interface AdmissionState {
  /** Requests admitted and not yet answered, running or waiting. */
  inFlight: number;
  waiting: number;
  /** In flight at `inFlight`: a new request is refused with 503 now. */
  saturated: boolean;
}

export interface Admission {
  /** The middleware: admits the request as `clientOf(c)`'s, or refuses it. */
  admit: (clientOf: (c: Context) => string) => MiddlewareHandler;
  /**
   * Refuses, as `admit` would, a request that would be refused now, without admitting it: before
   * a write's body is read, so that a flood's refusals cost no body; it is admitted once read.
   */
  refuseEarly: (clientOf: (c: Context) => string) => MiddlewareHandler;
  state: () => AdmissionState;
}

interface Client {
  inFlight: number;
  running: number;
  waiting: (() => void)[];
  /** In `turns`: it has requests waiting and may run one more. */
  inTurn: boolean;
}

export function createAdmission(limits: AdmissionLimits, refuse: Refusal): Admission {
  const clients = new Map<string, Client>();
  /** Clients with requests waiting, in the order they are served. */
  const turns: Client[] = [];
  let inFlight = 0;
  let waiting = 0;
  let running = 0;
  let scheduled = false;
  /**
   * One client runs at most half the places at once: on PostgreSQL its requests may wait on each
   * other's row locks (writes to the same turmas), holding their places, and another client's
   * request must still find one.
   */
  const share = Math.max(1, Math.floor(limits.running / 2));

  const schedule = () => {
    if (scheduled || turns.length === 0 || running >= limits.running) return;
    scheduled = true;
    setImmediate(startNext);
  };

  /** Puts `client` in turn when it has a request waiting and may run one more. */
  function takeTurn(client: Client) {
    if (client.inTurn || client.waiting.length === 0 || client.running >= share) return;
    client.inTurn = true;
    turns.push(client);
  }

  function startNext() {
    scheduled = false;
    const client = turns.shift();
    if (!client) return;
    client.inTurn = false;
    const start = client.waiting.shift()!;
    waiting -= 1;
    running += 1;
    client.running += 1;
    takeTurn(client);
    start();
    schedule();
  }

  /** The answer for a request of `known` arriving now, if it is refused. */
  function refusal(c: Context, known: Client | undefined): Response | undefined {
    if (known && known.inFlight >= limits.perClient) {
      c.header('Retry-After', String(TOO_MANY_RETRY_AFTER_SECONDS));
      return refuse(
        c,
        429,
        `Too many requests at once: at most ${limits.perClient} in flight per client. ` +
          'Try again shortly.',
      );
    }
    if (inFlight >= limits.inFlight) {
      c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      return refuse(c, 503, 'Service unavailable: the server is busy. Try again shortly.');
    }
    return undefined;
  }

  return {
    state: () => ({ inFlight, waiting, saturated: inFlight >= limits.inFlight }),

    refuseEarly: (clientOf) => async (c, next) => {
      const refused = refusal(c, clients.get(clientOf(c)));
      if (refused) return refused;
      await next();
    },

    admit: (clientOf) => async (c, next) => {
      const key = clientOf(c);
      const known = clients.get(key);
      const refused = refusal(c, known);
      if (refused) return refused;
      const client = known ?? { inFlight: 0, running: 0, waiting: [], inTurn: false };
      if (!known) clients.set(key, client);
      client.inFlight += 1;
      inFlight += 1;
      waiting += 1;
      const started = new Promise<void>((resolve) => client.waiting.push(resolve));
      takeTurn(client);
      schedule();
      try {
        await started;
        await next();
      } finally {
        running -= 1;
        inFlight -= 1;
        client.inFlight -= 1;
        client.running -= 1;
        if (client.inFlight === 0) clients.delete(key);
        takeTurn(client);
        schedule();
      }
    },
  };
}
