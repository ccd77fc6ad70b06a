import { describe, expect, it } from 'vitest';
import { EXPIRY_CELLS } from '../../../components/expiry-field/expiry-cells';
import { bulkMessagesFor } from '../messages';
import { decodeInput, parseInput, parseSource } from './parse-input';
import { toCsv } from '../../../lib/csv-file';
import { BULK_ROWS_MAX, type ParsedInput } from '../types';

/** The rows as the next step sees them: line, then the three values. */
function rowsOf(input: string | ParsedInput) {
  const { rows } = typeof input === 'string' ? parseInput(input) : input;
  return rows.map(({ line, name, email, expiry }) => [line, name, email, expiry]);
}

describe('parseInput: delimiters', () => {
  it('reads commas, semicolons (Brazilian spreadsheets) and tabs (pasted cells)', () => {
    for (const delimiter of [',', ';', '\t'] as const) {
      const parsed = parseInput(
        `Ana Silva${delimiter}ana@escola.com\nBia${delimiter}bia@escola.com`,
      );
      expect(parsed.delimiter).toBe(delimiter);
      expect(parsed.rows.map((row) => [row.name, row.email])).toEqual([
        ['Ana Silva', 'ana@escola.com'],
        ['Bia', 'bia@escola.com'],
      ]);
    }
  });

  it('keeps "Silva, Ana" whole in a semicolon file', () => {
    const parsed = parseInput('Silva, Ana;ana@x.com\nSouza, Bia;bia@x.com\n');
    expect(parsed.delimiter).toBe(';');
    expect(rowsOf('Silva, Ana;ana@x.com\nSouza, Bia;bia@x.com\n')).toEqual([
      [1, 'Silva, Ana', 'ana@x.com', ''],
      [2, 'Souza, Bia', 'bia@x.com', ''],
    ]);
  });

  it('keeps "Silva, Ana" whole in cells pasted from a spreadsheet', () => {
    const parsed = parseInput('Silva, Ana\tana@x.com\t31/12/2026\nBia\tbia@x.com\t');
    expect(parsed.delimiter).toBe('\t');
    expect(parsed.rows[0]).toMatchObject({ name: 'Silva, Ana', expiry: '31/12/2026' });
  });

  it('keeps a name with a semicolon whole in a comma file', () => {
    const parsed = parseInput('Ana; aluna nova,ana@x.com\nBia,bia@x.com');
    expect(parsed.delimiter).toBe(',');
    expect(parsed.rows[0]).toMatchObject({ name: 'Ana; aluna nova', email: 'ana@x.com' });
  });

  it('follows the "sep=" line Excel writes and reads, and does not take it for a row', () => {
    // A name holding ';' would make ';' look wrong to the guess: the file says it is ','.
    const text = 'sep=,\r\nNome,E-mail\r\n"Ana; a monitora",ana@x.com\r\nBia,bia@x.com\r\n';
    const parsed = parseInput(text);
    expect(parsed).toMatchObject({ delimiter: ',', header: true, problems: [] });
    expect(rowsOf(text)).toEqual([
      [3, 'Ana; a monitora', 'ana@x.com', ''],
      [4, 'Bia', 'bia@x.com', ''],
    ]);
    expect(parseInput('\uFEFFSEP=;\nSilva, Ana;ana@x.com\n')).toMatchObject({
      delimiter: ';',
      header: false,
      rows: [{ line: 2, name: 'Silva, Ana', email: 'ana@x.com' }],
    });
  });

  it('guesses as usual past a "sep=" line naming a delimiter it does not read', () => {
    expect(rowsOf('sep=|\nAna;ana@x.com\n')).toEqual([[2, 'Ana', 'ana@x.com', '']]);
  });

  it('reads a single column of addresses (a removal list) as comma-separated', () => {
    const parsed = parseInput('ana@x.com\nbia@x.com\n');
    expect(parsed).toEqual({
      delimiter: ',',
      header: false,
      problems: [],
      rows: [
        { line: 1, name: '', email: 'ana@x.com', expiry: '' },
        { line: 2, name: '', email: 'bia@x.com', expiry: '' },
      ],
    });
  });
});

