/**
 * What the API asks of its storage: the Store interface, its inputs, and the errors the routes
 * turn into answers. Nothing here knows SQL. Two engines implement it: SQLite in DATA_DIR, the
 * default (sqlite-store.ts), and PostgreSQL when DATABASE_URL names one (postgres-store.ts);
 * open-store.ts picks one (docs/decisions/014-postgresql-store.md).
 */
import type { ClassListParams, ClassListResponse } from '#contract';
import type {
  AuditParams,
  AuditResponse,
  ExpiringResponse,
  RosterParams,
  RosterResponse,
  StudentSearchParams,
  StudentSearchResponse,
  StudentsByEmailResponse,
  UndoBody,
  UndoResponse,
} from '#contract/extensions';
import type { ExpiringWindow } from './expiring.ts';
import type { ModelTimes } from './read-model.ts';

export interface Enrolment {
  name: string;
  email: string;
  expirationDate?: string | undefined;
  classIds: string[];
}

export interface Removal {
  email: string;
  classIds: string[];
}

/** Who wrote, for the audit trail: the credential's name, and the run the write is part of. */
export interface WriteAuthor {
  credential: string;
  runId?: string | undefined;
}

/** A write with no credential behind it (seeding, tests of the store alone). */
export const UNNAMED_AUTHOR: WriteAuthor = { credential: 'unnamed' };

/** Asynchronous, as a networked database is; SQLite answers at once. */
export interface Store {
  /**
   * GET /v1/classe: one page and the total, from the index in memory (class-search.ts). Without
   * `sortBy`, a search comes best match first (RANK_EXTENSION) and no search by name.
   */
  listClasses(params: ClassListParams): Promise<ClassListResponse>;
  /**
   * Creates the student when the e-mail is new; re-enrolling sets the new expiry. All turmas or
   * none: UnknownClassesError when any id is unknown.
   */
  enrol(enrolment: Enrolment, by?: WriteAuthor): Promise<void>;
  /**
   * Idempotent for turmas the student is not in; atomic across the listed turmas.
   * UnknownClassesError for unknown ids, UnknownStudentError for an unknown e-mail.
   */
  remove(removal: Removal, by?: WriteAuthor): Promise<void>;
  /**
   * GET /v1/audit (the audit extension): the writes' entries, newest first, filtered. Every
   * enrol, remove and undo writes one in its own transaction (decision 019).
   */
  listAudit(params: AuditParams): Promise<AuditResponse>;
  /**
   * POST /v1/audit/undo: restores each turma of the entry (or of each entry of the run, newest
   * first) to its state before, where the student's state there is still what the entry left;
   * audited as `undo`. AuditEntryNotFoundError when there is no such entry or run.
   */
  undo(target: UndoBody, by: WriteAuthor): Promise<UndoResponse>;
  /** Deletes up to `batch` of the entries written before `olderThan`; answers how many. */
  pruneAudit(olderThan: string, batch: number): Promise<number>;
  /**
   * The names of those of these turmas that exist, by id: the extensions' answers name the
   * turmas they mention (the roster, the audit trail, undo), as no v1 call reads one turma.
   */
  classNames(classIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /**
   * GET /v1/classe/{id}/students (the roster extension): one page of a turma's students.
   * UnknownClassesError when the turma does not exist.
   */
  listRoster(classId: string, params: RosterParams): Promise<RosterResponse>;
  /**
   * GET /v1/students (the roster extension): one page of the students whose name or e-mail
   * match, each with their turmas; never stale with respect to any process's committed writes.
   */
  searchStudents(params: StudentSearchParams): Promise<StudentSearchResponse>;
  /**
   * GET /v1/students/by-email (the students-by-email extension): the students with these
   * e-mails (lower-cased), each once, in the order asked, with all their turmas; unknown e-mails
   * are left out. Read from the database in one statement: never stale.
   */
  studentsByEmail(emails: readonly string[]): Promise<StudentsByEmailResponse>;
  /**
   * GET /v1/enrolments/expiring (the expiring extension): one page of the enrolments whose expiry
   * is in the window, soonest first (expiring.ts); read from the tables: never stale.
   */
  listExpiring(window: ExpiringWindow): Promise<ExpiringResponse>;
  /**
   * Resolves when the database answers (on PostgreSQL: answered within the last second, else
   * asked: postgres-pool.ts), with what GET /v1/health adds about it; StoreUnavailableError
   * otherwise.
   */
  check(): Promise<DatabaseHealth>;
  /**
   * Loads an index in memory before the first request, which would otherwise wait for it
   * (seconds at a million turmas): the turmas' (PostgreSQL's loads as it opens) or the students'
   * (the roster extension). The build gives the event loop turns, so that liveness and health
   * answer meanwhile (decision 018). Once `stop` is aborted a load may end at its next turn,
   * rejecting with its reason and leaving the index unloaded (SQLite's do; PostgreSQL's run to
   * their end): for a start that is stopped, which closes the store next.
   */
  load(index: 'turmas' | 'students', stop?: AbortSignal): Promise<void>;
  /** Lets the work in flight end, then releases the database. */
  close(): Promise<void>;
  /** What /metrics reads at a scrape: figures kept in memory, no query and no wait. */
  stats(): StoreStats;
}

/** A store's figures for /metrics (decision 018). */
export interface StoreStats {
  /** The in-memory indexes (read-model.ts); no times before the first load. */
  indexes: { turmas: ModelTimes; students: ModelTimes };
  /** PostgreSQL's connection pool: its size, connections lent out and idle, requests waiting. */
  pool?: { max: number; inUse: number; idle: number; waiting: number };
  /** SQLite: statements that found another connection's lock and waited, since the start. */
  busyWaits?: { reads: number; writes: number };
}

/** What GET /v1/health reports of the database besides its answering. */
export interface DatabaseHealth {
  /** SQLite's write lock (sqlite-lock.ts); PostgreSQL has no lock of the whole database. */
  writeLock?: WriteLockState;
}

export interface WriteLockState {
  /** Another connection holds the write lock now: writes wait for it, then answer 503. */
  held: boolean;
  /** Writes of this server waiting for it now. */
  writesWaiting: number;
}

export class UnknownClassesError extends Error {
  readonly ids: string[];
  constructor(ids: string[]) {
    super(`No class with id ${ids.join(', ')}`);
    this.ids = ids;
  }
}

export class UnknownStudentError extends Error {
  constructor() {
    super('Student not found');
  }
}

export class AuditEntryNotFoundError extends Error {
  constructor(target: UndoBody) {
    super('entryId' in target ? `No audit entry ${target.entryId}` : `No run ${target.runId}`);
  }
}

/**
 * The database cannot answer now (down, restarting, unreachable, overloaded): a 503 with
 * Retry-After. `reason` is for the health probe and the log, and holds no address or secret.
 */
export class StoreUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Database unavailable: ${reason}`, options);
    this.reason = reason;
  }
}
