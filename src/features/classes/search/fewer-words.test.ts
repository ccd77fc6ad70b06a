import { describe, expect, it } from 'vitest';
import { searchesWithOneWordLess } from './fewer-words';

describe('searchesWithOneWordLess', () => {
  it('offers the search without each typed word, words as typed', () => {
    expect(searchesWithOneWordLess('Matemática  9º robótica')).toEqual([
      { word: 'Matemática', query: '9º robótica' },
      { word: '9º', query: 'Matemática robótica' },
      { word: 'robótica', query: 'Matemática 9º' },
    ]);
  });

  it('leaves out words whose absence changes nothing the server looks for', () => {
    // "mat" occurs in "matematica", and the repeat of "9º" is one word.
    expect(searchesWithOneWordLess('mat matematica 9º 9º')).toEqual([
      { word: 'matematica', query: 'mat 9º 9º' },
    ]);
    expect(searchesWithOneWordLess('matematica — robotica')).toEqual([
      { word: 'matematica', query: '— robotica' },
      { word: 'robotica', query: 'matematica —' },
    ]);
  });

  it('offers leaving out a one-character word: it asks for a word of its own', () => {
    // "A" is the section: it is no longer dropped for occurring inside "matemática".
    expect(searchesWithOneWordLess('matemática A')).toEqual([
      { word: 'matemática', query: 'A' },
      { word: 'A', query: 'matemática' },
    ]);
  });

  it('offers nothing for one word', () => {
    expect(searchesWithOneWordLess('matematica')).toEqual([]);
    expect(searchesWithOneWordLess('9º-A')).toEqual([]);
  });
});