describe('parseInput: headers and columns', () => {
  it('takes the columns a header names, in any order and spelling, ignoring the others', () => {
    const parsed = parseInput(
      'Turma;E-MAIL;Data de Validade;Nome do Aluno\n9A;ana@x.com;31/12/2026;Ana\n9B;bia@x.com;;Bia',
    );
    expect(parsed.header).toBe(true);
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', expiry: '31/12/2026' },
      { line: 3, name: 'Bia', email: 'bia@x.com', expiry: '' },
    ]);
  });

  it.each([
    ['Nome', 'E-mail', 'Validade'],
    ['nome completo', 'Endereço de e-mail', 'Expiração'],
    ['ALUNO', 'mail', 'Expira em'],
    ['Name', 'Email', 'Expiry'],
    ['Full name', 'Email address', 'Expiration date'],
    ['Student name', 'e_mail', 'ExpirationDate'],
    ['student', 'EMAIL', 'expires'],
    [' Nome ', 'E-mail:', 'Expiration'],
  ])('recognises the header %j, %j, %j', (name, email, expiry) => {
    const parsed = parseInput(`${expiry},${email},${name}\n2026-12-31,ana@x.com,Ana`);
    expect(parsed.header).toBe(true);
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', expiry: '2026-12-31' },
    ]);
  });

  it.each([
    'Data de expiração',
    'Vencimento',
    'Data de vencimento',
    'Data de término',
    'Término',
    'Validade da matrícula',
    'Expira em',
    'Expiration date',
    'Expires',
    'Expiry date',
    'End date',
  ])('takes each line’s own expiry from a column titled %j', (title) => {
    const parsed = parseInput(`Nome;E-mail;${title}\nAna;ana@x.com;31/12/2027`);
    expect(parsed).toMatchObject({ header: true, rows: [{ expiry: '31/12/2027' }] });
    expect(parsed.ignoredColumns).toBeUndefined();
  });

  it.each([
    ['Nome completo', 'Email'],
    ['Aluno', 'E-mail do aluno'],
    ['Estudante', 'Endereço de e-mail'],
    ['Student', 'Email address'],
    ['Full name', 'E-mail'],
    ['Nome social', 'E-mail'],
  ])('takes the name and e-mail from columns titled %j and %j', (name, email) => {
    const parsed = parseInput(`Validade;${email};${name}\n31/12/2027;ana@x.com;Ana`);
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', expiry: '31/12/2027' },
    ]);
    expect(parsed.ignoredColumns).toBeUndefined();
  });

  it('names each student by their social name where the list gives one, else by the other name', () => {
    const parsed = parseInput(
      'Nome;Nome social;E-mail\nJoão Silva;Joana Silva;joana@x.com\nBia Souza;;bia@x.com',
    );
    expect(parsed.rows.map((row) => row.name)).toEqual(['Joana Silva', 'Bia Souza']);
    expect(parsed.ignoredColumns).toBeUndefined();
  });

  it('says which columns under a recognised header it did not use, and why', () => {
    const parsed = parseInput(
      [
        'Turma;Nome;E-mail;Prazo;Observações;Vencimento;Validade;Nome completo',
        '9A;Ana;ana@x.com;31/12/2027;;30/06/2027;31/12/2027;Ana Souza;extra',
        '9B;Bia;bia@x.com;;;;;;',
      ].join('\n'),
    );
    expect(parsed.rows[0]).toMatchObject({ name: 'Ana', expiry: '30/06/2027' });
    // "Observações" is empty throughout: nothing is lost, nothing to say.
    expect(parsed.ignoredColumns).toEqual([
      { column: 1, title: 'Turma' },
      { column: 4, title: 'Prazo' },
      { column: 7, title: 'Validade', taken: { role: 'expiry', by: 'Vencimento' } },
      { column: 8, title: 'Nome completo', taken: { role: 'name', by: 'Nome' } },
      { column: 9, title: '' },
    ]);
  });

  it('words each column left out as one line, in both languages', () => {
    const { ignoredColumns = [] } = parseInput(
      'Nome;E-mail;Turma;Vencimento;Validade\nAna;ana@x.com;9A;30/06/2027;31/12/2027;x',
    );
    expect(ignoredColumns.map(bulkMessagesFor('pt-BR').input.ignoredColumn)).toEqual([
      'A coluna “Turma” não foi usada: o título dela não é um dos conhecidos (Nome, E-mail, Validade).',
      'A coluna “Validade” não foi usada: a validade vem da coluna “Vencimento”.',
      'A coluna 6 não foi usada: ela não tem título (os conhecidos são Nome, E-mail e Validade).',
    ]);
    expect(ignoredColumns.map(bulkMessagesFor('en').input.ignoredColumn)).toEqual([
      'The column “Turma” was not used: its title is not one of those known (Name, E-mail, Expiry).',
      'The column “Validade” was not used: the expiry comes from the column “Vencimento”.',
      'Column 6 was not used: it has no title (those known are Name, E-mail and Expiry).',
    ]);
  });

  it('says nothing of columns when every column is used, or when there is no header', () => {
    expect(parseInput('Nome;E-mail;Validade\nAna;ana@x.com;31/12/2027').ignoredColumns).toBe(
      undefined,
    );
    expect(parseInput('Ana;ana@x.com;31/12/2027;9A').ignoredColumns).toBeUndefined();
  });

  it('reads a header whose cells carry a note in parentheses, as templates do', () => {
    const parsed = parseInput(
      'Nome (completo);E-mail (obrigatório);Validade (dd/mm/aaaa)\nAna;ana@x.com;31/12/2026',
    );
    expect(parsed.header).toBe(true);
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', expiry: '31/12/2026' },
    ]);
  });

  it('takes the column titled just "E-mail" or "Nome" over one with a note, wherever it is (review D6)', () => {
    const parsed = parseInput(
      [
        'Nome (responsável);Nome;E-mail (responsável);Email',
        'Maria Lima;Ana Lima;mae.ana@familia.test;ana.lima@escola.test',
      ].join('\n'),
    );
    expect(rowsOf(parsed)).toEqual([[2, 'Ana Lima', 'ana.lima@escola.test', '']]);
    expect(parsed.ignoredColumns).toEqual([
      { column: 1, title: 'Nome (responsável)', taken: { role: 'name', by: 'Nome' } },
      { column: 3, title: 'E-mail (responsável)', taken: { role: 'email', by: 'Email' } },
    ]);
    // Without one titled just so, the first still counts.
    expect(rowsOf('E-MAIL (aluno);E-mail (responsável)\nana@x.com;mae@x.com')).toEqual([
      [2, '', 'ana@x.com', ''],
    ]);
  });

  it('without a header, finds the addresses in any column; the name and expiry follow in order', () => {
    expect(rowsOf('ana@x.com,Ana,2026-12-31\nbia@x.com,Bia,')).toEqual([
      [1, 'Ana', 'ana@x.com', '2026-12-31'],
      [2, 'Bia', 'bia@x.com', ''],
    ]);
    expect(rowsOf('Ana,2026-12-31,ana@x.com\nBia,,bia@x.com')).toEqual([
      [1, 'Ana', 'ana@x.com', '2026-12-31'],
      [2, 'Bia', 'bia@x.com', ''],
    ]);
  });

  it('finds the address column even when a few addresses lack their @', () => {
    expect(rowsOf('9A,Ana,ana@x.com\n9A,Bia,bia.x.com\n9B,Caio,caio@x.com')).toEqual([
      [1, '9A', 'ana@x.com', 'Ana'],
      [2, '9A', 'bia.x.com', 'Bia'],
      [3, '9B', 'caio@x.com', 'Caio'],
    ]);
  });

  it('reads a header that names no e-mail column by content', () => {
    const parsed = parseInput('Nome;Contato\nAna;ana@x.com');
    expect(parsed.header).toBe(true);
    expect(parsed.rows).toEqual([{ line: 2, name: 'Ana', email: 'ana@x.com', expiry: '' }]);
  });

  it('takes a first row holding an address for a student, whatever its other cells say', () => {
    const parsed = parseInput('Aluno,aluno@x.com\nBia,bia@x.com');
    expect(parsed.header).toBe(false);
    expect(parsed.rows).toHaveLength(2);
  });

  it('fills missing cells with empty text', () => {
    expect(rowsOf('Nome;E-mail;Validade\nAna;ana@x.com\nBia')).toEqual([
      [2, 'Ana', 'ana@x.com', ''],
      [3, 'Bia', '', ''],
    ]);
  });

  it('does not trim values (the contract normalises them later)', () => {
    expect(rowsOf(' Ana , ANA@x.com ')).toEqual([[1, ' Ana ', ' ANA@x.com ', '']]);
  });
});

