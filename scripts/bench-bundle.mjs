/**
 * First-screen bundle budget: what the browser must download before the console can show anything,
 * measured on the production build (`npm run bench:bundle` builds first).
 *
 * The first screen is what dist/index.html loads (its scripts, modulepreloads and stylesheets,
 * public ones such as /config.js included) plus, from Vite's manifest, the entry chunk's static
 * imports, transitively, and their CSS. Everything reached only through a dynamic import() is lazy
 * and reported per dynamic entry. Sizes are brotli (what server/server.ts sends for hashed assets:
 * the `.br` copies vite.config.ts writes at build time) and gzip (what its compress() sends for
 * the rest, and to browsers that take no brotli), one file at a time as they travel; the budgets
 * are gzip, the larger. KB = 1024 bytes.
 *
 *   node scripts/bench-bundle.mjs [--max-js-kb 138.1] [--max-css-kb 30] [--json] [--dist dist]
 *
 * Budgets may also come from BENCH_MAX_JS_KB / BENCH_MAX_CSS_KB. Exits 1 when a budget is missed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { formatTable } from './stats.mjs';

const { values: options } = parseArgs({
  options: {
    'max-js-kb': { type: 'string', default: process.env.BENCH_MAX_JS_KB ?? '138.1' },
    'max-css-kb': { type: 'string', default: process.env.BENCH_MAX_CSS_KB ?? '30' },
    json: { type: 'boolean', default: false },
    dist: { type: 'string', default: 'dist' },
  },
});

const budgets = { js: kbOption('max-js-kb'), css: kbOption('max-css-kb') };
const dist = path.resolve(options.dist);
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const indexPath = path.join(dist, 'index.html');
for (const required of [indexPath, manifestPath]) {
  if (!existsSync(required)) {
    fail(
      `${required} is missing: run \`vite build\` first ` +
        '(build.manifest must stay enabled in vite.config.ts)',
    );
  }
}

/** @type {Record<string, {file: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[], name?: string, src?: string}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(indexPath, 'utf8');

// ---------------------------------------------------------------------------------------------
// What the first screen loads

/** Files (relative to dist) that a set of manifest chunks pulls in through static imports. */
function staticClosure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) fail(`the manifest names a chunk it does not describe: ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) fail('the manifest has no entry chunk');
const firstScreen = staticClosure(entryKeys);
for (const url of urlsLoadedByIndexHtml(html)) {
  const file = distFileFor(url);
  if (file) firstScreen.add(file);
}

/**
 * Same-origin URLs of the scripts, module preloads and stylesheets in index.html: the browser
 * fetches all of them before the app renders. Icons and other links are not on the critical path.
 */
function urlsLoadedByIndexHtml(text) {
  const urls = [];
  for (const [tag] of text.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attribute = (name) =>
      new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((value) => value !== undefined);
    if (/^<script/i.test(tag)) {
      const src = attribute('src');
      if (src) urls.push(src);
    } else if (/^(modulepreload|stylesheet)$/i.test(attribute('rel') ?? '')) {
      const href = attribute('href');
      if (href) urls.push(href);
    }
  }
  return urls;
}

/** 'dist'-relative path of a same-origin URL, or undefined for another origin. */
function distFileFor(url) {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(url)) return undefined;
  const file = decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\/+/, '');
  if (!existsSync(path.join(dist, file))) {
    fail(`index.html loads ${url}, which is not in ${options.dist}/`);
  }
  return file;
}

// ---------------------------------------------------------------------------------------------
// Lazy chunks: each dynamic entry with whatever it adds beyond the first screen

const lazy = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => ({
    name: chunk.name ?? chunk.src ?? key,
    files: [...staticClosure([key])].filter((file) => !firstScreen.has(file)),
  }))
  .filter((entry) => entry.files.length > 0);

// ---------------------------------------------------------------------------------------------
// Measure and report

const sizeCache = new Map();
function sizeOf(file) {
  if (!sizeCache.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    sizeCache.set(file, {
      file,
      type: file.endsWith('.css') ? 'css' : file.endsWith('.js') ? 'js' : 'other',
      raw: bytes.length,
      gzip: gzipSync(bytes).length,
      brotli: brotliCompressSync(bytes).length,
    });
  }
  return sizeCache.get(file);
}

function total(sizes, type) {
  const picked = sizes.filter((size) => type === undefined || size.type === type);
  return {
    raw: sum(picked, 'raw'),
    gzip: sum(picked, 'gzip'),
    brotli: sum(picked, 'brotli'),
  };
}

const firstScreenFiles = [...firstScreen].sort().map(sizeOf);
const totals = { js: total(firstScreenFiles, 'js'), css: total(firstScreenFiles, 'css') };
const lazyChunks = lazy.map((entry) => {
  const files = entry.files.map(sizeOf);
  return { name: entry.name, files, ...total(files) };
});
const misses = ['js', 'css']
  .filter((type) => totals[type].gzip > budgets[type] * 1024)
  .map(
    (type) =>
      `First-screen ${type.toUpperCase()} is ${kb(totals[type].gzip)} KB gzipped, over its ` +
      `${budgets[type]} KB budget (--max-${type}-kb)`,
  );

if (options.json) {
  console.log(
    JSON.stringify(
      {
        budgetsKb: budgets,
        firstScreen: { files: firstScreenFiles, ...totals },
        lazyChunks,
        misses,
      },
      null,
      2,
    ),
  );
} else {
  printReport();
}
for (const miss of misses) console.error(`✗ ${miss}`);
process.exitCode = misses.length > 0 ? 1 : 0;

function printReport() {
  const rows = [
    ['first screen', 'raw KB', 'gzip KB', 'brotli KB'],
    ...firstScreenFiles.map((size) => [size.file, kb(size.raw), kb(size.gzip), kb(size.brotli)]),
    ...['js', 'css'].map((type) => [
      `total ${type.toUpperCase()} (budget ${budgets[type]} KB gzip)`,
      kb(totals[type].raw),
      kb(totals[type].gzip),
      kb(totals[type].brotli),
    ]),
  ];
  const [header, ...body] = rows;
  console.log(
    formatTable(header, body.slice(0, firstScreenFiles.length), {
      footer: body.slice(firstScreenFiles.length),
    }),
  );
  console.log('');
  if (lazyChunks.length === 0) {
    console.log('No lazy chunks: everything loads with the first screen.');
  } else {
    console.log(
      formatTable(
        ['lazy chunk (what it adds)', 'raw KB', 'gzip KB', 'brotli KB'],
        lazyChunks.map((chunk) => [
          `${chunk.name} (${chunk.files.map((size) => path.basename(size.file)).join(', ')})`,
          kb(chunk.raw),
          kb(chunk.gzip),
          kb(chunk.brotli),
        ]),
      ),
    );
  }
  if (misses.length === 0) {
    console.log(`\n✓ Within budget: JS ≤ ${budgets.js} KB, CSS ≤ ${budgets.css} KB gzipped.`);
  }
}

function sum(items, key) {
  return items.reduce((acc, item) => acc + item[key], 0);
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

function kbOption(name) {
  const value = Number(options[name]);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} must be a positive number of KB`);
  return value;
}

function fail(message) {
  console.error(`bench-bundle: ${message}`);
  process.exit(2);
}
