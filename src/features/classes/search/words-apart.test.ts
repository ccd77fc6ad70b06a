import { describe, expect, it } from 'vitest';
import { searchWithWordsApart } from './words-apart';

describe('searchWithWordsApart', () => {
  it('writes apart digits and letters typed together, the other words as typed', () => {
    expect(searchWithWordsApart('8A')).toBe('8 A');
    expect(searchWithWordsApart('matemática  9b')).toBe('matemática 9 b');
    expect(searchWithWordsApart('1EM noite')).toBe('1 EM noite');
    expect(searchWithWordsApart('EM2')).toBe('EM 2');
  });

  it('offers nothing when nothing was typed together', () => {
    expect(searchWithWordsApart('8 A')).toBeNull();
    expect(searchWithWordsApart('matemática')).toBeNull();
    expect(searchWithWordsApart('2026')).toBeNull();
  });

  it('keeps an ordinal with its number, as names have it', () => {
    expect(searchWithWordsApart('8º')).toBeNull();
    expect(searchWithWordsApart('8ª série')).toBeNull();
    // Folded, "8ºA" is already "8º A": the server looks for the same words.
    expect(searchWithWordsApart('8ºA')).toBeNull();
  });
});
