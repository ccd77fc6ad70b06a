import { describe, expect, it } from 'vitest';
import { studentSearchQuerySchema, type StudentMatch } from '#contract';
import { studentSearchText, studentWithEmail } from './student-queries';

const ana: StudentMatch = {
  name: 'Ana Souza',
  email: 'ana.souza@escola.com.br',
  classes: [],
  countClasses: 0,
};

describe('studentSearchText', () => {
  it('asks for the folded words, each once', () => {
    expect(studentSearchText('  Ána  SOUZA ana ')).toBe('ana souza');
    expect(studentSearchText('ana.souza@escola.com.br')).toBe('ana souza escola com br');
    expect(studentSearchText(' @. ')).toBe('');
  });

  it('keeps a long e-mail within the API’s 8 words, by its longest words', () => {
    const query = studentSearchText('joao.da.silva.santos.junior@escola.sp.gov.br');
    // Nine words: one of the shortest goes, the last of them.
    expect(query).toBe('joao da silva santos junior escola sp gov');
    expect(studentSearchQuerySchema.safeParse({ query }).success).toBe(true);
  });

  it('keeps the text within 200 characters, cutting a single long word', () => {
    const query = studentSearchText('x'.repeat(300));
    expect(query).toBe('x'.repeat(200));
    expect(studentSearchQuerySchema.safeParse({ query }).success).toBe(true);
  });
});

describe('studentWithEmail', () => {
  it('finds the student, says null for nobody only when the answer is complete', () => {
    expect(studentWithEmail({ data: [ana], totalRecords: 1 }, ana.email)).toBe(ana);
    expect(studentWithEmail({ data: [ana], totalRecords: 1 }, 'bia@escola.com.br')).toBeNull();
    expect(studentWithEmail({ data: [ana], totalRecords: 30 }, 'bia@escola.com.br')).toBe(
      undefined,
    );
    expect(studentWithEmail(undefined, ana.email)).toBe(undefined);
  });
});
