import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { toCsv } from '../../../lib/csv-file';
import { bulkMessagesFor } from '../messages';
import type { RowReport } from './outcomes';
import { resultsCsvRows, type ResultsRecord } from './results-csv';

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
    retriedAt: [],
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

  it('keeps the first run’s time after a retry, and gives each retry’s on a line of its own', () => {
    const retried: ResultsRecord = {
      ...record,
      retriedAt: [new Date('2026-11-24T17:20:00.000Z'), new Date('2026-11-25T11:00:00.000Z')],
    };
    expect(rowsIn('pt-BR', retried).slice(1, 4)).toEqual([
      ['Enviado em', '24/11/2026, 14:05:09 (America/Sao_Paulo)', '2026-11-24T17:05:09.000Z'],
      ['Reenviado em', '24/11/2026, 14:20:00 (America/Sao_Paulo)', '2026-11-24T17:20:00.000Z'],
      ['Reenviado em', '25/11/2026, 08:00:00 (America/Sao_Paulo)', '2026-11-25T11:00:00.000Z'],
    ]);
    expect(rowsIn('en', retried)[2]).toEqual([
      'Retried on',
      expect.stringMatching(/^11\/24\/2026, 02:20:00\sPM \(America\/Sao_Paulo\)$/),
      '2026-11-24T17:20:00.000Z',
    ]);
  });

  it('says when the run was undone from its results, under when it was sent', () => {
    const at = new Date('2026-11-24T17:30:00.000Z');
    const undone: ResultsRecord = { ...record, undone: { at, notUndone: [] } };
    expect(rowsIn('pt-BR', undone).slice(1, 4)).toEqual([
      ['Enviado em', '24/11/2026, 14:05:09 (America/Sao_Paulo)', '2026-11-24T17:05:09.000Z'],
      ['Desfeito em', '24/11/2026, 14:30:00 (America/Sao_Paulo)', '2026-11-24T17:30:00.000Z'],
      ['Turmas', '2'],
    ]);
    // The students the undo refused (their enrolment changed since) stay as the run left them.
    const partly: ResultsRecord = {
      ...record,
      undone: { at, notUndone: ['bia@escola.test', 'caio@escola.test'] },
    };
    expect(rowsIn('en', partly).slice(2, 4)).toEqual([
      ['Undone on', expect.stringContaining('11/24/2026') as string, '2026-11-24T17:30:00.000Z'],
      ['Not undone for', 'bia@escola.test', 'caio@escola.test'],
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
