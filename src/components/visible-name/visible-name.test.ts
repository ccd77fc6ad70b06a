import { describe, expect, it } from 'vitest';
import { studentNameSchema } from '#contract';
import { visibleName } from './visible-name';

describe('visibleName', () => {
  it('writes out the characters the contract refuses, so that the text shows in its stored order', () => {
    expect(visibleName('Aluno \u202Egnp.exe\u202C')).toBe('Aluno [U+202E]gnp.exe[U+202C]');
    expect(visibleName('a\u202Ab\u202Bc\u202Dd\u2066e\u2067f\u2068g\u2069')).toBe(
      'a[U+202A]b[U+202B]c[U+202D]d[U+2066]e[U+2067]f[U+2068]g[U+2069]',
    );
    expect(visibleName('Dora\tNunes\u0000')).toBe('Dora[U+0009]Nunes[U+0000]');
    expect(visibleName('Ana \uD800')).toBe('Ana [U+D800]');
  });

  it('writes out the invisible characters of a name with no letter or digit', () => {
    expect(visibleName('\u200B')).toBe('[U+200B]');
    expect(visibleName('\u00AD\u{E0041}')).toBe('[U+00AD][U+E0041]');
    expect(visibleName('\u0301 -\u00A0')).toBe('[U+0301] -[U+00A0]');
  });

  it('leaves every name the contract accepts as it is, joiners, marks and any script included', () => {
    const names = [
      'Dora Nunes',
      'Zo\u0301e',
      'Mi\u200Crza\u200D Ali',
      'Dana \u200Eכהן\u200F',
      '李小龙',
      'محمد',
    ];
    for (const name of names) {
      expect(studentNameSchema.safeParse(name).success).toBe(true);
      expect(visibleName(name)).toBe(name);
    }
  });
});
