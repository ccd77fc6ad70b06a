/**
 * `npm run dev`: Vite serves the console and hands /v1 to this module (@hono/vite-dev-server),
 * so console and API share one origin, as in production. SQLite in DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set, as `npm start` does.
 */
import { createApi } from './app.ts';
import { DEV_TOKEN } from './dev-token.ts';
import { createLogger } from './log.ts';
import { DEMO_CLASSES, demoSize } from './seed.ts';
import { openStore } from './store/open-store.ts';

const log = createLogger();
const databaseUrl = process.env.DATABASE_URL?.trim();
const { store } = await openStore(
  {
    dataDir: process.env.DATA_DIR || './data',
    postgres: databaseUrl ? { url: databaseUrl } : undefined,
  },
  log,
  demoSize(Number(process.env.SEED_CLASSES ?? DEMO_CLASSES)),
);

const tokens = process.env.API_TOKENS?.split(',').filter(Boolean) ?? [DEV_TOKEN];

export default createApi({
  store,
  tokens,
  log,
  extensions: process.env.API_EXTENSIONS?.trim().toLowerCase() !== 'off',
});
