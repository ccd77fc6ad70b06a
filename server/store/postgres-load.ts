/**
 * What PostgreSQL's change feeds share (postgres-class-list.ts, postgres-roster.ts): how they are
 * given connections, and how a model is loaded, in one snapshot with limits of its own.
 */
import type pg from 'pg';

/** Runs work on a pooled connection inside `begin` … COMMIT. */
export type WithClient = <T>(
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
) => Promise<T>;
/** Runs one statement on its own. */
export type Query = <R extends pg.QueryResultRow>(
  config: pg.QueryConfig,
) => Promise<pg.QueryResult<R>>;

const READ_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
/**
 * Reading every turma or student takes seconds at a million (more on a busy machine), past a
 * request's statement limit: a load has its own.
 */
const LOAD_TIMEOUT_MS = 120_000;

/** node-postgres reads `query_timeout` on a query too (lib/client.js); its types only on a pool. */
export const long = (text: string): pg.QueryConfig => {
  const config: pg.QueryConfig & { query_timeout: number } = {
    text,
    query_timeout: LOAD_TIMEOUT_MS + 1_000,
  };
  return config;
};

/** Runs `work` in one REPEATABLE READ snapshot, under the load's limits. */
export function inLoadSnapshot<T>(
  withClient: WithClient,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return withClient(READ_SNAPSHOT, async (client) => {
    // Seconds at a million rows: past a request's limits (postgres-schema.ts).
    await client.query(
      `SET LOCAL statement_timeout = ${LOAD_TIMEOUT_MS}; ` +
        `SET LOCAL idle_in_transaction_session_timeout = ${LOAD_TIMEOUT_MS}`,
    );
    return work(client);
  });
}
