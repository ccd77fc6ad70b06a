import devServer from '@hono/vite-dev-server';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  ],
  server: { port: 5173 },
  build: {
    manifest: true,
    sourcemap: true,
    target: 'es2023',
  },
}));
