/**
 * The store the server runs on: PostgreSQL when DATABASE_URL names one, SQLite in DATA_DIR
 * otherwise (the embedded default). Routes see only the Store interface.
 */
import type { Logger } from '../log.ts';
import { seed, type SeedSize } from '../seed.ts';
import { openPostgresStore } from './postgres-store.ts';
import type { PostgresConfig } from './postgres-schema.ts';
import { startCheckpoints } from './sqlite-checkpoints.ts';
import { openDatabase } from './sqlite-schema.ts';
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
  log: Logger,
  seedWhenCreated?: SeedSize,
): Promise<OpenedStore> {
  if (config.postgres) {
    const opened = await openPostgresStore(config.postgres, log, seedWhenCreated);
    return { ...opened, engine: 'postgres' };
  }
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
