/**
 * The store the server runs on: PostgreSQL when DATABASE_URL names one, SQLite in DATA_DIR
 * otherwise (the embedded default). Routes see only the Store interface.
 */
import { chmodSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { WarningLogger } from '../log.ts';
import { seed, type SeedSize } from '../seed.ts';
import { openPostgresStore } from './postgres-store.ts';
import type { PostgresConfig } from './postgres-schema.ts';
import { startCheckpoints } from './sqlite-checkpoints.ts';
import { DATABASE_FILE, openDatabase } from './sqlite-schema.ts';
import { createStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

export interface StoreConfig {
  /** SQLite's directory (DATA_DIR); unused with `postgres`. */
  dataDir: string;
  /** DATABASE_URL and its pool's settings: PostgreSQL instead of SQLite. */
  postgres?: PostgresConfig | undefined;
}

export interface OpenedStore {
  store: Store;
  engine: 'sqlite' | 'postgres';
  /** A new database, seeded with `seedWhenCreated` when given. */
  created: boolean;
  /** The schema version it had when it was older than the current one. */
  migratedFrom?: number | undefined;
}

export async function openStore(
  config: StoreConfig,
  log: WarningLogger,
  seedWhenCreated?: SeedSize,
): Promise<OpenedStore> {
  if (config.postgres) {
    const opened = await openPostgresStore(config.postgres, log, seedWhenCreated);
    return { ...opened, engine: 'postgres' };
  }
  makePrivate(config.dataDir, log);
  const { db, created, migratedFrom } = openDatabase(config.dataDir);
  if (created && seedWhenCreated) seed(db, seedWhenCreated);
  // Off the event loop (sqlite-checkpoints.ts), stopped before the store's connection closes.
  const checkpoints = startCheckpoints(db.name);
  const store = createStore(db, log);
  const close = async () => {
    await checkpoints.stop();
    await store.close();
  };
  return { store: { ...store, close }, engine: 'sqlite', created, migratedFrom };
}

/**
 * The database file, its -wal and -shm made readable by their owner only, as a new one is
 * (createPrivateDatabaseFile): a version before that made them 0644, and they hold every student's
 * name and e-mail. Before SQLite opens the file, so a -wal or -shm it makes takes the new mode.
 * Only files this process's user owns (another's is left, and said); never a reason not to start.
 */
function makePrivate(dataDir: string, log: WarningLogger): void {
  const files = ['', '-wal', '-shm'].map((suffix) => join(dataDir, `${DATABASE_FILE}${suffix}`));
  makeOwnerOnly(files, log, {
    tightened: 'database files were readable by other users: made readable by their owner only',
    leftOpen: 'database files are readable by other users, and not ours to change: chmod 600 them',
  });
}

/**
 * Files made readable by their owner only where group or others may read them, each said in a
 * warning (`said`): those this process's user owns are changed, another's are left. Never throws.
 */
export function makeOwnerOnly(
  files: readonly string[],
  log: WarningLogger,
  said: { tightened: string; leftOpen: string },
): void {
  const tightened: string[] = [];
  const leftOpen: string[] = [];
  const uid = process.getuid?.();
  if (uid === undefined) return; // no POSIX modes (Windows)
  for (const file of files) {
    try {
      const { mode, uid: owner } = statSync(file);
      if ((mode & 0o077) === 0) continue;
      const was = (mode & 0o777).toString(8);
      if (owner !== uid) {
        leftOpen.push(`${file} (${was}, owned by uid ${owner})`);
        continue;
      }
      chmodSync(file, mode & 0o700);
      tightened.push(`${file} (was ${was})`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') leftOpen.push(`${file} (${code ?? String(error)})`);
    }
  }
  if (tightened.length > 0) log.warn(said.tightened, { files: tightened });
  if (leftOpen.length > 0) log.warn(said.leftOpen, { files: leftOpen });
}
