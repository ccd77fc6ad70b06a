/**
 * What `npm run backup` and `npm run restore` say about the files themselves (backup.ts, SQLite):
 * a damaged backup is refused in one line, and two backups to the same FILE at once give one
 * backup and one clear refusal.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backUp, backupEngine } from './backup.ts';
import { DATABASE_FILE, openDatabase } from './store/sqlite-schema.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'turmas-backup-files-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A SQLite file of 3,000 rows and an index, with 200 bytes overwritten every 4 KiB from its third
 * page (a fixed pattern): quick_check reports its 100 problems in one row, a line each.
 */
function damagedFile(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); CREATE INDEX t_name ON t(name)');
  const insert = db.prepare('INSERT INTO t (name) VALUES (?)');
  db.transaction(() => {
    for (let n = 0; n < 3_000; n++) insert.run(`name-${n}-${'x'.repeat(n % 50)}`);
  })();
  db.close();
  let seed = 1;
  const noise = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) % 256;
  const fd = openSync(file, 'r+');
  try {
    for (let at = 8_292; at < statSync(file).size; at += 4_096) {
      writeSync(fd, Buffer.from(Array.from({ length: 200 }, noise)), 0, 200, at);
    }
  } finally {
    closeSync(fd);
  }
}

describe('a damaged backup', () => {
  it('is refused by restore in one line: how many problems, and the first; exit 1', async () => {
    const file = join(dir, 'damaged.sqlite');
    damagedFile(file);
    const dataDir = join(dir, 'restore-target');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/restore-cli.ts', file], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];

    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\(quick_check found ` +
            `100 problems or more; the first: Tree \\d+ page \\d+ cell \\d+: [^\\n]+\\)$`,
        ),
      ),
    ]);
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
  }, 30_000);
});

describe('two backups to the same FILE at once', () => {
  it('one writes it; the other is refused at once, saying another backup is writing it', async () => {
    const dataDir = join(dir, 'source');
    openDatabase(dataDir).db.close();
    const store = { engine: 'sqlite', dataDir } as const;
    const to = join(dir, 'same.sqlite');

    const outcomes = await Promise.allSettled([backUp(store, to), backUp(store, to)]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = outcomes.find((outcome) => outcome.status === 'rejected')!.reason as unknown;
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as BackupError).message).toBe(
      `${to}.partial exists: another backup is writing ${to} now (if none is running, ` +
        `one was stopped before its end: delete ${to}.partial)`,
    );
    expect(await backupEngine(to)).toBe('sqlite');
    expect(statSync(to).mode & 0o777).toBe(0o600);
    expect(existsSync(`${to}.partial`)).toBe(false);
  });
});
