/**
 * The SQLite file holds every student's name and e-mail: the server creates it, its log and its
 * shared memory readable by their owner only, as backups are, whatever the umask lets through;
 * and so does a restore into an empty DATA_DIR.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backUp, restore } from './backup.ts';
import { DATABASE_FILE } from './store/sqlite-schema.ts';
import { expectWriteOk, startTestServer, type TestServer } from './testing/test-server.ts';

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
