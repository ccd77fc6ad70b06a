/**
 * Serves the floor page (dist-floor/) and the reference API from the console's own server code,
 * so both pages get the same compression, headers and API: `npm run bench:lighthouse` spawns it
 * with DATA_DIR, API_TOKENS and PORT=0, and reads the address it prints.
 */
import { DEMO_CLASSES } from '../../server/seed.ts';
import { startServer } from '../../server/server.ts';

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR ?? '',
  tokens: (process.env.API_TOKENS ?? '').split(','),
  staticDir: 'dist-floor',
  seedClasses: DEMO_CLASSES,
});
console.log(`Floor: ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
