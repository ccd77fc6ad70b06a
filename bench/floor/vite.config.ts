import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressAssets } from '../../scripts/precompress-assets.ts';

/**
 * The floor page's own build (bench/floor/main.tsx), Vite's defaults otherwise: into dist-floor/,
 * never the console's dist/, with the console's brotli copies. `npm run bench:lighthouse` and
 * `bench:cold-load` build it and serve it with `npm start`'s own entry (decision 005).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressAssets()],
  build: { outDir: '../../dist-floor', emptyOutDir: true, target: 'es2023' },
});
