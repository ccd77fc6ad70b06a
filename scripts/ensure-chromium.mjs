#!/usr/bin/env node
/**
 * Makes sure the end-to-end tests have a Chromium to drive, since Playwright must not download
 * one here (no internet). Exit 0: a Chromium is there (or was just installed). Exit 1: there is
 * none and this script cannot install one; it says how.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
// Chromium's headless build, without the browser's window code: the e2e suite ran a quarter
// faster on it (docs/decisions/009-test-suite-under-load.md). Same choice as playwright.config.ts.
const DEBIAN_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const candidates = [process.env.CHROMIUM_PATH, DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM].filter(
  Boolean,
);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version');
const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

const found = candidates.find((candidate) => existsSync(candidate));
if (found === DEBIAN_CHROMIUM && !process.env.CHROMIUM_PATH && isRoot && isDebian && hasAptGet) {
  // Worth a try, never a failure: the full browser runs the same tests, only slower.
  const shell = spawnSync('sh', ['-c', 'apt-get install -y chromium-headless-shell'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (shell.status === 0 && existsSync(DEBIAN_HEADLESS_SHELL)) {
    console.log(`ensure-chromium: using ${DEBIAN_HEADLESS_SHELL}`);
    process.exit(0);
  }
}
if (found) {
  console.log(`ensure-chromium: using ${found}`);
  process.exit(0);
}

if (process.env.CHROMIUM_PATH) {
  console.error(`ensure-chromium: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
}

if (isRoot && isDebian && hasAptGet) {
  console.log(
    'ensure-chromium: installing Debian chromium (apt-get update && apt-get install -y chromium)',
  );
  const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status === 0 && existsSync(DEBIAN_CHROMIUM)) {
    // The faster headless build where the release has it; the browser alone does the same job.
    spawnSync('sh', ['-c', 'apt-get install -y chromium-headless-shell'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    process.exit(0);
  }
  console.error('ensure-chromium: apt-get could not install chromium (see the output above).');
  process.exit(1);
}

console.error(`ensure-chromium: no Chromium found for the end-to-end tests.
Install one, then run the tests again:
  - Debian/Ubuntu:            sudo apt-get install chromium
  - with internet access:     npx playwright install chromium
                              and set CHROMIUM_PATH to the chromium it installed
                              (or to any other Chromium/Chrome executable).`);
process.exit(1);
