import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

describe('the Node versions the README names', () => {
  const range = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

  it('are the ones package.json declares', () => {
    expect(read('README.md')).toContain(`Node \`${range}\``);
  });

  it('satisfy every installed package, so `npm ci` prints no engine warning', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    // The oldest version of each line the range allows: a package needing newer is a warning.
    const oldest = range.split('||').map((part) => semver.minVersion(part.trim())!.version);
    const refusing = Object.entries(lock.packages).flatMap(([path, info]) => {
      const wants = !Array.isArray(info.engines) ? info.engines?.node : undefined;
      if (!path || !wants) return [];
      return oldest
        .filter((node) => !semver.satisfies(node, wants))
        .map((node) => `${path} wants ${wants}, not ${node}`);
    });
    expect(refusing).toEqual([]);
  });
});
