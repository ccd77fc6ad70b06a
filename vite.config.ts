import devServer from '@hono/vite-dev-server';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/precompress-assets.ts';
import { prerenderShell } from './scripts/prerender-shell.ts';
import { DEV_TOKEN } from './server/dev-token.ts';
import { themeCssVariables } from './src/app/theme-css-variables.ts';

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

/**
 * `virtual:theme-variables.css`: the theme's CSS variables, made from `src/app/theme.ts` when the
 * stylesheet is built instead of by MantineProvider in the browser on every load
 * (`withCssVariables={false}` in `src/app/providers.tsx`; decision 005).
 */
const themeVariables = (): Plugin => {
  const id = 'virtual:theme-variables.css';
  const resolved = `\0${id}`;
  return {
    name: 'turmas-admin:theme-variables',
    resolveId: (source) => (source === id ? resolved : undefined),
    load: (source) => (source === resolved ? themeCssVariables() : undefined),
  };
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    themeVariables(),
    // `npm run dev`: the reference API answers /v1 on the same origin as the console.
    command === 'serve' &&
      devServer({
        entry: 'server/dev-entry.ts',
        exclude: [/^(?!\/v1(\/|$)).*/],
        injectClientScript: false,
      }),
    command === 'serve' && printDevToken(),
    precompressAssets(),
    // The first screen's HTML in index.html, from the same components (scripts/prerender-shell.ts).
    prerenderShell(),
  ],
  server: { port: 5173 },
  build: {
    manifest: true,
    // Maps for error reports and bundle analysis, not referenced from the served files (the
    // server does not serve them: they would publish the sources).
    sourcemap: 'hidden',
    target: 'es2023',
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one file: left to itself, the bundler cuts the
        // modules the lazy dialogs share with it into chunks of their own, and the first screen
        // then downloads three files (each compressed on its own, so heavier in total).
        codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] },
      },
    },
  },
}));
