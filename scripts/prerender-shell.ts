/**
 * `vite build` step: the first screen's HTML, prerendered with react-dom/static from the console's
 * own components (src/app/prerender-shell.tsx), put into dist/index.html as one <template> per
 * state. public/shell.js shows the right one before the first paint; the app hydrates it
 * (src/main.tsx). Decision 005 has the figures.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createServer, minify, type Plugin } from 'vite';

/** Where index.html takes the templates. */
export const SHELL_MARKER = '<!-- prerendered shell -->';

/** Runs `render` with a jsdom window as the page's globals, as the console expects them. */
async function inBrowserGlobals<T>(render: () => Promise<T>): Promise<T> {
  // Loaded here, in the render's own process: not by every `vite` command that reads the config.
  const { JSDOM } = await import('jsdom');
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost/',
  });
  const { window } = dom;
  // No markup depends on the colour scheme (CSS shows one state or the other).
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as Partial<MediaQueryList> as MediaQueryList;
  (window as unknown as { __TURMAS_CONFIG__: unknown }).__TURMAS_CONFIG__ = {
    apiBaseUrl: '/v1',
  };
  const names = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage'];
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      value: name === 'window' ? window : window[name as keyof typeof window],
      configurable: true,
      writable: true,
    });
  }
  try {
    return await render();
  } finally {
    names.forEach((name, i) => {
      const descriptor = saved[i];
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    });
    window.close();
  }
}

/**
 * The shells by state, rendered through a Vite server of the same project (its PostCSS config
 * included), so CSS modules get the class names the build gave them: a hash of each file's CSS.
 */
async function renderShells(root: string): Promise<Record<string, string>> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // Nothing is served to a browser: no dependency pre-bundling.
    optimizeDeps: { noDiscovery: true, include: [] },
    // What @vitejs/plugin-react sets for JSX, without its Fast Refresh and dependency pre-bundling.
    oxc: { jsx: { runtime: 'automatic', refresh: false } },
  });
  try {
    return await inBrowserGlobals(async () => {
      const module = (await server.ssrLoadModule('/src/app/prerender-shell.tsx')) as {
        renderShells: () => Promise<Record<string, string>>;
      };
      return module.renderShells();
    });
  } finally {
    await server.close();
  }
}

/**
 * The render runs in a process of its own: the app's modules leave timers and channels behind
 * (the query cache's garbage collection, the sign-out channel) that would keep `vite build`
 * from exiting, and they get a browser's globals that the build's own process should not see.
 */
async function renderShellsApart(root: string): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/prerender-shell.ts'), root],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, string>;
}

/** Fills dist/index.html's marker with a template per state. */
export const prerenderShell = (): Plugin => {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'turmas-admin:prerender-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const file = path.join(outDir, 'index.html');
      const html = await readFile(file, 'utf8');
      if (!html.includes(SHELL_MARKER)) {
        throw new Error(`index.html has no "${SHELL_MARKER}" for the prerendered shell`);
      }
      const shells = await renderShellsApart(root);
      const templates = Object.entries(shells)
        .map(([state, markup]) => `<template id="shell-${state}">${markup}</template>`)
        .join('\n    ');
      await writeFile(file, startedByShell(html.replace(SHELL_MARKER, templates)));
      // Public files are copied as they are: its comments would be a third of the first screen's
      // own scripts on the wire.
      const shell = path.join(outDir, 'shell.js');
      const minified = await minify('shell.js', await readFile(shell, 'utf8'));
      if (minified.errors.length > 0) throw new Error(`shell.js: ${minified.errors[0]!.message}`);
      await writeFile(shell, minified.code);
    },
  };
};

/**
 * The entry module preloaded rather than run by its own tag: public/shell.js starts it, once the
 * first rows it may paint are on screen or a moment has passed (decision 005).
 */
export function startedByShell(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  const shell = '<script src="/shell.js"></script>';
  if (!entry || !html.includes(shell)) {
    throw new Error('index.html has no entry module and shell.js for the shell to start');
  }
  return html
    .replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
    .replace(shell, `<script src="/shell.js" data-app="${entry[1]}"></script>`);
}

// Run as a script (by renderShellsApart): the shells as JSON on stdout.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const shells = await renderShells(process.argv[2] ?? process.cwd());
  process.stdout.write(JSON.stringify(shells), () => process.exit(0));
}
