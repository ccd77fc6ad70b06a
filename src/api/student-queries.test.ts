import { describe, expect, it } from 'vitest';
import { STUDENTS_BY_EMAIL_MAX } from '#contract';
import {
  studentSearchQuerySchema,
  type StudentMatch,
  type StudentRecord,
} from '#contract/extensions';
import {
  normalizedEmail,
  readStudentsByEmail,
  STUDENTS_BY_EMAIL_QUERY_MAX,
  studentEmailBatches,
  studentSearchText,
  studentWithEmail,
} from './student-queries';
import { studentsByEmailRequester } from '../testing/students-by-email-requester';

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

describe('studentEmailBatches', () => {
  const email = (at: number, length = 20) =>
    `${String(at).padStart(length - '@escola.example'.length, 'x')}@escola.example`;
  const queryLength = (batch: readonly string[]) =>
    new URLSearchParams(batch.map((one) => ['email', one])).toString().length;

  it('asks 1,000 ordinary e-mails in 10 requests of 100, in order', () => {
    const emails = Array.from({ length: 1000 }, (_, at) => email(at, 30));
    const batches = studentEmailBatches(emails);

    expect(batches.map((batch) => batch.length)).toEqual(Array(10).fill(STUDENTS_BY_EMAIL_MAX));
    expect(batches.flat()).toEqual(emails);
  });

  it('keeps each query string within its bound, however long the e-mails', () => {
    // 254 characters, with "+" which the query string writes in three.
    const long = (at: number) => `${String(at).padStart(200, '+')}@${'d'.repeat(45)}.example`;
    const emails = Array.from({ length: 300 }, (_, at) => long(at));
    expect(emails.every((one) => normalizedEmail(one) === one && one.length === 254)).toBe(true);

    const batches = studentEmailBatches(emails);

    expect(batches.flat()).toEqual(emails);
    for (const batch of batches) {
      expect(queryLength(batch)).toBeLessThanOrEqual(STUDENTS_BY_EMAIL_QUERY_MAX);
      expect(queryLength(batch) + '/v1/students/by-email?'.length).toBeLessThan(8_000);
    }
    expect(batches.length).toBeLessThan(emails.length / 5);
  });

  it('asks each e-mail once, as the server keeps it, and leaves out what is no e-mail', () => {
    expect(
      studentEmailBatches([' Ana@Escola.example', 'ana@escola.example', 'not an e-mail', '']),
    ).toEqual([['ana@escola.example']]);
    expect(studentEmailBatches([])).toEqual([]);
  });
});

describe('readStudentsByEmail', () => {
  const record = (address: string): StudentRecord => ({
    name: address,
    email: address,
    classes: [],
  });

  it('merges the answers of every batch, by e-mail; e-mails with no student are absent', async () => {
    const asked: string[][] = [];
    const api = studentsByEmailRequester((emails) => {
      asked.push([...emails]);
      // Only even students exist.
      const data = emails.filter((_, at) => at % 2 === 0).map(record);
      return Promise.resolve({ data });
    });
    const emails = Array.from({ length: 250 }, (_, at) => `s${String(at)}@escola.example`);

    const found = await readStudentsByEmail(api, emails);

    expect(asked.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(found.size).toBe(125);
    expect(found.get('s0@escola.example')).toEqual(record('s0@escola.example'));
    expect(found.has('s1@escola.example')).toBe(false);
  });

  it('fails whole when a batch fails, and asks no more batches after it', async () => {
    let calls = 0;
    const api = studentsByEmailRequester(() => {
      calls++;
      return Promise.reject(new Error('offline'));
    });
    const emails = Array.from({ length: 1000 }, (_, at) => `s${String(at)}@escola.example`);

    await expect(readStudentsByEmail(api, emails)).rejects.toThrow('offline');
    expect(calls).toBeLessThanOrEqual(4);
  });
});
