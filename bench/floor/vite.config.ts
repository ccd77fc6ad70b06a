import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The floor page's own build (bench/floor/main.tsx), Vite's defaults otherwise: into dist-floor/,
 * never the console's dist/. `npm run bench:lighthouse` builds and serves it.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: '../../dist-floor', emptyOutDir: true, target: 'es2023' },
});
