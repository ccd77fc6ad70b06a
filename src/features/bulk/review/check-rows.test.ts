// Dates alone mean the end of that day where the browser is: fix the zone (no DST since 2019).
process.env.TZ = 'America/Sao_Paulo';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAME_MAX_LENGTH } from '#contract';
import { bulkMessagesFor } from '../messages';
import { checkRows } from './check-rows';
import type { InputRow } from '../types';

// 12:00 in São Paulo.
const NOW = new Date('2026-03-10T15:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Rows on lines 2, 3, … as under a header. */
function rows(...values: Partial<Omit<InputRow, 'line'>>[]): InputRow[] {
  return values.map((value, index) => ({
    line: index + 2,
    name: 'Ana Silva',
    email: `aluno${index}@escola.com`,
    expiry: '',
    ...value,
  }));
}

const enrol = (input: InputRow[]) => checkRows(input, { mode: 'enrol', now: new Date() });
const remove = (input: InputRow[]) => checkRows(input, { mode: 'remove', now: new Date() });

describe('checkRows: a quote that never closed', () => {
  const quoted = (field: 'name' | 'email' | 'expiry', read: string) =>
    rows({ [field]: read, unclosedQuote: { field, read } });

  it('holds the line back until the field with the quote is changed', () => {
    const [held] = enrol(quoted('name', '"Mari" Silva'));
    expect(held?.problems).toEqual([{ field: 'name', reason: 'unclosed-quote' }]);
    expect(held?.student).toBeNull();

    const [fixed] = enrol(
      quoted('name', '"Mari" Silva').map((row) => ({ ...row, name: 'Mari Silva' })),
    );
    expect(fixed?.problems).toEqual([]);
    expect(fixed?.student).toMatchObject({ name: 'Mari Silva' });
  });

  it('holds back a removal only for a quote in the address, the one thing it reads', () => {
    expect(remove(quoted('name', '"Mari" Silva'))[0]?.problems).toEqual([]);
    expect(remove(quoted('email', '"mari@x.com'))[0]?.problems).toEqual([
      { field: 'email', reason: 'unclosed-quote' },
      { field: 'email', reason: 'invalid' },
    ]);
  });

  it('says so in both languages', () => {
    const problem = { field: 'expiry', reason: 'unclosed-quote' } as const;
    expect(bulkMessagesFor('pt-BR').rowProblem(problem, '200')).toBe(
      'Aspas que nunca se fecham: a validade foi lida como está, com as aspas, e as linhas seguintes à parte. Corrija este campo ou exclua a linha.',
    );
    expect(bulkMessagesFor('en').rowProblem(problem, '200')).toBe(
      'A quote that never closes: the expiry was read as typed, quotes included, and the lines after it on their own. Correct this field or exclude the line.',
    );
  });
});

describe('checkRows when enrolling', () => {
  it('sends a good row as the contract normalises it', () => {
    const [row] = enrol(rows({ name: '  Ana Silva ', email: ' Ana.Silva@Escola.COM ' }));
    expect(row).toEqual({
      line: 2,
      name: '  Ana Silva ',
      email: ' Ana.Silva@Escola.COM ',
      expiry: '',
      problems: [],
      student: { name: 'Ana Silva', email: 'ana.silva@escola.com' },
    });
    expect(row?.student).not.toHaveProperty('expirationDate');
  });

  it('names each problem with a name, on its line', () => {
    const checked = enrol(
      rows(
        { name: '' },
        { name: '   ' },
        { name: 'a'.repeat(NAME_MAX_LENGTH + 1) },
        { name: 'Ana\u0000Silva' },
        // Half of a UTF-16 pair: the contract refuses it as it refuses control characters.
        { name: 'Ana \uD83D Silva' },
        { name: ` ${'a'.repeat(NAME_MAX_LENGTH)} ` },
        // Names that lie: shown in another order than stored, or showing nothing.
        { name: 'Aluno \u202Egnp.exe\u202C' },
        { name: '\u200B\u00AD' },
        { name: 'Mi\u200Crza\u200D \u200EAli\u0301' },
      ),
    );
    expect(checked.map((row) => [row.line, row.problems, row.student === null])).toEqual([
      [2, [{ field: 'name', reason: 'missing' }], true],
      [3, [{ field: 'name', reason: 'missing' }], true],
      [4, [{ field: 'name', reason: 'too-long' }], true],
      [5, [{ field: 'name', reason: 'control-characters' }], true],
      [6, [{ field: 'name', reason: 'control-characters' }], true],
      [7, [], false],
      [8, [{ field: 'name', reason: 'bidi-controls' }], true],
      [9, [{ field: 'name', reason: 'no-letter' }], true],
      [10, [], false],
    ]);
  });

  it('names each problem with an e-mail, on its line', () => {
    const checked = enrol(
      rows({ email: '' }, { email: ' \t' }, { email: 'ana@' }, { email: 'ana silva@x.com' }),
    );
    expect(checked.map((row) => [row.line, row.problems])).toEqual([
      [2, [{ field: 'email', reason: 'missing' }]],
      [3, [{ field: 'email', reason: 'missing' }]],
      [4, [{ field: 'email', reason: 'invalid' }]],
      [5, [{ field: 'email', reason: 'invalid' }]],
    ]);
  });

  it('gives every field its own problem, and sends nothing for such a row', () => {
    const [row] = enrol(rows({ name: '', email: 'x', expiry: 'amanhã' }));
    expect(row?.problems).toEqual([
      { field: 'name', reason: 'missing' },
      { field: 'email', reason: 'invalid' },
      { field: 'expiry', reason: 'invalid' },
    ]);
    expect(row?.student).toBeNull();
  });

  it.each([
    ['2026-12-31', '2027-01-01T02:59:00.000Z'],
    ['31/12/2026', '2027-01-01T02:59:00.000Z'],
    ['1/2/2027', '2027-02-02T02:59:00.000Z'],
    [' 2026-12-31 ', '2027-01-01T02:59:00.000Z'],
    ['2026-12-31T10:00:00-03:00', '2026-12-31T13:00:00.000Z'],
    ['2026-12-31T10:00:00.5Z', '2026-12-31T10:00:00.500Z'],
    // A time typed beside the date, as in the enrol form's field: local time.
    ['31/12/2026 18:00', '2026-12-31T21:00:00.000Z'],
    ['2026-12-31 23:59', '2027-01-01T02:59:00.000Z'],
  ])('sends the expiry %j as %s (a date alone lasts to 23:59 local)', (expiry, sent) => {
    const [row] = enrol(rows({ expiry }));
    expect(row?.problems).toEqual([]);
    expect(row?.student?.expirationDate).toBe(sent);
  });

  it.each(['pt-BR', 'en'] as const)(
    'takes every form its %s error names, with a time and without',
    (locale) => {
      const words = bulkMessagesFor(locale).rowProblem({ field: 'expiry', reason: 'invalid' }, '');
      const forms = words.match(/\d[\d/-]+\d(?: \d{2}:\d{2})?/g) ?? [];
      expect(forms).toEqual(['31/12/2026', '31/12/2026 18:00', '2026-12-31 18:00']);
      expect(
        enrol(rows(...forms.map((expiry) => ({ expiry })))).map((row) => row.problems),
      ).toEqual(forms.map(() => []));
    },
  );

  it.each([
    '31/02/2026',
    '2026-13-01',
    '12/31/2026',
    '2026-12-31T10:00',
    '2026-02-30T10:00:00Z',
    '31/12/2026 24:00',
    '31/12/2026 18',
    '31-12-2026',
    'amanhã',
    '0099-12-31',
    // 23:59 in São Paulo on the last day of 9999 is in year 10000 in UTC, which the API refuses.
    '9999-12-31',
  ])('says the expiry %j is not a date', (expiry) => {
    expect(enrol(rows({ expiry }))[0]?.problems).toEqual([{ field: 'expiry', reason: 'invalid' }]);
  });

  it('takes today as a date alone (access lasts through the day), but not yesterday or now', () => {
    const checked = enrol(
      rows({ expiry: '10/03/2026' }, { expiry: '2026-03-09' }, { expiry: NOW.toISOString() }),
    );
    expect(checked.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, [{ field: 'expiry', reason: 'past' }]],
      [4, [{ field: 'expiry', reason: 'past' }]],
    ]);
    expect(checked[0]?.student?.expirationDate).toBe('2026-03-11T02:59:00.000Z');
  });
});

