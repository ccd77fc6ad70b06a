/**
 * `npm run backup` while the real server takes a burst of writes, and `npm run restore` into a
 * fresh store: every write acknowledged before the backup began is in it, the counts equal the
 * rows, and a server started on it answers the API. Runs on each engine (vitest.config.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classListResponseSchema, type Class } from '#contract';
import { studentSearchResponseSchema } from '#contract/extensions';
import {
  createTestDatabase,
  enrolmentRowsPerTurma,
  invariantViolations,
  storedEnrolments,
  storedStudents,
  TEST_ENGINE,
  writeFixtures,
  type TestDatabase,
} from './testing/database.ts';
import { freePort, killAllMains, startMain, type MainProcess } from './testing/main-process.ts';
import { TURMAS, type Send } from './testing/serial-replay.ts';
import { BackupError, backUp, restore, type StoreLocation } from './backup.ts';
import { apiAt, expectWriteOk, TEST_TOKEN } from './testing/test-server.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENV = {
  API_TOKENS: TEST_TOKEN,
  SEED_CLASSES: '0',
  MAX_REQUESTS_PER_CLIENT: '1000',
  MAX_REQUESTS_IN_FLIGHT: '1000',
};

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run <script> -- <args>` with `env` (a database's DATA_DIR, and DATABASE_URL on PostgreSQL);
 * without npm and tsx's own launcher, which would triple the processes each run starts.
 */
