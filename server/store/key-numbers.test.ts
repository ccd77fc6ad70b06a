import { describe, expect, it } from 'vitest';
import { KeyNumbers } from './key-numbers.ts';

describe('KeyNumbers', () => {
  it('finds keys set before and after the pack, and not others', () => {
    const numbers = new KeyNumbers();
    const keys = Array.from({ length: 1000 }, (_, at) => ((at * 7919) % 1000) * 3 + 1);
    keys.forEach((key, number) => numbers.set(key, number));
    numbers.pack();
    for (let at = 0; at < 5000; at++) numbers.set(10_000 + at * 2, 1000 + at);
    expect(numbers.size).toBe(6000);
    keys.forEach((key, number) => expect(numbers.get(key)).toBe(number));
    for (let at = 0; at < 5000; at++) expect(numbers.get(10_000 + at * 2)).toBe(1000 + at);
    for (const absent of [0, 2, 3000, 3001, 10_001, 19_999, 20_000]) {
      expect(numbers.get(absent)).toBeUndefined();
    }
  });

  it('answers from the map before the first pack', () => {
    const numbers = new KeyNumbers();
    numbers.set(42, 0);
    expect(numbers.get(42)).toBe(0);
    expect(numbers.get(41)).toBeUndefined();
  });
});