describe('checkRows: a roster exported by the console, coming back', () => {
  /** 5 December 2027, 23:59 in São Paulo, as the export's ISO column writes it. */
  const ISO = '2027-12-06T02:59:00.000Z';

  it.each(['Sem validade', 'No expiry', ' sem validade ', 'NO EXPIRY', 'No-expiry'])(
    'sends no expiry at all for a line that says %j, whatever the batch’s',
    (expiry) => {
      const [row] = enrol(rows({ expiry }));
      expect(row?.problems).toEqual([]);
      expect(row?.student).toEqual({
        name: 'Ana Silva',
        email: 'aluno0@escola.com',
        expirationDate: null,
      });
    },
  );

  it('leaves a removal’s "Sem validade" alone, as every expiry', () => {
    expect(remove(rows({ expiry: 'Sem validade' }))[0]?.student).toEqual({
      name: 'Ana Silva',
      email: 'aluno0@escola.com',
    });
  });

  it.each([
    // As either language wrote the same moment where it was exported.
    '12/05/2027 11:59 PM',
    '05/12/2027 23:59',
    '12/05/2027, 11:59\u202fPM',
    // Exported three hours east: the same moment in another zone's local time.
    '06/12/2027 02:59',
    // A spreadsheet's own way of writing it: no date this reader knows, nothing against the ISO.
    'Dec 5, 2027',
  ])('takes the ISO cell exactly where the local one beside it says %j', (local) => {
    const [row] = enrol(rows({ expiry: ISO, expiryCells: { iso: ISO, local } }));
    expect(row?.problems).toEqual([]);
    expect(row?.student?.expirationDate).toBe(ISO);
  });

  it.each(['05/12/2028 23:59', '12/05/2028 11:59 PM', 'Sem validade', 'No expiry'])(
    'asks about a line whose local cell was changed to %j, until its expiry is typed in the review',
    (local) => {
      const expiryCells = { iso: ISO, local };
      const [changed] = enrol(rows({ expiry: ISO, expiryCells }));
      expect(changed?.problems).toEqual([{ field: 'expiry', reason: 'disagrees', local }]);
      expect(changed?.student).toBeNull();
      // Fixed in the review: what was typed there is the expiry.
      const [fixed] = enrol(rows({ expiry: '05/12/2028', expiryCells }));
      expect(fixed?.problems).toEqual([]);
      expect(fixed?.student?.expirationDate).toBe('2028-12-06T02:59:00.000Z');
    },
  );
});