describe('parseInput: a roster exported by the console, coming back', () => {
  /** A roster's CSV as the export writes it in `locale` (roster-export.ts): its header words. */
  function exported(locale: keyof typeof EXPIRY_CELLS, delimiter: string, lines: string[][]) {
    const words = EXPIRY_CELLS[locale];
    const header =
      locale === 'en'
        ? [
            'Name',
            'E-mail',
            words.localHeader,
            words.isoHeader,
            'Enrolled on',
            'Class',
            'Class code',
          ]
        : [
            'Nome',
            'E-mail',
            words.localHeader,
            words.isoHeader,
            'Matriculado em',
            'Turma',
            'Código da turma',
          ];
    return [header, ...lines].map((cells) => cells.join(delimiter)).join('\r\n');
  }

  it.each(['pt-BR', 'en'] as const)(
    'takes each expiry from the ISO column of a file exported in %s, whatever the local one says',
    (locale) => {
      const text = exported(locale, locale === 'en' ? ',' : ';', [
        // 5 December, month first as English writes it: read by the ISO cell, never by this one.
        [
          'Ana',
          'ana@x.com',
          '12/05/2027 11:59 PM',
          '2027-12-06T02:59:00.000Z',
          '01/02/2026 10:00',
          '9A',
          't1',
        ],
        [
          'Bia',
          'bia@x.com',
          '25/12/2027 23:59',
          '2027-12-26T02:59:00.000Z',
          '01/02/2026 10:00',
          '9A',
          't1',
        ],
        ['Caio', 'caio@x.com', EXPIRY_CELLS[locale].none, '', '01/02/2026 10:00', '9A', 't1'],
      ]);
      const parsed = parseInput(text);
      expect(parsed).toMatchObject({ header: true, problems: [] });
      expect(rowsOf(text)).toEqual([
        [2, 'Ana', 'ana@x.com', '2027-12-06T02:59:00.000Z'],
        [3, 'Bia', 'bia@x.com', '2027-12-26T02:59:00.000Z'],
        // No expiry, in the export's words: check-rows.ts sends none for it.
        [4, 'Caio', 'caio@x.com', EXPIRY_CELLS[locale].none],
      ]);
      // The local cell stays beside the ISO one, so a change made there is noticed.
      expect(parsed.rows[0]?.expiryCells).toEqual({
        iso: '2027-12-06T02:59:00.000Z',
        local: '12/05/2027 11:59 PM',
      });
      expect(parsed.rows[2]?.expiryCells).toBeUndefined();
    },
  );

  it('finds the ISO column by either language’s header, in any order, alone too', () => {
    const iso = '2027-12-06T02:59:00.000Z';
    expect(rowsOf(`E-mail;${EXPIRY_CELLS.en.isoHeader};Nome\nana@x.com;${iso};Ana`)).toEqual([
      [2, 'Ana', 'ana@x.com', iso],
    ]);
    expect(
      rowsOf(
        [
          `${EXPIRY_CELLS['pt-BR'].isoHeader},Name,${EXPIRY_CELLS.en.localHeader},Email`,
          `${iso},Ana,12/05/2027,ana@x.com`,
        ].join('\n'),
      ),
    ).toEqual([[2, 'Ana', 'ana@x.com', iso]]);
  });

  it('reads the local cell where the ISO one is empty: no expiry, a date typed, or nothing', () => {
    const text = exported('pt-BR', ';', [
      ['Ana', 'ana@x.com', 'Sem validade', '', '', '', ''],
      ['Bia', 'bia@x.com', '31/12/2027', '', '', '', ''],
      ['Caio', 'caio@x.com', '', '', '', '', ''],
    ]);
    expect(rowsOf(text)).toEqual([
      [2, 'Ana', 'ana@x.com', 'Sem validade'],
      [3, 'Bia', 'bia@x.com', '31/12/2027'],
      [4, 'Caio', 'caio@x.com', ''],
    ]);
    expect(parseInput(text).rows.map((row) => row.expiryCells)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('parseInput: lines that do not follow the columns', () => {
  it('reads a pasted list mixing e-mail-only lines with name and e-mail lines, each by its content', () => {
    // Most lines put the address first, so that is the e-mail column; line 3 has the name first.
    const text = 'ana@x.com\nbia@x.com\nBruno Lima;bruno@x.com\ncaio@x.com';
    expect(parseInput(text).rows).toEqual([
      { line: 1, name: '', email: 'ana@x.com', expiry: '' },
      { line: 2, name: '', email: 'bia@x.com', expiry: '' },
      { line: 3, name: 'Bruno Lima', email: 'bruno@x.com', expiry: '', columnsSwapped: true },
      { line: 4, name: '', email: 'caio@x.com', expiry: '' },
    ]);
  });

  it('finds the address of a one-column line in a name and e-mail list, without calling it swapped', () => {
    expect(parseInput('Ana;ana@x.com\nbia@x.com\nCaio;caio@x.com').rows).toEqual([
      { line: 1, name: 'Ana', email: 'ana@x.com', expiry: '' },
      { line: 2, name: '', email: 'bia@x.com', expiry: '' },
      { line: 3, name: 'Caio', email: 'caio@x.com', expiry: '' },
    ]);
  });

  it('finds the e-mail column when no one column holds most addresses', () => {
    // Three shapes of line, none a majority: the column with most addresses is the e-mail's.
    const text =
      'ana@x.com\nBia;bia@x.com\nCaio;caio@x.com\ndavi@x.com;Davi\neva@x.com\nFábio\nGil';
    expect(parseInput(text).rows.map((row) => [row.name, row.email])).toEqual([
      ['', 'ana@x.com'],
      ['Bia', 'bia@x.com'],
      ['Caio', 'caio@x.com'],
      ['Davi', 'davi@x.com'],
      ['', 'eva@x.com'],
      // A lone cell that is no address stays in the e-mail column: the review says it is wrong.
      ['', 'Fábio'],
      ['', 'Gil'],
    ]);
  });

  it('swaps back a line whose cells are in another order than the header says', () => {
    expect(
      parseInput(
        'Nome;E-mail;Validade\nAna;ana@x.com;31/12/2026\nbia@x.com;Bia;\nCaio;31/12/2026;caio@x.com',
      ).rows,
    ).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', expiry: '31/12/2026' },
      { line: 3, name: 'Bia', email: 'bia@x.com', expiry: '', columnsSwapped: true },
      { line: 4, name: 'Caio', email: 'caio@x.com', expiry: '31/12/2026', columnsSwapped: true },
    ]);
  });

  it('leaves a mistyped address where it is when no other cell holds one', () => {
    const text = 'Ana;ana@x.com\nBia;bia.x.com\nCaio@Lima;caio.x.com\nDavi;davi@x.com';
    expect(parseInput(text).rows).toEqual([
      { line: 1, name: 'Ana', email: 'ana@x.com', expiry: '' },
      { line: 2, name: 'Bia', email: 'bia.x.com', expiry: '' },
      // An '@' without a domain after it is no address: "Caio@Lima" is not taken for one.
      { line: 3, name: 'Caio@Lima', email: 'caio.x.com', expiry: '' },
      { line: 4, name: 'Davi', email: 'davi@x.com', expiry: '' },
    ]);
  });
});

describe('parseInput: lines and quotes', () => {
  it('counts lines the same with CRLF, LF or CR line endings, and skips blank lines', () => {
    const lines = ['Nome;E-mail', '', 'Ana;ana@x.com', '   ', ';;', 'Bia;bia@x.com', ''];
    for (const lineBreak of ['\r\n', '\n', '\r']) {
      expect(rowsOf(lines.join(lineBreak))).toEqual([
        [3, 'Ana', 'ana@x.com', ''],
        [6, 'Bia', 'bia@x.com', ''],
      ]);
    }
  });

  it('strips a byte-order mark so the header is still recognised', () => {
    const parsed = parseInput('\uFEFFE-mail\nana@x.com');
    expect(parsed.header).toBe(true);
    expect(parsed.rows).toEqual([{ line: 2, name: '', email: 'ana@x.com', expiry: '' }]);
  });

  it('reads quoted fields with delimiters, "" escapes and line breaks, counting lines after them', () => {
    const text =
      'Nome,E-mail\r\n"Silva, Ana ""Aninha""",ana@x.com\r\n"Bia\r\nSouza\r\nLima",bia@x.com\r\nCaio,"caio@x.com"\r\n';
    expect(rowsOf(text)).toEqual([
      [2, 'Silva, Ana "Aninha"', 'ana@x.com', ''],
      [3, 'Bia\nSouza\nLima', 'bia@x.com', ''],
      [6, 'Caio', 'caio@x.com', ''],
    ]);
  });

  it('reads the line of a quote that never closes as typed, and every line after it as usual', () => {
    const parsed = parseInput('Nome;E-mail\nAna;ana@x.com\nBia;"bia@x.com\nCaio;caio@x.com\n');
    expect(parsed.problems).toEqual([{ reason: 'unclosed-quote', lines: [3] }]);
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', expiry: '' },
      {
        line: 3,
        name: 'Bia',
        email: '"bia@x.com',
        expiry: '',
        unclosedQuote: { field: 'email', read: '"bia@x.com' },
      },
      { line: 4, name: 'Caio', email: 'caio@x.com', expiry: '' },
    ]);
  });

  it('reports the line of the quote, not of the row, when the row began lines earlier', () => {
    const parsed = parseInput('"Ana\nSilva",ana@x.com,"2026\n');
    expect(parsed.problems).toEqual([{ reason: 'unclosed-quote', lines: [2] }]);
    // The cells before the quote as quoted, the rest as typed.
    expect(parsed.rows).toEqual([
      {
        line: 1,
        name: 'Ana\nSilva',
        email: 'ana@x.com',
        expiry: '"2026',
        unclosedQuote: { field: 'expiry', read: '"2026' },
      },
    ]);
  });

  it('lets no quote closed in the wrong place swallow the lines up to it', () => {
    const parsed = parseInput(
      'Ana,ana@x.com\n"Bia,bia@x.com\nCaio,caio@x.com\n"Davi",davi@x.com\nEva,eva@x.com',
    );
    expect(parsed.problems).toEqual([{ reason: 'unclosed-quote', lines: [2] }]);
    expect(rowsOf(parsed)).toEqual([
      [1, 'Ana', 'ana@x.com', ''],
      [2, '"Bia', 'bia@x.com', ''],
      [3, 'Caio', 'caio@x.com', ''],
      [4, 'Davi', 'davi@x.com', ''],
      [5, 'Eva', 'eva@x.com', ''],
    ]);
  });

  it('accounts for every line of a list with a quoted nickname (review D1)', () => {
    // As staff typed it: the nickname's quotes open a field that only a later line closes.
    const text = [
      'nome,e-mail,validade',
      'Iso Z,isoz@escola.test,2027-02-01T10:00:00Z',
      '"Mari" Silva,mari@escola.test,',
      'Depois Um,depois1@escola.test,',
      'Depois Dois,depois2@escola.test,',
      '"Souza, Ana",souza@escola.test,',
      'Final,final@escola.test,',
    ].join('\r\n');
    const parsed = parseInput(text);
    expect(parsed.problems).toEqual([{ reason: 'unclosed-quote', lines: [3] }]);
    expect(rowsOf(parsed)).toEqual([
      [2, 'Iso Z', 'isoz@escola.test', '2027-02-01T10:00:00Z'],
      [3, '"Mari" Silva', 'mari@escola.test', ''],
      [4, 'Depois Um', 'depois1@escola.test', ''],
      [5, 'Depois Dois', 'depois2@escola.test', ''],
      [6, 'Souza, Ana', 'souza@escola.test', ''],
      [7, 'Final', 'final@escola.test', ''],
    ]);
    expect(parsed.rows[1]?.unclosedQuote).toEqual({ field: 'name', read: '"Mari" Silva' });
  });

  it('reads a list whose every line has a quote that never closes, each line on its own', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `"Apelido ${i}" Nome,a${i}@x.com`);
    const parsed = parseInput(['Nome,E-mail', ...lines].join('\n'));
    expect(parsed.rows).toHaveLength(2000);
    expect(parsed.rows.at(-1)).toMatchObject({ line: 2001, email: 'a1999@x.com' });
    expect(parsed.problems).toEqual([
      { reason: 'unclosed-quote', lines: Array.from({ length: 2000 }, (_, i) => i + 2) },
    ]);
  });

  it('reads a quoted field across the lines it is read by, and gives up on one open that long', () => {
    const plain = Array.from({ length: 97 }, (_, i) => `Aluno ${i + 1},a${i + 1}@x.com`);
    // Lines 99 to 101: one row, read whole although the reading stops at line 100 first.
    const text = ['Nome,E-mail', ...plain, '"Bia\nSouza\nLima",bia@x.com', 'Caio,caio@x.com'];
    const parsed = parseInput(text.join('\n'));
    expect(parsed.problems).toEqual([]);
    expect(rowsOf(parsed).slice(-2)).toEqual([
      [99, 'Bia\nSouza\nLima', 'bia@x.com', ''],
      [102, 'Caio', 'caio@x.com', ''],
    ]);

    // A quote still open 100 lines on: its line as typed, the others as usual.
    const open = parseInput(['Nome,E-mail', '"Ana,ana@x.com', ...plain, ...plain].join('\n'));
    expect(open.problems).toEqual([{ reason: 'unclosed-quote', lines: [2] }]);
    expect(open.rows).toHaveLength(1 + 2 * 97);
    expect(open.rows.at(-1)).toMatchObject({ line: 196, email: 'a97@x.com' });
  });

  it('names the lines of quotes that never close, in both languages, a long list counted', () => {
    const say = (locale: 'pt-BR' | 'en', lines: number[]) =>
      bulkMessagesFor(locale).input.problem({ reason: 'unclosed-quote', lines }, '10.000');
    expect(say('pt-BR', [3, 8, 12])).toBe(
      'Nas linhas 3, 8 e 12 há aspas que nunca se fecham: cada uma foi lida como está, com as aspas, e as outras normalmente. Confira-as.',
    );
    expect(say('en', [3, 8])).toBe(
      'Lines 3 and 8 open quotes that never close: each was read as typed, quotes included, and the other lines as usual. Check them.',
    );
    const many = Array.from({ length: 13 }, (_, i) => i + 2);
    expect(say('pt-BR', many)).toMatch(/^Nas linhas 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 e mais 3 há/);
    expect(say('en', many)).toMatch(/^Lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 3 more open/);
  });

  it('names only in the notice a quote that never closes in a column no field comes from', () => {
    const parsed = parseInput('Nome;E-mail;Obs\nAna;ana@x.com;"nota;mais\nBia;bia@x.com;\n');
    expect(parsed.problems).toEqual([{ reason: 'unclosed-quote', lines: [2] }]);
    expect(parsed.rows).toEqual([
      { line: 2, name: 'Ana', email: 'ana@x.com', expiry: '' },
      { line: 3, name: 'Bia', email: 'bia@x.com', expiry: '' },
    ]);
  });
});

