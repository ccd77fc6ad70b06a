/**
 * What the API asks of its storage: the Store interface, its inputs, and the errors the routes
 * turn into 404s. Nothing here knows SQL; the SQLite implementation is `createStore` in
 * sqlite-store.ts, so another database (say, PostgreSQL) would implement this same interface.
 */
import type { ClassListParams, ClassListResponse } from '#contract';

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

/**
 * The three operations the API needs. Synchronous, as better-sqlite3 is: a store on a networked
 * database would return promises instead, and the routes in app.ts would await them.
 */
export interface Store {
  /** GET /v1/classe: one page and the total. SQLite: list-classes.ts (the SQL and its planner). */
  listClasses(params: ClassListParams): ClassListResponse;
  /**
   * Creates the student when the e-mail is new; re-enrolling sets the new expiry. All turmas or
   * none: UnknownClassesError when any id is unknown.
   */
  enrol(enrolment: Enrolment): void;
  /**
   * Idempotent for turmas the student is not in; atomic across the listed turmas.
   * UnknownClassesError for unknown ids, UnknownStudentError for an unknown e-mail.
   */
  remove(removal: Removal): void;
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