describe('checkRows: repeated addresses', () => {
  it('keeps the first row of an address, as the API compares addresses', () => {
    const checked = enrol(
      rows(
        { email: 'Ana@Escola.com' },
        { email: 'ana@escola.com.br' },
        { email: ' ana@escola.com ' },
        { email: 'bia@escola.com' },
        { email: 'ANA@ESCOLA.COM' },
      ),
    );
    expect(checked.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, []],
      [4, [{ field: 'email', reason: 'duplicate', firstLine: 2 }]],
      [5, []],
      [6, [{ field: 'email', reason: 'duplicate', firstLine: 2 }]],
    ]);
  });

  it('still counts a first row that has other problems as the first', () => {
    const checked = enrol(rows({ name: '', email: 'ana@x.com' }, { email: 'ana@x.com' }));
    expect(checked.map((row) => row.problems)).toEqual([
      [{ field: 'name', reason: 'missing' }],
      [{ field: 'email', reason: 'duplicate', firstLine: 2 }],
    ]);
  });

  it('does not call invalid addresses repeated', () => {
    const checked = enrol(rows({ email: 'ana@' }, { email: 'ana@' }, { email: '' }, { email: '' }));
    expect(checked.flatMap((row) => row.problems.map((problem) => problem.reason))).toEqual([
      'invalid',
      'invalid',
      'missing',
      'missing',
    ]);
  });
});

describe('checkRows when removing', () => {
  it('needs only the address: names and expiries are never a problem', () => {
    const checked = remove(
      rows(
        { name: '', email: ' Ana@Escola.com', expiry: 'ontem' },
        { name: `  ${'a'.repeat(NAME_MAX_LENGTH + 1)}\u0000 `, expiry: '2020-01-01' },
        { name: '  Bia Souza ' },
      ),
    );
    expect(checked.map((row) => [row.problems, row.student])).toEqual([
      [[], { name: '', email: 'ana@escola.com' }],
      [[], { name: `${'a'.repeat(NAME_MAX_LENGTH + 1)}\u0000`, email: 'aluno1@escola.com' }],
      [[], { name: 'Bia Souza', email: 'aluno2@escola.com' }],
    ]);
  });

  it('still checks the address, repeats included', () => {
    const checked = remove(
      rows({ email: '' }, { email: 'x' }, { email: 'a@x.com' }, { email: 'A@x.com' }),
    );
    expect(checked.map((row) => [row.line, row.problems])).toEqual([
      [2, [{ field: 'email', reason: 'missing' }]],
      [3, [{ field: 'email', reason: 'invalid' }]],
      [4, []],
      [5, [{ field: 'email', reason: 'duplicate', firstLine: 4 }]],
    ]);
  });
});

describe('checkRows at the size of a school', () => {
  // How fast this runs is a budget of `npm run bench:bulk`, not of a test.
  it('checks 10,000 rows, 1,000 of them repeating an earlier e-mail in another case', () => {
    const input = Array.from({ length: 10_000 }, (_, i): InputRow => ({
      line: i + 2,
      name: ` Aluno Número ${i} `,
      email: `Aluno${i % 9_000}@Escola.com.br`,
      expiry: ['', '31/12/2026', `2027-01-${String((i % 28) + 1).padStart(2, '0')}`][i % 3]!,
    }));
    const checked = checkRows(input, { mode: 'enrol', now: NOW });
    expect(checked.filter((row) => row.student)).toHaveLength(9_000);
    expect(checked.at(-1)?.problems).toEqual([
      { field: 'email', reason: 'duplicate', firstLine: 1_001 },
    ]);
  });
});
