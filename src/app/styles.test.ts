import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');

function stylesheets(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return stylesheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

describe("the console's stylesheets", () => {
  // Text for screen readers only is hidden one way, Mantine's (`VisuallyHidden`, or its class
  // `VisuallyHidden.classes.root` where a component per item would cost), not with copies of it.
  it('hide text from sight one way only: Mantine’s', () => {
    const ownCopies = stylesheets(SOURCE_ROOT)
      .filter((file) => /clip-path:\s*inset\(50%\)|clip:\s*rect\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SOURCE_ROOT, file));
    expect(ownCopies).toEqual([]);
  });
});
