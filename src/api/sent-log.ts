/**
 * What this browser sent, for History against a platform that keeps no audit trail (no `audit`
 * extension): each v1 write with when, the student, the turmas, the operation and the outcome as
 * the answer said. Against a server with `audit` nothing is kept: its trail is the truth.
 *
 * Kept in sessionStorage (dies with the tab), or in localStorage when the person chose "remember
 * on this device" at sign-in; entries older than SENT_LOG_DAYS are dropped on read and on write,
 * only the newest SENT_LOG_MAX are kept, and whatever the storage holds that is not ours (another
 * version, a hand edit) is ignored. Decision 019, "History without the extension".
 */
import { z } from 'zod/mini';
import { ApiError, newRunId, type SentWrite } from './client';

export const SENT_LOG_KEY = 'turmas-admin.sent-log';
export const SENT_LOG_DAYS = 30;
/** About 300 bytes each: 2,000 stay well inside any browser's 5 MB of storage. */
export const SENT_LOG_MAX = 2000;
const DAY_MS = 86_400_000;
/** A bulk run records a row every few ms: its rows reach storage together, a few times a second. */
const FLUSH_DELAY_MS = 250;

const outcomeSchema = z.object({
  /** `no-answer`: sent, but no answer came (offline, timeout): it may or may not have happened. */
  kind: z.enum(['done', 'refused', 'not-sent', 'no-answer']),
  /** A refusal's HTTP status and message, as the server said them. */
  status: z.optional(z.number()),
  message: z.optional(z.string()),
});

const sentEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601, when the answer came. */
  at: z.iso.datetime(),
  /** The write's run: a bulk run's rows and a move's two calls share it. */
  runId: z.string(),
  operation: z.enum(['enrol', 'remove']),
  student: z.object({ name: z.nullable(z.string()), email: z.string() }),
  expirationDate: z.nullable(z.string()),
  /** Named as the lists loaded in this tab named them when it was sent, else null. */
  turmas: z.array(z.object({ id: z.string(), name: z.nullable(z.string()) })),
  /** One write is one transaction: its outcome is each of its turmas'. */
  outcome: outcomeSchema,
});

export type SentEntry = z.infer<typeof sentEntrySchema>;
export type SentOutcome = SentEntry['outcome'];

const storedSchema = z.object({ version: z.literal(1), entries: z.array(z.unknown()) });

export interface SentLogOptions {
  /** Whether the person chose "remember on this device" at sign-in (read at each use). */
  remembered: () => boolean;
  /** A turma's name as this tab's lists show it, when it is sent. */
  turmaName?: (classId: string) => string | undefined;
  now?: () => number;
}

export interface SentLog {
  /** Keeps `write` once it is answered, unless the server keeps an audit trail. */
  record: (write: SentWrite) => void;
  /** Newest first, none older than SENT_LOG_DAYS. Same array until something changes. */
  entries: () => readonly SentEntry[];
  /** Forgets everything, in both storages. */
  clear: () => void;
  /** Writes what is recorded but not yet stored (it is also written shortly after). */
  flush: () => void;
  subscribe: (listener: () => void) => () => void;
}

type Kind = 'sessionStorage' | 'localStorage';
const SESSION: Kind = 'sessionStorage';
const LOCAL: Kind = 'localStorage';

