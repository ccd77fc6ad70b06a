/**
 * `npm run restore -- FILE [--force]`: loads a backup (`npm run backup`) into DATABASE_URL's
 * database when it is set, into DATA_DIR otherwise. Refuses a store that holds data unless
 * `--force`, which replaces it: stop the API processes first (README, "Backups").
 */
import { parseArgs } from 'node:util';
import { restore, storeFromEnvironment } from './backup.ts';
import { runOperatorCommand } from './operator-command.ts';

await runOperatorCommand('npm run restore -- FILE [--force]', async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) return { usage: 'name one backup file' };
  const file = positionals[0]!;
  const store = storeFromEnvironment();
  const started = performance.now();
  await restore(store, file, { force: values.force });
  const ms = Math.round(performance.now() - started);
  return {
    done: `Restored ${file} into ${store.engine === 'sqlite' ? store.dataDir : 'DATABASE_URL'} in ${ms} ms`,
  };
});
