// `npm start` runs this first: build the console when dist/ is missing or older than its sources,
// so a fresh clone needs only `npm ci && npm start`, and a restart does not rebuild for nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The build also reads the contract (through #contract) and prerenders the first screen with
// scripts/prerender-shell.ts.
const SOURCES = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender-shell.ts',
  'package-lock.json',
];
const BUILT = 'dist/index.html';

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestModification(join(path, entry))));
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestModification));
if (builtAt >= sourcesAt) process.exit(0);

// The deployment's own settings (README, "Configuration"): a rebuild must not put the defaults back.
const CONFIG = 'dist/config.js';
const edited =
  existsSync(CONFIG) && readFileSync(CONFIG, 'utf8') !== readFileSync('public/config.js', 'utf8')
    ? readFileSync(CONFIG, 'utf8')
    : null;

// All of it on stderr: stdout is the server's log, one JSON object a line (README, "Operations").
console.error(builtAt === 0 ? 'Building the console…' : 'Sources changed: rebuilding the console…');
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  stdio: ['inherit', 2, 'inherit'],
});
if (edited !== null) {
  writeFileSync(CONFIG, edited);
  console.error(`Kept this deployment's ${CONFIG}.`);
}
process.exit(result.status ?? 1);