function storageOf(kind: Kind): Storage | undefined {
  // Blocked storage throws on access: the log then lasts as long as the page.
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

/** Ours and well-formed, or nothing: a foreign or broken value never reaches the view. */
function readFrom(kind: Kind): SentEntry[] {
  let text: string | null | undefined;
  try {
    text = storageOf(kind)?.getItem(SENT_LOG_KEY);
  } catch {
    return [];
  }
  if (!text) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const stored = storedSchema.safeParse(json);
  if (!stored.success) return [];
  return stored.data.entries.flatMap((entry) => {
    const parsed = sentEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

function writeTo(kind: Kind, entries: readonly SentEntry[] | null): void {
  const storage = storageOf(kind);
  try {
    if (entries === null || entries.length === 0) storage?.removeItem(SENT_LOG_KEY);
    else storage?.setItem(SENT_LOG_KEY, JSON.stringify({ version: 1, entries }));
  } catch {
    // Quota or blocked storage: the page's copy still shows until it is closed.
  }
}

/** A later answer to the same write of the same run (a retry) replaces the earlier one. */
const sameWrite = (entry: SentEntry) =>
  [entry.runId, entry.operation, entry.student.email, ...entry.turmas.map(({ id }) => id)].join(
    '\n',
  );

/** Oldest first in, newest first out: each write once, none too old, at most SENT_LOG_MAX. */
function tidy(oldestFirst: readonly SentEntry[], now: number): SentEntry[] {
  const since = now - SENT_LOG_DAYS * DAY_MS;
  const byWrite = new Map<string, SentEntry>();
  for (const entry of oldestFirst) {
    if (Date.parse(entry.at) < since) continue;
    const key = sameWrite(entry);
    byWrite.delete(key);
    byWrite.set(key, entry);
  }
  return [...byWrite.values()].reverse().slice(0, SENT_LOG_MAX);
}

function outcomeOf(error: unknown): SentOutcome {
  if (!(error instanceof ApiError)) return { kind: 'not-sent' };
  if (error.kind === 'http') {
    return {
      kind: 'refused',
      message: error.message,
      ...(error.status && { status: error.status }),
    };
  }
  // A body that failed the contract on its way out never left; a 2xx whose body did on its way
  // in was done all the same.
  if (error.kind === 'contract') return { kind: error.status === undefined ? 'not-sent' : 'done' };
  return { kind: 'no-answer' };
}

export function createSentLog({
  remembered,
  turmaName = () => undefined,
  now = Date.now,
}: SentLogOptions): SentLog {
  let pending: SentEntry[] = [];
  let snapshot: readonly SentEntry[] | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const changed = () => {
    snapshot = undefined;
    for (const listener of listeners) listener();
  };

  /** Both storages, newest first: a choice changed at a new sign-in moves what was kept. */
  // What storage holds, oldest first, as last read or written: parsing 2,000 entries takes ~30 ms,
  // so storage is read again only when another tab has written it (or after clear()).
  let known: SentEntry[] | undefined;

  const store = (): readonly SentEntry[] => {
    const [chosen, other] = remembered() ? [LOCAL, SESSION] : [SESSION, LOCAL];
    // Both storages: a choice changed at a new sign-in moves what was kept to the chosen one.
    known ??= [...readFrom(other), ...readFrom(chosen)].sort(byTime);
    const kept = tidy([...known, ...pending], now());
    const same = pending.length === 0 && kept.length === known.length;
    pending = [];
    known = [...kept].reverse();
    if (!same || storageOf(other)?.getItem(SENT_LOG_KEY)) {
      writeTo(other, null);
      writeTo(chosen, kept);
    }
    return kept;
  };

  const flush = () => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (pending.length > 0) store();
  };

  const keep = (entry: SentEntry) => {
    pending.push(entry);
    flushTimer ??= setTimeout(flush, FLUSH_DELAY_MS);
    changed();
  };

  if (typeof window !== 'undefined') {
    // Closing the tab or leaving the page must not lose the last few rows of a run.
    window.addEventListener('pagehide', flush);
    // Another tab that remembers on this device wrote or cleared the shared copy.
    window.addEventListener('storage', (event) => {
      if (event.key !== SENT_LOG_KEY && event.key !== null) return;
      known = undefined;
      changed();
    });
  }

  return {
    record(write) {
      const { body } = write;
      const ids =
        write.classId !== undefined
          ? [write.classId]
          : 'classes' in body
            ? body.classes.map(({ id }) => id)
            : [];
      // Named as it is sent: by the answer the lists may have moved on.
      const turmas = ids.map((id) => ({ id, name: turmaName(id) ?? null }));
      const entry = (outcome: SentOutcome): SentEntry => ({
        id: newRunId(),
        at: new Date(now()).toISOString(),
        runId: write.runId ?? newRunId(),
        operation: write.method === 'DELETE' ? 'remove' : 'enrol',
        student: {
          name: 'name' in body ? body.name.trim() : null,
          email: body.email.trim().toLowerCase(),
        },
        expirationDate: ('expirationDate' in body && body.expirationDate) || null,
        turmas,
        outcome,
      });
      write.answer.then(
        () => write.audited() || keep(entry({ kind: 'done' })),
        (error: unknown) => write.audited() || keep(entry(outcomeOf(error))),
      );
    },

    entries() {
      // Reading stores too: what is too old leaves the device now, not at the next write.
      clearTimeout(flushTimer);
      flushTimer = undefined;
      return (snapshot ??= store());
    },

    clear() {
      clearTimeout(flushTimer);
      flushTimer = undefined;
      pending = [];
      known = undefined;
      writeTo(SESSION, null);
      writeTo(LOCAL, null);
      changed();
    },

    flush,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const byTime = (a: SentEntry, b: SentEntry) => Date.parse(a.at) - Date.parse(b.at);