describe('parseInput: the console’s own formula guard', () => {
  it('reads back the cells of its own export as they were before the guard (review D2)', () => {
    const text = toCsv(
      ['Nome', 'E-mail'],
      [
        ['+5511999', '-3+4@escola.test'],
        ['=Ana', '+ana@escola.test'],
        ['\uFF1DBia', '@bia@escola.test'],
        ["'=Caio", "'-caio@escola.test"],
        ["Davi d'Ávila", "o'neil@escola.test"],
      ],
      ';',
    );
    expect(rowsOf(parseInput(text))).toEqual([
      [2, '+5511999', '-3+4@escola.test', ''],
      [3, '=Ana', '+ana@escola.test', ''],
      [4, '\uFF1DBia', '@bia@escola.test', ''],
      [5, "'=Caio", "'-caio@escola.test", ''],
      [6, "Davi d'Ávila", "o'neil@escola.test", ''],
    ]);
  });

  it('takes off one apostrophe before = + - @, and leaves any other', () => {
    expect(
      rowsOf(
        parseInput("'Ana;'ana@x.com\n'-Bia;'-bia@x.com\n''+Caio;caio@x.com\n' Davi;davi@x.com"),
      ),
    ).toEqual([
      [1, "'Ana", "'ana@x.com", ''],
      [2, '-Bia', '-bia@x.com', ''],
      [3, "'+Caio", 'caio@x.com', ''],
      [4, "' Davi", 'davi@x.com', ''],
    ]);
  });
});

