/**
 * The SQLite file holds every student's name and e-mail: the server creates it, its log and its
 * shared memory readable by their owner only, as backups are, whatever the umask lets through;
 * and so does a restore into an empty DATA_DIR. Files an earlier version made wider are made
 * private at the next start, with one warning.
 */
import Database from 'better-sqlite3';
import { chmodSync, chownSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backUp, restore } from './backup.ts';
import { DATABASE_FILE, openDatabase } from './store/sqlite-schema.ts';
import {
  expectWriteOk,
  startTestServer,
  type LogEntry,
  type TestServer,
} from './testing/test-server.ts';

/** The mode of DATA_DIR's database file and of each of `suffixes` beside it, in octal. */
const modes = (dataDir: string, suffixes: string[]) =>
  Object.fromEntries(
    suffixes.map((suffix) => [
      `${DATABASE_FILE}${suffix}`,
      (statSync(join(dataDir, `${DATABASE_FILE}${suffix}`)).mode & 0o777).toString(8),
    ]),
  );

let umask: number;
let server: TestServer;
let scratch: string;
beforeAll(async () => {
  // The usual umask, under which SQLite's files are readable by everyone.
  umask = process.umask(0o022);
  scratch = mkdtempSync(join(tmpdir(), 'turmas-file-mode-'));
  // A DATA_DIR without a database: the server creates it.
  server = await startTestServer({ seedClasses: 2 });
});
afterAll(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
  process.umask(umask);
});

it('the server creates the database, its -wal and -shm with mode 0600', async () => {
  const [turma] = await server.listAllClasses();
  expectWriteOk(
    await server.addStudentToClass(turma!.id, { name: 'Ana', email: 'ana@escola.example' }),
  );
  expect(modes(server.dataDir, ['', '-wal', '-shm'])).toEqual({
    'turmas.sqlite': '600',
    'turmas.sqlite-wal': '600',
    'turmas.sqlite-shm': '600',
  });
});

it('a restore into an empty DATA_DIR creates the database with mode 0600', async () => {
  const file = join(scratch, 'turmas.backup');
  await backUp({ engine: 'sqlite', dataDir: server.dataDir }, file);
  const restored = join(scratch, 'restored');
  await restore({ engine: 'sqlite', dataDir: restored }, file);
  expect(modes(restored, [''])).toEqual({ 'turmas.sqlite': '600' });
});

/**
 * A DATA_DIR as an earlier version left it: the database 0644 and, given `held`, the -wal and -shm
 * of a connection still open on it (kept there), 0644 too.
 */
function olderVersionsFiles(dataDir: string, held?: Database.Database[]) {
  openDatabase(dataDir).db.close();
  const suffixes = [''];
  if (held) {
    const db = new Database(join(dataDir, DATABASE_FILE));
    db.prepare('SELECT count(*) FROM classes').get();
    held.push(db);
    suffixes.push('-wal', '-shm');
  }
  for (const suffix of suffixes) chmodSync(join(dataDir, `${DATABASE_FILE}${suffix}`), 0o644);
}

it('makes a database an earlier version left 0644 private at start, and says so once', async () => {
  const held: Database.Database[] = [];
  const older = await startTestServer({ prepare: (dataDir) => olderVersionsFiles(dataDir, held) });
  try {
    expect(modes(older.dataDir, ['', '-wal', '-shm'])).toEqual({
      'turmas.sqlite': '600',
      'turmas.sqlite-wal': '600',
      'turmas.sqlite-shm': '600',
    });
    const warnings = older.logLines
      .map((line) => JSON.parse(line) as LogEntry)
      .filter((entry) => entry.level === 'warn');
    expect(warnings).toEqual([
      expect.objectContaining({
        msg: 'database files were readable by other users: made readable by their owner only',
        files: ['', '-wal', '-shm'].map(
          (suffix) => `${join(older.dataDir, DATABASE_FILE)}${suffix} (was 644)`,
        ),
      }),
    ]);
    // Once made private, nothing more to say.
    await older.restart();
    expect(older.logLines.filter((line) => line.includes('"level":"warn"'))).toHaveLength(1);
  } finally {
    for (const db of held) db.close();
    await older.stop();
  }
});

// Only root can give a file to another user; the server then cannot change its mode.
it.skipIf(process.getuid?.() !== 0)(
  'starts on a database another user owns, leaving its mode and saying so',
  async () => {
    const theirs = await startTestServer({
      prepare: (dataDir) => {
        olderVersionsFiles(dataDir);
        chownSync(join(dataDir, DATABASE_FILE), 65534, 65534);
      },
    });
    try {
      expect(modes(theirs.dataDir, [''])).toEqual({ 'turmas.sqlite': '644' });
      expect(await theirs.listClasses()).toMatchObject({ totalRecords: 0 });
      const warned = theirs.logLines.filter((line) => line.includes('"level":"warn"'));
      expect(warned).toEqual([
        expect.stringContaining(
          `"msg":"database files are readable by other users, and not ours to change: chmod 600 them","files":["${join(theirs.dataDir, DATABASE_FILE)} (644, owned by uid 65534)"]`,
        ),
      ]);
    } finally {
      await theirs.stop();
    }
  },
);
