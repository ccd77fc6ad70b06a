/**
 * The write-ahead log goes back into the database file from the server's checkpoint thread
 * (store/sqlite-checkpoints.ts), not only when a commit finds it past WAL_PAGES_MAX on the
 * server's own connection, which would hold the event loop meanwhile (decision 007).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from './store/sqlite-schema.ts';
import { STANDARD_FIXTURES, TURMAS } from './testing/fixtures.ts';
import { expectWriteOk, startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES });
});
afterAll(() => server.stop());

const fileDigest = async () =>
  createHash('sha256')
    .update(await readFile(join(server.dataDir, DATABASE_FILE)))
    .digest('hex');

describe('WAL checkpoints', () => {
  it('copy a write into the database file within a second or so, off the event loop', async () => {
    await vi.waitFor(async () => expect(await fileDigest()).toBe(await fileDigest()));
    const before = await fileDigest();
    expectWriteOk(
      await server.addStudentToClass(TURMAS.fisica.id, {
        name: 'Dora Nunes',
        email: 'dora@escola.example',
      }),
    );

    await vi.waitFor(async () => expect(await fileDigest()).not.toBe(before), {
      timeout: 5_000,
      interval: 100,
    });
  });
});
