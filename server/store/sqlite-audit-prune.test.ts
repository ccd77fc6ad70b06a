/**
 * The audit's pruning on SQLite writes audit rows only: the read models in memory are not loaded
 * again for it (decision 017, memory), and still answer the store's writes around it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { demoSize } from '../seed.ts';
import { openStore, type OpenedStore } from './open-store.ts';

let dataDir: string;
let opened: OpenedStore;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'audit-prune-'));
  opened = await openStore(
    { dataDir },
    createLogger(() => undefined),
    demoSize(30),
  );
});

afterEach(async () => {
  await opened.store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const WINDOW = { after: '2000-01-01T00:00:00.000Z', before: '2100-01-01T00:00:00.000Z' };
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

it('prunes without loading the turma list again, and the expiring index follows the writes', async () => {
  const { store } = opened;
  const [turma] = (await store.listClasses({ page: 1, pageSize: 1 })).data;
  const expiring = async () =>
    (await store.listExpiring({ ...WINDOW, classIds: [turma!.id], page: 1, pageSize: 100 })).data;
  const before = await expiring();
  const ana = { name: 'Ana Prado', email: 'ana.prado@escola.example' };
  await store.enrol({ ...ana, classIds: [turma!.id], expirationDate: '2090-06-01T00:00:00.000Z' });
  await store.listClasses({ page: 1, pageSize: 1 });
  const loadedAt = store.stats().indexes.turmas.loadedAt;
  await pause();

  expect(await store.pruneAudit(new Date(Date.now() + 60_000).toISOString(), 100)).toBeGreaterThan(
    0,
  );
  await store.remove({ email: ana.email, classIds: [turma!.id] });

  expect((await store.listClasses({ page: 1, pageSize: 1 })).data).toHaveLength(1);
  expect(store.stats().indexes.turmas.loadedAt).toBe(loadedAt);
  expect(await expiring()).toEqual(before);
});
