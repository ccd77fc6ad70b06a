/**
 * Each Playwright worker gets its own reference API (serving the built console from dist/) on a
 * fresh temporary database with demo turmas, so tests never share state across workers and
 * leave nothing behind.
 */
import { test as base, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CredentialEntry } from '../server/credentials.ts';
import { startServer } from '../server/server.ts';

export const DEMO_CLASSES = 30;

interface WorkerFixtures {
  /** Demo turmas the worker's database starts with; a test file may `test.use()` another size. */
  demoClasses: number;
  /**
   * Whether the server offers the extensions beyond v1 (the roster): on, unless a test file
   * `test.use({ apiExtensions: false })`s a plain v1, or E2E_API_EXTENSIONS=off runs the whole
   * suite against one (as `API_EXTENSIONS=off` serves it).
   */
  apiExtensions: boolean;
  /** Named credentials besides the worker's token (a test file's `test.use()`), e.g. a read one. */
  credentials: readonly CredentialEntry[];
  server: { url: string; token: string };
}

interface TestFixtures {
  /** A token the server accepts. */
  token: string;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  demoClasses: [DEMO_CLASSES, { scope: 'worker', option: true }],
  apiExtensions: [process.env.E2E_API_EXTENSIONS !== 'off', { scope: 'worker', option: true }],
  credentials: [[], { scope: 'worker', option: true }],
  server: [
    async ({ demoClasses, apiExtensions, credentials }, use) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'turmas-e2e-'));
      const token = randomBytes(24).toString('base64url');
      const server = await startServer({
        dataDir,
        tokens: [token],
        credentials,
        // Another build can be tested side by side with E2E_DIST_DIR (vite build --outDir …).
        staticDir: process.env.E2E_DIST_DIR ?? 'dist',
        seedClasses: demoClasses,
        extensions: apiExtensions,
        // Request lines would drown the test report; failures show in traces instead.
        log: () => {},
      });
      try {
        await use({ url: server.url, token });
      } finally {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  token: async ({ server }, use) => use(server.token),
});

export { expect };
