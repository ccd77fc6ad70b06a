/**
 * `npm run backup -- --to FILE`: a consistent copy of the data while the server runs and writes
 * (backup.ts), from DATABASE_URL's database when it is set, from DATA_DIR's SQLite file otherwise.
 */
import { parseArgs } from 'node:util';
import { backUp, storeFromEnvironment } from './backup.ts';
import { runOperatorCommand } from './operator-command.ts';

await runOperatorCommand('npm run backup -- --to FILE', async () => {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (!values.to) return { usage: '--to FILE is required' };
  const store = storeFromEnvironment();
  const started = performance.now();
  await backUp(store, values.to);
  const ms = Math.round(performance.now() - started);
  return {
    done: `Backed up ${store.engine === 'sqlite' ? store.dataDir : 'DATABASE_URL'} into ${values.to} in ${ms} ms`,
  };
});
