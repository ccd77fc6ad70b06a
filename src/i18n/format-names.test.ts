import { describe, expect, it } from 'vitest';
import { formatNames } from './format-names';

const more = (count: string) => `mais ${count}`;

describe('formatNames', () => {
  it('joins names as the language does', () => {
    expect(formatNames(['Artes 1º A'], 'pt-BR', more)).toBe('Artes 1º A');
    expect(formatNames(['A', 'B', 'C'], 'pt-BR', more)).toBe('A, B e C');
    expect(formatNames(['A', 'B', 'C'], 'en', (count) => `${count} more`)).toBe('A, B, and C');
  });

  it('names five at most, and counts the rest', () => {
    const names = Array.from({ length: 1234 }, (_, index) => `T${index + 1}`);
    expect(formatNames(names.slice(0, 5), 'pt-BR', more)).toBe('T1, T2, T3, T4 e T5');
    expect(formatNames(names, 'pt-BR', more)).toBe('T1, T2, T3, T4 e mais 1.230');
  });
});
