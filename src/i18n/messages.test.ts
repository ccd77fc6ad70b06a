import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ptBR } from './pt-br';

/** Where messages are read: every source file of the console but the catalogues themselves. */
const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');
const CATALOGUES = ['i18n/pt-br.ts', 'i18n/en.ts', 'i18n/messages.ts'].map((file) =>
  path.join(SOURCE_ROOT, file),
);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return isSource && !CATALOGUES.includes(file) ? [file] : [];
  });
}

/** 'classes.noMatchTitle' for each message (a string or a function), whatever its depth. */
function messagePaths(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? messagePaths(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('the message catalogue', () => {
  it('holds no message that the console never shows', () => {
    const source = sourceFiles(SOURCE_ROOT)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    // A message is read as `.name` (messages.classes.name, or a group held in a variable), or
    // by its key as a string (the table's column headers: columns[key]).
    const unused = messagePaths(ptBR).filter((messagePath) => {
      const key = messagePath.split('.').at(-1)!;
      return !new RegExp(`\\.${key}\\b|'${key}'`).test(source);
    });
    expect(unused).toEqual([]);
  });
});
