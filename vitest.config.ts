import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Suites that start real servers share two cores: keep them from starving each other.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          // The page on the test API's own origin (src/testing/api-client.ts), as the default
          // config.js has it: a failed call then reads as the network's fault, not CORS's.
          environmentOptions: { jsdom: { url: 'http://api.test/' } },
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          // The slowest component test takes ~2.5 s on a 2-core machine; room for a busy one.
          testTimeout: 15_000,
        },
      },
      // Checks of the repository itself and the scripts' helpers: no browser, no server.
      {
        extends: true,
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      // The API's tests run twice, the same files on each engine (server/testing/database.ts);
      // `*.sqlite.test.ts` and `*.postgres.test.ts` are about one engine only.
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.postgres.test.ts'],
          // One process per worker, not per file: each file starts its own servers and databases,
          // and loading the server's modules again per file cost ~40% of the CPU (decision 009).
          isolate: false,
          // Every answer a test gets is checked against the served OpenAPI document.
          setupFiles: ['server/testing/setup.ts'],
          testTimeout: 20_000,
          // A hook that starts a server waits as long as a test may (10 s failed at load 18).
          hookTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.sqlite.test.ts'],
          env: { TEST_ENGINE: 'postgres' },
          isolate: false,
          // A throwaway PostgreSQL cluster, or TEST_DATABASE_URL's server.
          globalSetup: ['server/testing/postgres-global-setup.ts'],
          setupFiles: ['server/testing/setup.ts'],
          testTimeout: 20_000,
          // A hook that starts a server waits as long as a test may (10 s failed at load 18).
          hookTimeout: 20_000,
        },
      },
    ],
  },
});
