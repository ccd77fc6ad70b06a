/**
 * The scan of a write's JSON text: nesting and size counted outside strings only, and a lone
 * surrogate told apart from a pair however it is spelt. Over HTTP: hostile-bodies.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { jsonTextProblem, loneSurrogateAt, NESTING_MAX, VALUES_MAX } from './json-text.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonTextProblem', () => {
  it.each<[string, string, ReturnType<typeof jsonTextProblem>]>([
    ['nesting at the limit', nested(NESTING_MAX), undefined],
    ['nesting one past it', nested(NESTING_MAX + 1), 'too deep'],
    [
      'objects one past it',
      `${'{"a":'.repeat(NESTING_MAX + 1)}1${'}'.repeat(NESTING_MAX + 1)}`,
      'too deep',
    ],
    ['brackets inside a string', `["${'[{'.repeat(1000)}"]`, undefined],
    [
      'brackets after an escaped quote, still inside the string',
      `["\\"${'['.repeat(100)}"]`,
      undefined,
    ],
    ['closers first cannot buy depth', `${']'.repeat(100)}${nested(NESTING_MAX + 1)}`, 'too deep'],
    [
      'values at the limit',
      `[${Array(VALUES_MAX - 1)
        .fill(1)
        .join(',')}]`,
      undefined,
    ],
    ['one value past it', `[${Array(VALUES_MAX).fill(1).join(',')}]`, 'too many values'],
    ['commas inside strings', `["${','.repeat(5000)}"]`, undefined],
    ['an escaped pair', '["\\ud83d\\ude00"]', undefined],
    ['an escaped pair in capitals', '["\\uD83D\\uDE00"]', undefined],
    ['a pair as UTF-8 text', '["😀"]', undefined],
    ['a high surrogate alone', '["\\ud83d"]', 'lone surrogate'],
    ['a low surrogate alone', '["\\ude00"]', 'lone surrogate'],
    ['a high surrogate before a pair', '["\\ud83d\\ud83d\\ude00"]', 'lone surrogate'],
    ['a high surrogate before text', '["\\ud83dx"]', 'lone surrogate'],
    ['a lone surrogate in a field name', '{"\\udfff":1}', 'lone surrogate'],
    ['an escaped backslash, then "ud800" as text', '["\\\\ud800"]', undefined],
    ['a short escape', '["\\ud8"]', undefined],
  ])('%s', (_, text, problem) => {
    expect(jsonTextProblem(text)).toBe(problem);
  });
});

describe('loneSurrogateAt', () => {
  it.each<[string, unknown, string | undefined]>([
    ['none', { name: 'Dora 😀', classes: [{ id: 't1' }] }, undefined],
    ['a top-level string', '\ud800', 'body'],
    ['a field', { name: 'Dora \ud800' }, 'name'],
    ['an item of a list', { classes: [{ id: 't1' }, { id: '\udc00' }] }, 'classes.1.id'],
    ['a field name at the top', { '\ud83d': 1 }, 'body'],
    ['a field name deeper', { classes: [{ '\ud83d': 1 }] }, 'classes.0'],
    ['the first of two, as written', { a: { b: '\ud800' }, c: '\ud800' }, 'a.b'],
  ])('%s', (_, body, path) => {
    expect(loneSurrogateAt(body)).toBe(path);
  });

  it('walks a value nested 100,000 deep without the call stack', () => {
    let deep: unknown = '\ud800';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(loneSurrogateAt(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});
