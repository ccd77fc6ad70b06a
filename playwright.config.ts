import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Playwright never downloads a browser here (no internet): it drives a system Chromium, from
// CHROMIUM_PATH or Debian's package. Machines without one: `npx playwright install chromium`
// (with internet), or see scripts/ensure-chromium.mjs.
// Same choice as scripts/ensure-chromium.mjs: the first of these that exists.
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (candidate): candidate is string => !!candidate && existsSync(candidate),
);

export default defineConfig({
  testDir: 'e2e',
  // Every worker starts its own server on its own database (e2e/fixtures.ts). Three on two
  // cores: much of a journey is waiting (debounces, retry backoff, transitions), and three
  // workers took the suite from 4.1 to 2.8 minutes here.
  workers: 3,
  fullyParallel: false,
  // 60 s, not the default 30: an axe scan of the whole page takes about 2 s on an idle 2-core
  // machine and up to 10 s on a loaded CI runner, and a journey holds up to four. A real hang
  // still fails on the 5 s of each expectation.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  use: {
    // The console's default language; a test that wants English says so.
    locale: 'pt-BR',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(chromiumPath ? { executablePath: chromiumPath } : {}),
          // Needed on this machine kind (containers as root, no GPU, no internet).
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
