/**
 * `npm run dev`: Vite serves the console and hands /v1 to this module (@hono/vite-dev-server),
 * so console and API share one origin, as in production.
 */
import { createApi } from './app.ts';
import { openDatabase } from './store/sqlite-schema.ts';
import { createStore } from './store/sqlite-store.ts';
import { DEV_TOKEN } from './dev-token.ts';
import { createLogger } from './log.ts';
import { DEMO_CLASSES, demoSize, seed } from './seed.ts';

const dataDir = process.env.DATA_DIR || './data';
const { db, created } = openDatabase(dataDir);
if (created) seed(db, demoSize(Number(process.env.SEED_CLASSES ?? DEMO_CLASSES)));

const tokens = process.env.API_TOKENS?.split(',').filter(Boolean) ?? [DEV_TOKEN];

export default createApi({ store: createStore(db), tokens, log: createLogger() });