describe('parseInput: problems with the whole input', () => {
  it.each([[''], ['\uFEFF'], ['\n\r\n  \n;;\n'], ['Nome;E-mail\r\n'], ['Nome;E-mail\n\n;\n']])(
    'reports %j as empty',
    (text) => {
      expect(parseInput(text)).toMatchObject({ rows: [], problems: [{ reason: 'empty' }] });
    },
  );

  it('reports a list without addresses', () => {
    expect(parseInput('Ana;9A\nBia;9B')).toMatchObject({
      rows: [],
      problems: [{ reason: 'no-email-column' }],
    });
    expect(parseInput('Nome;Validade\nAna;2026-12-31')).toMatchObject({
      header: true,
      problems: [{ reason: 'no-email-column' }],
    });
  });

  it(`takes ${BULK_ROWS_MAX} rows at most, and says so`, () => {
    const row = (index: number) => `Aluno ${index};aluno${index}@x.com`;
    const text = ['Nome;E-mail', ...Array.from({ length: BULK_ROWS_MAX + 5 }, (_, i) => row(i))];
    const parsed = parseInput(text.join('\n'));
    expect(parsed.problems).toEqual([{ reason: 'too-many-rows', max: BULK_ROWS_MAX }]);
    expect(parsed.rows).toHaveLength(BULK_ROWS_MAX);
    expect(parsed.rows.at(-1)).toMatchObject({ line: BULK_ROWS_MAX + 1 });

    const exactly = parseInput(text.slice(0, BULK_ROWS_MAX + 1).join('\n'));
    expect(exactly.problems).toEqual([]);
    expect(exactly.rows).toHaveLength(BULK_ROWS_MAX);
  });
});

