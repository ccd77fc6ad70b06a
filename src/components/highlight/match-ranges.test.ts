import { describe, expect, it } from 'vitest';
import { foldForSearch } from '#contract';
import { matchRanges } from './match-ranges';

/** The marked parts, as text: easier to read than offsets. */
const marked = (text: string, query: string) =>
  matchRanges(text, query).map(({ start, end }) => text.slice(start, end));

describe('matchRanges', () => {
  it('marks each word of the query where it occurs, in any order', () => {
    const name = '3º ano A — Matemática';
    expect(matchRanges(name, 'matematica 3')).toEqual([
      { start: 0, end: 2 },
      { start: 11, end: 21 },
    ]);
    // Words, not the space between them.
    expect(marked(name, 'MATEMÁTICA 3º ano')).toEqual(['3º', 'ano', 'Matemática']);
  });

  it('ignores accents and case, and maps the folded letters back to the accented ones', () => {
    expect(marked('Educação Física 9º B', 'educacao fis')).toEqual(['Educação', 'Fís']);
    expect(marked('MATEMÁTICA', 'temá')).toEqual(['TEMÁ']);
  });

  it('matches º and ª as the letters they fold to', () => {
    expect(marked('Matemática 9º A', '9o')).toEqual(['9º']);
    expect(marked('Matemática 9º A', '9º')).toEqual(['9º']);
    expect(marked('1ª série B', '1a serie')).toEqual(['1ª', 'série']);
  });

  it('marks a section written against its ordinal, and a degree sign typed for º', () => {
    // Adjacent, so one mark.
    expect(marked('8ºA — Matemática', '8 a')).toEqual(['8ºA']);
    expect(marked('8ºA — Matemática', 'matematica')).toEqual(['Matemática']);
    expect(marked('8°B — Arte', '8º b arte')).toEqual(['8°B', 'Arte']);
    expect(marked('8ªB  e 9ºC', 'b c')).toEqual(['B', 'C']);
  });

  it('marks the whole character when a word matches part of a compatibility form', () => {
    // "ﬁ" folds to "fi": a word starting at its "i" still marks all of it.
    expect(marked('Oﬁcina de Física', 'ﬁcina')).toEqual(['ﬁcina']);
    expect(marked('Oﬁcina de Física', 'icina')).toEqual(['ﬁcina']);
    // A letter outside the BMP (two UTF-16 units) folding to one.
    expect(marked('𝐅ísica', 'fis')).toEqual(['𝐅ís']);
  });

  it('keeps a combining accent with the letter it sits on', () => {
    const decomposed = 'Matema\u0301tica';
    expect(marked(decomposed, 'matema')).toEqual(['Matema\u0301']);
    expect(marked(decomposed, 'tica')).toEqual(['tica']);
  });

  it('marks every place a word occurs', () => {
    expect(marked('Física e Educação Física', 'fisica')).toEqual(['Física', 'Física']);
    expect(marked('Banana', 'ana')).toEqual(['anana']);
  });

  it('merges overlapping and adjacent matches into one mark', () => {
    // "ma" at 0 and 4 ("má"), "ate" at 1: one stretch.
    expect(matchRanges('Matemática', 'ma ate')).toEqual([{ start: 0, end: 6 }]);
    expect(matchRanges('Física 9º A', 'fi ca')).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 6 },
    ]);
  });

  it('marks repeated words once, and nothing for a word contained in another', () => {
    expect(marked('Física 9º A', 'fis fís FIS')).toEqual(['Fís']);
    // "mate" adds nothing to "matematica" (searchWords drops it): only where "matematica" is.
    expect(marked('Matemática e Matemágica', 'mate matematica')).toEqual(['Matemática']);
  });

  it('marks a one-character word only at the start of a word, never inside one', () => {
    const name = '1ª série E — Língua Portuguesa';
    expect(marked(name, 'e')).toEqual(['E']);
    expect(marked(name, '1ª série E Língua Portuguesa')).toEqual([
      '1ª',
      'série',
      'E',
      'Língua',
      'Portuguesa',
    ]);
    expect(marked('Ensino Médio e Técnico', 'E')).toEqual(['E', 'e']);
    expect(marked('9º ano D — Arte', 'd')).toEqual(['D']);
    expect(marked('Sociologia', 'o')).toEqual([]);
    // Kept beside a longer word that holds it: "serie e" still asks for a word "e…".
    expect(marked('Matemática 9º A', 'a matematica')).toEqual(['Matemática', 'A']);
    expect(marked('2ª série E — Arte', 'serie e')).toEqual(['série', 'E']);
  });

  it('marks a number before º or ª as the whole grade, and never inside another number', () => {
    expect(marked('2º ano B — Geografia · Unidade 2', '2')).toEqual(['2º', '2']);
    expect(marked('2ª série B', '2')).toEqual(['2ª']);
    expect(marked('12º ano', '2')).toEqual([]);
    expect(marked('12º ano', '12')).toEqual(['12º']);
    // A longer number is a word like any other: inside another, it still counts.
    expect(marked('Sala 312', '12')).toEqual(['12']);
  });

  it('marks what occurs even when another word does not', () => {
    expect(marked('Matemática 9º A', 'matematica robotica')).toEqual(['Matemática']);
  });

  it('marks nothing when nothing matches, or when there is nothing to match', () => {
    expect(matchRanges('Matemática 9º A', 'astronomia')).toEqual([]);
    expect(matchRanges('Matemática 9º A', '')).toEqual([]);
    expect(matchRanges('Matemática 9º A', '  — / , ')).toEqual([]);
    expect(matchRanges('', 'matematica')).toEqual([]);
  });

  it('marks nothing rather than the wrong letters when folding letter by letter differs', () => {
    // Lower case of a final "Σ" depends on what follows it: "ς" in the whole name, "σ" alone.
    const name = 'ΟΔΟΣ Β';
    expect(foldForSearch(name)).not.toBe(Array.from(name, (char) => foldForSearch(char)).join(''));
    expect(foldForSearch(name)).toContain('οδο');
    expect(matchRanges(name, 'οδο')).toEqual([]);
  });
});
