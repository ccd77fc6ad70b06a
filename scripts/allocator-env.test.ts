/**
 * `npm start` starts its API process with the allocator settings every other launcher takes
 * from server/allocator-env.ts: a shell command cannot import them, so it repeats them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ALLOCATOR_ENV } from '../server/allocator-env.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

it("npm start's API process has the allocator settings", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const settings = Object.entries(ALLOCATOR_ENV).map(([name, value]) => `${name}=${value}`);
  expect(scripts.start).toContain(`${settings.join(' ')} exec tsx server/main.ts`);
});

it('npm start and start:scaled put their process in the shell’s place, so SIGTERM reaches it', () => {
  // Without `exec`, dash dies on npm's SIGTERM and leaves the server serving, port and all.
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts.start).toMatch(/&& [^&]*exec tsx server\/main\.ts$/);
  expect(scripts['start:scaled']).toMatch(/&& exec tsx scripts\/start-scaled\.ts$/);
});
