import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

/**
 * Writes a brotli copy beside each hashed script and stylesheet, at the slowest, smallest
 * setting, once per build: the server sends it to browsers that take brotli (server/server.ts,
 * `precompressed`): a smaller first screen than compressing per request allows
 * (docs/decisions/005-first-screen-weight.md). The console's build and the Lighthouse floor's
 * (bench/floor/vite.config.ts) both use it, so both are served alike.
 */
export const precompressAssets = (): Plugin => ({
  name: 'turmas-admin:precompress-assets',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((name) => /^assets\/.+\.(js|css)$/.test(name));
    await Promise.all(
      files.map(async (name) => {
        const item = bundle[name]!;
        const source = item.type === 'chunk' ? item.code : item.source;
        const compressed = await brotli(Buffer.from(source), {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        await writeFile(path.join(outDir, `${name}.br`), compressed);
      }),
    );
  },
});
