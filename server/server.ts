/**
 * One Node process serving the API at /v1 and, when given a built console, the console itself:
 * compressed, with long-lived caching for hashed assets and an SPA fallback to index.html.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi } from './app.ts';
import { createStore, openDatabase } from './db.ts';
import { createLogger, requestLog } from './log.ts';
import { demoSize, seed } from './seed.ts';

const API_PATH = /^\/v1(\/|$)/;

export interface ServerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  dataDir: string;
  tokens: readonly string[];
  /** The built console (`dist`); without it only the API is served. */
  staticDir?: string;
  /** Demo turmas to seed when the database is new; 0 seeds none. */
  seedClasses?: number;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (options.tokens.length === 0) throw new Error('At least one API token is required');
  // RFC 6750's token68 alphabet: any other character could never arrive in a valid header,
  // so such a token would lock everyone out without saying why.
  const unusable = options.tokens.filter((token) => !/^[A-Za-z0-9._~+/-]+=*$/.test(token));
  if (unusable.length > 0) {
    throw new Error(
      `${unusable.length} API token(s) use characters a bearer token cannot carry: ` +
        'use letters, digits and . _ ~ + / - (with = only at the end)',
    );
  }
  const log = createLogger(options.log);
  const { db, created, migratedFrom } = openDatabase(options.dataDir);
  if (migratedFrom) log.info('migrated the database schema', { fromVersion: migratedFrom });
  if (created && (options.seedClasses ?? 0) > 0) {
    seed(db, demoSize(options.seedClasses!));
    log.info('seeded demo data', { classes: options.seedClasses });
  }

  const app = new Hono();
  app.use(requestLog(log));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'no-referrer',
      xFrameOptions: 'DENY',
    }),
  );
  // The console's files are compressed (TOOLCHAIN.md). The API's JSON is not: a page of 20 turmas
  // is 3 KB, one round trip either way, and compress() spent more CPU on it than answering it
  // takes (docs/decisions/004-api-performance.md).
  const compressFiles = compress();
  app.use((c, next) => (API_PATH.test(c.req.path) ? next() : compressFiles(c, next)));
  app.route('/', createApi({ store: createStore(db), tokens: options.tokens, log }));

  if (options.staticDir) {
    const root = options.staticDir;
    app.use(
      '/assets/*',
      serveStatic({
        root,
        // A `.br` (or `.gz`) copy written at build time, when there is one and the browser takes
        // it: smaller than compress() makes per request (brotli at its slowest level), at no CPU
        // cost per request. Hashed assets only: a stale copy of config.js would hide its edits.
        precompressed: true,
        // File names carry a content hash: they never change, so browsers may keep them forever.
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use(
      '*',
      serveStatic({
        root,
        // index.html and config.js name the current assets and settings: always revalidate.
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    );
    // Client-side routes: any other GET is the console's own page.
    app.get(
      '*',
      serveStatic({
        root,
        path: 'index.html',
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    );
  }

  const server = await listen(app, options.port ?? 0, options.host ?? '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  log.info('listening', { url });

  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Stops accepting connections and lets in-flight requests finish before the store closes.
        server.close((error) => {
          db.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

function listen(app: Hono, port: number, hostname: string) {
  return new Promise<Server>((resolve, reject) => {
    // serve() answers an HTTP/1 server unless told to create an HTTP/2 one.
    const server = serve({ fetch: app.fetch, port, hostname }, () => resolve(server as Server));
    server.once('error', reject);
  });
}
