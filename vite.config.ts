import devServer from '@hono/vite-dev-server';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEV_TOKEN } from './server/dev-token.ts';

/** Says which token signs in to `npm run dev`, next to Vite's own address lines. */
const printDevToken = (): Plugin => ({
  name: 'turmas-admin:print-dev-token',
  configureServer(server) {
    server.httpServer?.once('listening', () => {
      const token = process.env.API_TOKENS ? 'one of API_TOKENS' : DEV_TOKEN;
      setTimeout(() => server.config.logger.info(`  ➜  API token: ${token}\n`), 0);
    });
  },
});

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // `npm run dev`: the reference API answers /v1 on the same origin as the console.
    command === 'serve' &&
      devServer({
        entry: 'server/dev-entry.ts',
        exclude: [/^(?!\/v1(\/|$)).*/],
        injectClientScript: false,
      }),
    command === 'serve' && printDevToken(),
  ],
  server: { port: 5173 },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2023',
  },
}));
