/**
 * A returning, signed-in member of staff opens the console on a slow phone: how long until the
 * page's heading, and then its rows, are painted? Real slowdown, not an estimate: 4x CPU
 * (Lighthouse's mobile figure), 150 ms latency and 1.6 Mbit/s down, no cache, a new browser
 * per run, the built console served by the reference server on a temporary database.
 *
 *   npx tsx scripts/bench-cold-load.ts [--runs 5] [--dist dist]
 *
 * Lighthouse's default (simulated) throttling replays an unthrottled load instead, and can
 * misplace work that depends on when a request answers (decision 005): this is the check on it.
 * `--dist` measures another build (vite build --outDir dist-base) for an A/B in the same hour.
 * Reports only; no target of its own.
 */
import { chromium } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import playwrightConfig from '../playwright.config.ts';
import { startServer } from '../server/server.ts';
import { median } from './stats.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    dist: { type: 'string', default: 'dist' },
  },
});
const RUNS = Math.max(1, Number.parseInt(args.runs, 10) || 5);
/** Where the console keeps a remembered token: TOKEN_STORAGE_KEY in src/features/auth/token-store.ts. */
const TOKEN_STORAGE_KEY = 'turmas-admin.token';
const launchOptions = playwrightConfig.projects?.[0]?.use?.launchOptions ?? {};

// In the page, as text (tsx would add a helper the page lacks): the time of the frame after the
// heading, and after the first row with its actions, entered the DOM.
const WATCH_PAINTS = `(() => {
  const paintedAt = (key) => requestAnimationFrame(() => setTimeout(() => (window[key] = performance.now())));
  const observer = new MutationObserver(() => {
    if (!window.__heading && document.querySelector('h1')) paintedAt((window.__heading = '__headingAt'));
    if (!window.__rows && document.querySelector('table tbody tr td button')) {
      paintedAt((window.__rows = '__rowsAt'));
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true });
})()`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'turmas-cold-load-'));
const token = randomBytes(24).toString('base64url');
const server = await startServer({
  dataDir,
  tokens: [token],
  staticDir: args.dist,
  seedClasses: 240,
  log: () => {},
});
const heading: number[] = [];
const rows: number[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const browser = await chromium.launch(launchOptions);
    try {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
      });
      // Remembered on this device: in localStorage before the console's first script runs.
      await context.addInitScript(
        `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)})`,
      );
      await context.addInitScript(WATCH_PAINTS);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await page.goto(server.url);
      // Functions, not strings: the console's CSP forbids eval.
      await page.waitForFunction(
        () => {
          const marks = globalThis as unknown as Record<string, number | undefined>;
          return marks.__headingAt !== undefined && marks.__rowsAt !== undefined;
        },
        null,
        { timeout: 30_000 },
      );
      const [h, r] = await page.evaluate(() => {
        const marks = globalThis as unknown as Record<string, number>;
        return [marks.__headingAt, marks.__rowsAt];
      });
      heading.push(h!);
      rows.push(r!);
      console.log(`run ${run}: heading ${Math.round(h!)} ms, rows ${Math.round(r!)} ms`);
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${args.dist}: median of ${RUNS}, heading painted ${Math.round(median(heading))} ms, ` +
    `rows painted ${Math.round(median(rows))} ms (4x CPU, 150 ms latency, 1.6 Mbit/s)`,
);