describe('decodeInput', () => {
  const encode = (text: string) => new TextEncoder().encode(text).buffer;

  it('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeInput(encode('\uFEFFJoão;joao@x.com'))).toBe('João;joao@x.com');
    expect(decodeInput(encode('Conceição;c@x.com'))).toBe('Conceição;c@x.com');
  });

  it('reads what is not UTF-8 as windows-1252, as old Excel exports are', () => {
    // "João D’Ávila – 9º" in windows-1252.
    const bytes = new Uint8Array([
      0x4a, 0x6f, 0xe3, 0x6f, 0x20, 0x44, 0x92, 0xc1, 0x76, 0x69, 0x6c, 0x61, 0x20, 0x96, 0x20,
      0x39, 0xba,
    ]);
    expect(decodeInput(bytes.buffer)).toBe('João D\u2019Ávila \u2013 9º');
  });

  it('drops a UTF-8 byte-order mark put before windows-1252 text, keeping the first header', () => {
    const text = 'Nome;E-mail\r\nJoão;joao@x.com\r\n';
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...Array.from(text, (c) => c.charCodeAt(0))]);
    expect(decodeInput(bytes.buffer)).toBe(text);
    expect(parseSource(bytes.buffer)).toEqual(parseInput(text));
  });

  it.each([
    ['UTF-16LE', true],
    ['UTF-16BE', false],
  ])('reads %s by its byte-order mark, as Excel saves "Unicode text"', (_, littleEndian) => {
    const text = 'Nome\tE-mail\r\nJoão D’Ávila\tjoao@x.com\r\n';
    const bytes = new DataView(new ArrayBuffer(2 * (text.length + 1)));
    bytes.setUint16(0, 0xfeff, littleEndian);
    Array.from(text).forEach((char, index) =>
      bytes.setUint16(2 * (index + 1), char.charCodeAt(0), littleEndian),
    );
    expect(decodeInput(bytes.buffer)).toBe(text);
    expect(parseSource(bytes.buffer).rows).toEqual([
      { line: 2, name: 'João D’Ávila', email: 'joao@x.com', expiry: '' },
    ]);
  });

  it('parses a windows-1252 file like the same text typed', () => {
    const text = 'Nome;E-mail\r\nJoão;joao@x.com\r\n';
    const latin1 = Uint8Array.from(text, (char) => char.charCodeAt(0));
    expect(parseSource(latin1.buffer)).toEqual(parseInput(text));
  });
});

// Its speed is bench:bulk's to judge (parseMs, in the browser's worker), not a timed unit test's.
describe('parseInput: the largest list', () => {
  it(`reads ${BULK_ROWS_MAX} quoted rows, each with its line`, () => {
    const rows = Array.from(
      { length: BULK_ROWS_MAX },
      (_, i) => `"Silva, Aluno ${i}";aluno${i}@escola.com.br;31/12/2026`,
    );
    const text = ['Nome;E-mail;Validade', ...rows].join('\r\n');
    const parsed = parseInput(text);
    expect(parsed.rows).toHaveLength(BULK_ROWS_MAX);
    expect(parsed.rows.at(-1)?.line).toBe(BULK_ROWS_MAX + 1);
    expect(parsed.rows[0]).toMatchObject({ name: 'Silva, Aluno 0', email: 'aluno0@escola.com.br' });
  });
});
