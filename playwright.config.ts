import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// Playwright never downloads a browser here (no internet): it drives a system Chromium, from
// CHROMIUM_PATH or Debian's package. Machines without one: `npx playwright install chromium`
// (with internet), or see scripts/ensure-chromium.mjs.
// Same choice as scripts/ensure-chromium.mjs: the first of these that exists.
// Debian's headless shell first: the suite ran a quarter faster on it (decision 009).
const chromiumPath = [
  process.env.CHROMIUM_PATH,
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
].find((candidate): candidate is string => !!candidate && existsSync(candidate));

const launchOptions = {
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
};

export default defineConfig({
  testDir: 'e2e',
  // One worker per core: each starts its own server on its own database (e2e/fixtures.ts) and
  // its own Chromium; more workers than cores only made a busy machine time out
  // (docs/decisions/009-test-suite-under-load.md).
  workers: availableParallelism(),
  fullyParallel: false,
  // What the longest journeys honestly take on a busy 2-core machine, with room (decision 009).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  use: {
    // The console's default language; a test that wants English says so.
    locale: 'pt-BR',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } },
    // The journeys tagged @phone again on a phone's screen, by touch (the daily-use issue).
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
});