async function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', `server/${script}-cli.ts`, ...args], {
    cwd: REPO_ROOT,
    env: { ...childEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

const SQLITE_HEAD = 'SQLite format 3\0';
const PG_DUMP_HEAD = 'PGDMP\u0001\u000e';

/** The connections the API's pools hold to the database (none on SQLite). */
async function apiConnections(database: TestDatabase): Promise<number> {
  if (!database.postgres) return 0;
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND application_name = 'turmas-admin'`,
  );
  return row!.n;
}

const storeOf = (database: TestDatabase): StoreLocation =>
  database.postgres
    ? { engine: 'postgres', url: database.postgres.url }
    : { engine: 'sqlite', dataDir: database.dataDir };

interface Acknowledged {
  email: string;
  turmaId: string;
  at: number;
}

/**
 * Writers enrolling a new student each time, until stop() resolves: what was acknowledged
 * (and when), and any answer other than 200.
 */
function burstOfWrites(send: Send, writers: number) {
  const acknowledged: Acknowledged[] = [];
  const unexpected: string[] = [];
  let sent = 0;
  let stopping = false;
  const writer = async () => {
    while (!stopping) {
      const n = sent++;
      const write = { email: `burst${n}@escola.example`, turmaId: TURMAS[n % TURMAS.length]!.id };
      const answer = await send('/classe/add-student', {
        method: 'POST',
        json: { name: `Aluno ${n}`, email: write.email, classes: [{ id: write.turmaId }] },
      });
      if (answer.status === 200) acknowledged.push({ ...write, at: performance.now() });
      else unexpected.push(`${answer.status} ${answer.text}`);
    }
  };
  const running = Promise.all(Array.from({ length: writers }, writer));
  return {
    acknowledged,
    unexpected,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

let source: TestDatabase;
let restored: TestDatabase;
let main: MainProcess;
let backups: string;
beforeAll(async () => {
  backups = mkdtempSync(join(tmpdir(), 'turmas-backups-'));
  [source, restored] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await writeFixtures(source, { turmas: TURMAS });
  main = await startMain(source, ENV);
}, 60_000);
afterAll(async () => {
  killAllMains();
  await Promise.all([source.drop(), restored.drop()]);
  rmSync(backups, { recursive: true, force: true });
});

describe(`a backup taken during a burst of writes (${TEST_ENGINE})`, () => {
  const file = () => join(backups, 'turmas.backup');

  it('restored into a fresh store, holds every write acknowledged before it began', async () => {
    const burst = burstOfWrites(apiAt(main.url), 4);
    while (burst.acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    const began = performance.now();
    const backup = await runScript('backup', ['--to', file()], source.env);
    const ended = performance.now();
    // Writes go on after the backup: it was taken while they ran.
    const countAtEnd = burst.acknowledged.length;
    while (burst.acknowledged.length < countAtEnd + 5) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await burst.stop();
    expect(burst.unexpected).toEqual([]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(statSync(file()).mode & 0o777).toBe(0o600);

    const restore = await runScript('restore', [file()], restored.env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const stored = new Set(
      (await storedEnrolments(restored)).map(({ turmaId, email }) => `${turmaId} ${email}`),
    );
    const before = burst.acknowledged.filter((write) => write.at < began);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(before.filter((write) => !stored.has(`${write.turmaId} ${write.email}`))).toEqual([]);
    // A snapshot: what was acknowledged after the backup ended is not in it.
    const after = burst.acknowledged.filter((write) => write.at > ended);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((write) => stored.has(`${write.turmaId} ${write.email}`))).toEqual([]);
    expect(await invariantViolations(restored)).toEqual([]);
  }, 60_000);

  it('serves the API from the restored store: lists, counts, search, writes', async () => {
    expect(await main.terminate()).toBe(0); // two servers at once would only slow this one
    const server = await startMain(restored, ENV);
    const send = apiAt(server.url);
    const listed: Class[] = [];
    for (let page = 1; ; page++) {
      const answer = await send(`/classe?sortBy=-countStudents&pageSize=10&page=${page}`, {});
      expect(answer.status, answer.text).toBe(200);
      const { data, totalRecords } = classListResponseSchema.parse(answer.body);
      listed.push(...data);
      if (data.length === 0 || listed.length >= totalRecords) break;
    }
    expect(new Map(listed.map((turma) => [turma.id, turma.countStudents]))).toEqual(
      new Map(Object.entries(await enrolmentRowsPerTurma(restored))),
    );

    const [student] = await storedStudents(restored);
    const found = await send(`/students?query=${encodeURIComponent(student!.email)}`, {});
    expect(found.status, found.text).toBe(200);
    expect(studentSearchResponseSchema.parse(found.body).data.map((s) => s.email)).toEqual([
      student!.email,
    ]);

    const newcomer = { name: 'Depois da Cópia', email: 'depois@escola.example' };
    const classes = [{ id: TURMAS[0]!.id }];
    expectWriteOk(
      await send('/classe/add-student', { method: 'POST', json: { ...newcomer, classes } }),
    );
    expect(await invariantViolations(restored)).toEqual([]);

    // A restore over data is refused in one line, then done when told, the server stopped.
    const refused = await runScript('restore', [file()], restored.env);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/^[^\n]+ holds [^\n]+, or add --force\n$/);
    expect(await server.terminate()).toBe(0);
    // A pool's end() does not wait for the server's side of its connections to close.
    await vi.waitFor(async () => expect(await apiConnections(restored)).toBe(0), {
      timeout: 10_000,
    });
    await restore(storeOf(restored), file(), { force: true });
    const emails = (await storedStudents(restored)).map((s) => s.email);
    expect(emails).not.toContain(newcomer.email);
    expect(emails).toContain(student!.email);
  }, 60_000);

  // Either way a running server never goes on serving what the restore replaced: on PostgreSQL
  // (its processes hold the data in memory) the restore refuses; on SQLite the server sees its
  // file rewritten and loads it again (read-model.ts).
  it('never leaves a running API process serving what a forced restore replaced', async () => {
    const server = await startMain(restored, ENV);
    const send = apiAt(server.url);
    const newcomer = { name: 'Durante o Servidor', email: 'durante@escola.example' };
    expectWriteOk(
      await send('/classe/add-student', {
        method: 'POST',
        json: { ...newcomer, classes: [{ id: TURMAS[0]!.id }] },
      }),
    );
    const forced = await runScript('restore', ['--force', file()], restored.env);
    const searched = async () => {
      const found = await send(`/students?query=${encodeURIComponent(newcomer.email)}`, {});
      expect(found.status, found.text).toBe(200);
      return studentSearchResponseSchema.parse(found.body).data.map((s) => s.email);
    };
    const refuses = TEST_ENGINE === 'postgres';
    expect(forced.code, forced.stderr).toBe(refuses ? 1 : 0);
    expect(forced.stderr).toMatch(
      refuses
        ? /^The database in DATABASE_URL has \d+ connections? of the API \(application_name turmas-admin\): stop every API process first\n$/
        : /^$/,
    );
    expect((await storedStudents(restored)).map((s) => s.email).includes(newcomer.email)).toBe(
      refuses,
    );
    await vi.waitFor(
      async () => expect(await searched()).toEqual(refuses ? [newcomer.email] : []),
      {
        timeout: 10_000,
      },
    );
    expect(await server.terminate()).toBe(0);
  }, 60_000);

  it('refuses what it cannot do, saying why: no file, another engine, a taken name', async () => {
    const otherEngine = join(backups, 'other-engine');
    writeFileSync(otherEngine, TEST_ENGINE === 'sqlite' ? PG_DUMP_HEAD : SQLITE_HEAD);
    const notABackup = join(backups, 'notes.txt');
    writeFileSync(notABackup, 'hello');
    // Refused before the store is looked at: any will do.
    const empty = storeOf(restored);
    await expect(restore(empty, join(backups, 'missing'))).rejects.toThrow(
      new BackupError(`${join(backups, 'missing')}: no such file`),
    );
    await expect(restore(empty, otherEngine)).rejects.toThrow(
      /is a (PostgreSQL|SQLite) .* backup, but the store here is/,
    );
    await expect(restore(empty, notABackup)).rejects.toThrow(/is not a backup/);
    await expect(backUp(storeOf(source), file())).rejects.toThrow(/exists already/);
  });

  it('names a database it cannot reach, without its address or password', async () => {
    const dump = join(backups, 'dump');
    writeFileSync(dump, PG_DUMP_HEAD);
    // Nothing listens there.
    const url = `postgres://turmas:s3cret-pass@127.0.0.1:${await freePort()}/turmas`;
    const reason = 'Cannot use the database in DATABASE_URL: cannot reach the database';
    const store = { engine: 'postgres', url } as const;
    await expect(backUp(store, join(backups, 'unreachable'))).rejects.toThrow(
      new BackupError(reason),
    );
    await expect(restore(store, dump)).rejects.toThrow(new BackupError(reason));
  });
});
