/**
 * Natural order, plainly: the oracle the tests hold the server's name orders to (its keys are
 * natural-sort-key.ts). Two names are read side by side; where both have a run of digits, the
 * runs compare by value; anything else compares by code point, as the databases compare text.
 */
const DIGITS = /[0-9]+/y;

function digitsAt(text: string, at: number): string | undefined {
  DIGITS.lastIndex = at;
  return DIGITS.exec(text)?.[0];
}

/** Negative, zero or positive as `a` comes before, with or after `b` in natural order. */
export function compareNaturally(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = digitsAt(a, i);
    const y = digitsAt(b, j);
    if (x !== undefined && y !== undefined) {
      const difference = BigInt(x) - BigInt(y);
      if (difference !== 0n) return difference < 0n ? -1 : 1;
      i += x.length;
      j += y.length;
      continue;
    }
    const p = a.codePointAt(i)!;
    const q = b.codePointAt(j)!;
    if (p !== q) return p - q;
    i += p > 0xffff ? 2 : 1;
    j += q > 0xffff ? 2 : 1;
  }
  return Number(i < a.length) - Number(j < b.length);
}
