/**
 * Every repository path named in a comment or a Markdown file names something that is there: a
 * file moved or removed leaves no pointer behind (issue 35).
 *
 * A path is a token of path characters ending in a file extension, or a folder's ending in `/`:
 * rooted at one of the repository's top-level folders (`server/store/store.ts`), relative to the
 * file naming it (starting with `./` or `../`), or the tail of a path (`store/store.ts`,
 * `store.ts`), found when some path of the repository ends with it. URLs, globs, placeholders,
 * build output and installed packages are not paths, nor the names in NOT_PATHS and GONE.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Folders that hold no source: build output, installed packages, test and benchmark output. */
const IGNORED =
  /^(\.git|node_modules|dist(-.*)?|coverage|data|playwright-report|test-results(-.*)?|blob-report|lighthouse-report)$/;

/** Files whose comments and text are read; JSON and CSS carry no pointers worth keeping. */
const SCANNED = /\.(ts|tsx|mts|js|mjs|cjs|md)$/;

const EXTENSIONS = 'ts|tsx|mts|js|mjs|cjs|md|css|json|html|sql|csv|yml|yaml|sh';

/** A path-shaped token; what surrounds it decides below whether it is one. */
const TOKEN = new RegExp(
  String.raw`(?:\.{1,2}/)*[A-Za-z0-9_][\w.@-]*(?:/[\w.@-]+)*(?:\.(?:${EXTENSIONS})\b|/)`,
  'g',
);

/** Names that look like the repository's paths and are not, each with why. */
const NOT_PATHS: Record<string, string> = {
  'DESIGN.md': 'the product brief, kept outside the repository',
  'TOOLCHAIN.md': "the machine's toolchain notes, beside the brief",
  'shared/spec/class-enrollment-api.md': 'the API spec, beside the brief',
  'c.json': "Hono's c.json(), a call",
  'lib/client.js': "node-postgres's own file",
  'styles.css': "Mantine's stylesheet",
  'Skeleton.css': "Mantine's stylesheet",
  'default-css-variables.css': "Mantine's stylesheet",
  '_lighthouse-eval.js': "Lighthouse's wrapper, as traces name it",
  'results.csv': 'the file the console offers to download',
};

/** Decision records keep what was: files gone since, named where a record tells what they did. */
const GONE: Record<string, string[]> = {
  'docs/decisions/004-api-performance.md': ['server/db.ts', 'schema.ts', 'list-classes.ts'],
  'docs/decisions/005-first-screen-weight.md': ['color-scheme.js'],
  'docs/decisions/010-contract-module-and-retry-policy.md': [
    'src/api/contract.ts',
    '../src/api/contract.ts',
  ],
};

function walk(directory: string, found: string[] = []): string[] {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (IGNORED.test(entry.name)) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(path.relative(ROOT, full).split(path.sep).join('/'));
  }
  return found;
}

/** The comments of a script (line and block), or the whole of a Markdown file. */
function prose(file: string, text: string): string[] {
  if (file.endsWith('.md')) return [text];
  // A line comment starts a line or follows a space: not `://` in a URL nor `\\n//` in a string.
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<=^|\s)\/\/.*$/gm)].map((match) => match[0]);
}

const files = walk(ROOT);
const topLevel = new Set(
  files.filter((file) => file.includes('/')).map((file) => file.split('/')[0]!),
);
const directories = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/') + '/'),
  ),
);
const known = new Set([...files, ...directories]);

/** Whether `token`, named in `file`, names a file or folder of the repository. */
function exists(file: string, token: string): boolean {
  if (token.startsWith('./') || token.startsWith('../')) {
    return existsSync(path.resolve(ROOT, path.dirname(file), token));
  }
  const first = token.split('/')[0]!;
  if (token.includes('/') && topLevel.has(first)) return known.has(token);
  // A tail: the rest of the path is said by where the comment is, or around it.
  return [...known].some((candidate) => candidate === token || candidate.endsWith(`/${token}`));
}

/** Every `file: token` that names nothing, and the allowances no file needs any more. */
function check() {
  const missing: string[] = [];
  const allowed = new Set([
    ...Object.keys(NOT_PATHS),
    ...Object.entries(GONE).flatMap(([file, tokens]) => tokens.map((token) => `${file}: ${token}`)),
  ]);
  const used = new Set<string>();
  for (const file of files.filter((name) => SCANNED.test(name))) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const chunk of prose(file, text)) {
      for (const match of chunk.matchAll(TOKEN)) {
        const token = match[0];
        const before = chunk[match.index - 1] ?? ' ';
        const after = chunk[match.index + token.length] ?? ' ';
        // Part of a URL, a longer path, a package name (@scope/x), an e-mail, a glob or a call.
        if (/[\w/@:.*{}<>$\\-]/.test(before)) continue;
        if (/[\w*{}<>$\\(]/.test(after)) continue;
        if (IGNORED.test(token.split('/')[0]!)) continue;
        if (!token.includes('/') && !/\.[a-z]+$/.test(token)) continue;
        const allowance = [token, `${file}: ${token}`].find((key) => allowed.has(key));
        if (allowance) used.add(allowance);
        else if (!exists(file, token)) missing.push(`${file}: ${token}`);
      }
    }
  }
  return { missing, unused: [...allowed].filter((key) => !used.has(key)) };
}

const { missing, unused } = check();

describe('paths named in comments and Markdown', () => {
  it('name files and folders that exist', () => {
    expect(missing).toEqual([]);
  });

  it('need every allowance in NOT_PATHS and GONE', () => {
    expect(unused).toEqual([]);
  });
});
