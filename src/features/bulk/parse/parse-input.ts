/**
 * Reads a list of students as typed, pasted or exported from a spreadsheet into rows: which
 * delimiter, whether the first line is a header, which column holds what, and on which line each
 * row starts. Nothing is judged against the contract here (check-rows.ts does that).
 */
import Papa from 'papaparse';
import { unguardCell } from '../../../lib/csv-file';
import {
  LOCAL_EXPIRY_HEADERS,
  namesIsoExpiry,
} from '../../../components/expiry-field/expiry-cells';
import {
  BULK_ROWS_MAX,
  type Delimiter,
  type IgnoredColumn,
  type InputProblem,
  type InputRow,
  type ParsedInput,
} from '../types';

/** Rows looked at to tell the delimiter and which column holds the e-mails. */
const SAMPLE_ROWS = 20;

// Ties go to the first: a single column (addresses alone, for removal) reads as ','.
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];

type Column = 'name' | 'socialName' | 'email' | 'expiry' | 'expiryIso';

/**
 * Header cells as `foldHeader` leaves them. The ISO expiry column of the roster's export is told
 * apart before folding (its note is what says it), by the export's own words (expiry-cells.ts).
 */
const HEADER_NAMES: Record<Exclude<Column, 'expiryIso'>, readonly string[]> = {
  name: [
    'nome',
    'nomedoaluno',
    'nomecompleto',
    'aluno',
    'estudante',
    'nomedoestudante',
    'name',
    'student',
    'fullname',
    'studentname',
  ],
  // The name a student goes by (Brazilian schools record it beside the civil one).
  socialName: ['nomesocial', 'socialname'],
  email: [
    'email',
    'emaildoaluno',
    'emaildoestudante',
    'enderecodeemail',
    'mail',
    'emailaddress',
    'studentemail',
  ],
  expiry: [
    'validade',
    'datadevalidade',
    'validadedamatricula',
    'expiracao',
    'datadeexpiracao',
    'expiraem',
    'vencimento',
    'datadevencimento',
    'termino',
    'datadetermino',
    'expiry',
    'expirydate',
    'expires',
    'expiration',
    'expirationdate',
    'enddate',
  ],
};

const COLUMN_BY_HEADER = new Map<string, Column>([
  ...Object.entries(HEADER_NAMES).flatMap(([column, names]) =>
    names.map((name) => [name, column as Column] as const),
  ),
  // The roster export's local-time column, in whatever words it has.
  ...LOCAL_EXPIRY_HEADERS.map((header) => [foldHeader(header), 'expiry'] as const),
]);

/**
 * "E-mail", "e mail" and "EMAIL" name the same column; so do "Expiração" and "expiracao", and
 * "E-mail (obrigatório)": a note in parentheses, as templates add, is left out.
 */
function foldHeader(cell: string): string {
  // NFKD splits accents off their letters, so the filter drops them with the punctuation.
  return cell
    .replace(/\([^)]*\)/g, '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** "sep=;" alone on the first line, in any case; the line break stays, to keep the count. */
const SEPARATOR_LINE = /^sep=(.)(?=\n|$)/i;

/** An address with nothing else in its cell: what the right delimiter leaves. */
const LONE_EMAIL = /^[^\s,;@]+@[^\s,;@]+$/;
/** A cell that can only be an address (a dot in the domain): "Caio@Lima" is not one. */
const ADDRESS = /^\s*[^\s,;@]+@[^\s,;@]+\.[^\s,;@]+\s*$/;

interface RawRow {
  line: number;
  cells: string[];
  /** A quote on this row never closes: from it on, the row was read as typed (`readRows`). */
  unclosedQuote?: true;
}

interface Columns {
  name: number | undefined;
  /**
   * "Nome social": a line's name where its cell is filled, the name column's where it is not
   * (a list has one for a few students).
   */
  socialName?: number | undefined;
  email: number | undefined;
  expiry: number | undefined;
  /** The exact expiry of the roster's export ("Validade (ISO)", "Expiry (ISO)"). */
  expiryIso?: number | undefined;
}

export function parseInput(text: string): ParsedInput {
  // One line break throughout: papaparse splits rows on a single sequence, and files edited on
  // several systems mix them. Offsets then count physical lines as an editor shows them.
  const withDirective = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // Excel writes (and obeys) a first line "sep=;" naming the delimiter. It is emptied, not cut,
  // so the lines after it keep their numbers.
  const directive = SEPARATOR_LINE.exec(withDirective);
  const normalised = directive ? withDirective.slice(directive[0].length) : withDirective;
  const named = DELIMITERS.find((delimiter) => delimiter === directive?.[1]);
  const delimiter = named ?? guessDelimiter(normalised);
  // Header, the rows allowed, and one more to know there are too many.
  const { rows: raw, quoteLines } = readRows(normalised, delimiter, BULK_ROWS_MAX + 2);
  const problems: InputProblem[] =
    quoteLines.length > 0 ? [{ reason: 'unclosed-quote', lines: quoteLines }] : [];

  const first = raw[0];
  const headerColumns = first ? columnsNamedBy(first.cells) : undefined;
  const header = headerColumns !== undefined;
  const body = header ? raw.slice(1) : raw;
  if (body.length === 0) {
    return { rows: [], delimiter, header, problems: [...problems, { reason: 'empty' }] };
  }

  const sample = body.slice(0, SAMPLE_ROWS).map((row) => row.cells);
  const columns = headerColumns
    ? { ...headerColumns, email: headerColumns.email ?? emailColumn(sample) }
    : columnsByContent(sample);
  if (columns.email === undefined) {
    return { rows: [], delimiter, header, problems: [...problems, { reason: 'no-email-column' }] };
  }

  if (body.length > BULK_ROWS_MAX) problems.push({ reason: 'too-many-rows', max: BULK_ROWS_MAX });
  const emailAt = columns.email;
  const read = body.slice(0, BULK_ROWS_MAX);
  const rows = read.map(({ line, cells, unclosedQuote }) => {
    const row = rowOf(line, cells, columns, emailAt);
    return unclosedQuote ? withUnclosedQuote(row) : row;
  });
  const ignored = first && header ? ignoredColumns(first.cells, columns, read) : [];
  return {
    rows,
    delimiter,
    header,
    problems,
    ...(ignored.length ? { ignoredColumns: ignored } : {}),
  };
}

const ROLE_OF_COLUMN = {
  name: 'name',
  socialName: 'name',
  email: 'email',
  expiry: 'expiry',
  expiryIso: 'expiry',
} as const satisfies Record<Column, NonNullable<IgnoredColumn['taken']>['role']>;

/** The columns under a header that no line's values came from, though some of their cells did. */
function ignoredColumns(titles: string[], columns: Columns, rows: RawRow[]): IgnoredColumn[] {
  const used = new Set(Object.values(columns).filter((index) => index !== undefined));
  const width = Math.max(titles.length, ...rows.map(({ cells }) => cells.length));
  const ignored: IgnoredColumn[] = [];
  for (let index = 0; index < width; index++) {
    if (used.has(index) || rows.every(({ cells }) => (cells[index] ?? '').trim() === '')) continue;
    const title = (titles[index] ?? '').trim();
    const role = roleOf(title);
    const by = role === undefined ? undefined : columns[role];
    ignored.push({
      column: index + 1,
      title,
      ...(role !== undefined && by !== undefined
        ? { taken: { role: ROLE_OF_COLUMN[role], by: (titles[by] ?? '').trim() } }
        : {}),
    });
  }
  return ignored;
}

/**
 * One line's row by the list's columns, unless its address sits in another column: a list
 * pasted from several places mixes "e-mail" lines with "nome;e-mail" ones. The address is
 * recognisable, so it is taken from where it is, and that column's role gets what the e-mail
 * column held (a swap, said when both were filled).
 */
function rowOf(line: number, cells: string[], columns: Columns, emailAt: number): InputRow {
  const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? ''));
  const email = cell(emailAt);
  const found = email.includes('@') ? -1 : cells.findIndex((value) => ADDRESS.test(value));
  if (found === -1) {
    const row: InputRow = { line, name: nameOf(cell, columns), email, expiry: '' };
    return withExpiry(row, cell(columns.expiry), columns.expiryIso, cell);
  }
  const at = (index: number | undefined) =>
    index === found ? email : index === emailAt ? cells[found]! : cell(index);
  const row: InputRow = { line, name: nameOf(at, columns), email: cells[found]!, expiry: '' };
  if (email.trim() !== '') row.columnsSwapped = true;
  return withExpiry(row, at(columns.expiry), columns.expiryIso, at);
}

function nameOf(cell: (index: number | undefined) => string, columns: Columns): string {
  const social = cell(columns.socialName);
  return social.trim() === '' && columns.name !== undefined ? cell(columns.name) : social;
}

/**
 * A row read as typed after a quote that never closes: the field its quote landed in stays a
 * problem until someone changes it (check-rows.ts). A quote in a column no field comes from left
 * the others as they would be without it, so the row is only named in the notice.
 */
function withUnclosedQuote(row: InputRow): InputRow {
  const field = (['name', 'email', 'expiry'] as const).find((key) => row[key].includes('"'));
  return field === undefined ? row : { ...row, unclosedQuote: { field, read: row[field] } };
}

/**
 * A line's expiry. Where the file has the roster export's ISO column, a filled ISO cell is the
 * expiry, exactly, whatever language wrote the file and its local-time column (which is kept
 * beside it, for check-rows.ts to notice a change made there). An empty ISO cell leaves the
 * local one: its "Sem validade" / "No expiry", a date someone typed, or nothing (the batch's).
 */
function withExpiry(
  row: InputRow,
  local: string,
  isoAt: number | undefined,
  cell: (index: number | undefined) => string,
): InputRow {
  const iso = isoAt === undefined ? '' : cell(isoAt);
  if (iso.trim() === '') {
    row.expiry = local;
  } else {
    row.expiry = iso;
    if (local.trim() !== '') row.expiryCells = { iso, local };
  }
  return row;
}

/**
 * Parses the start of the text with each delimiter and keeps the one under which most rows have
 * an address alone in a cell ("Silva, Ana;ana@x.com" is two cells with ';' but with ',' neither
 * holds a bare address), then the one giving most rows the same column count, then more columns.
 */
function guessDelimiter(text: string): Delimiter {
  let best: Delimiter = DELIMITERS[0]!;
  let bestScore: readonly number[] = [];
  for (const delimiter of DELIMITERS) {
    const score = scoreDelimiter(sampleRows(text, delimiter));
    if (isBetter(score, bestScore)) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function sampleRows(text: string, delimiter: Delimiter): string[][] {
  // Read as the list will be: a quote that never closes would otherwise make the sample one row.
  return readRows(text, delimiter, SAMPLE_ROWS).rows.map((row) => row.cells);
}

function scoreDelimiter(rows: string[][]): readonly number[] {
  let withLoneEmail = 0;
  const rowsByWidth = new Map<number, number>();
  for (const cells of rows) {
    if (cells.some((cell) => LONE_EMAIL.test(cell.trim()))) withLoneEmail++;
    rowsByWidth.set(cells.length, (rowsByWidth.get(cells.length) ?? 0) + 1);
  }
  let commonWidth = 0;
  let rowsOfCommonWidth = 0;
  for (const [width, count] of rowsByWidth) {
    if (count > rowsOfCommonWidth || (count === rowsOfCommonWidth && width > commonWidth)) {
      commonWidth = width;
      rowsOfCommonWidth = count;
    }
  }
  return [withLoneEmail, rowsOfCommonWidth, commonWidth];
}

function isBetter(score: readonly number[], than: readonly number[]): boolean {
  for (const [index, value] of score.entries()) {
    const other = than[index] ?? -1;
    if (value !== other) return value > other;
  }
  return false;
}

/**
 * A line of spaces or of empty cells (";;" from a spreadsheet's empty row) is no student. Blank
 * under any of the delimiters: read with ',', a ";;" line would be one cell and skew the guess.
 */
const BLANK_CELL = /^[\s,;]*$/;
function isBlank(cells: string[]): boolean {
  return cells.every((cell) => BLANK_CELL.test(cell));
}

/**
 * The lines a quoted field may span. No student's name, address or date holds a line break, so
 * a quote still open this many lines on never closes where it should; the list is read this many
 * lines at a time, so such a quote costs this many lines of reading, not the rest of the list.
 */
const QUOTED_LINES_MAX = 100;

/**
 * The non-blank rows, up to `limit`, each with the line it starts on, the cells as written (the
 * console's own formula guard taken off: `unguardCell`), and the lines of quotes that do not
 * close. Such a quote would make one cell of every line up to the next quote, or to the end:
 * students gone without a word. Its line is read as typed from the quote to the line's end
 * instead, the quote kept, and the reading goes on at the next line as usual; the row is marked
 * so the review asks about it.
 */
function readRows(
  text: string,
  delimiter: Delimiter,
  limit: number,
): { rows: RawRow[]; quoteLines: number[] } {
  const rows: RawRow[] = [];
  const quoteLines: number[] = [];
  const keep = (row: RawRow) => {
    if (isBlank(row.cells)) return;
    row.cells = row.cells.map(unguardCell);
    rows.push(row);
  };
  let line = 1;
  let offset = 0;
  while (offset < text.length && rows.length < limit) {
    const windowEnd = afterLines(text, offset, QUOTED_LINES_MAX);
    const chunk = text.slice(offset, windowEnd);
    const last = windowEnd === text.length;
    let rowStart = 0;
    // Where a quote that does not close opened, and whether to read again from its row.
    let stop: { opening: number; readAgain: boolean } | undefined;
    Papa.parse<string[]>(chunk, {
      delimiter,
      newline: '\n',
      step({ data: cells, errors, meta }, parser) {
        const quoteError = errors.find((error) => error.type === 'Quotes');
        if (quoteError) {
          // A field open to the end of the lines read may close after them: read again from
          // its row, unless the row began them.
          const readAgain =
            !last && rowStart > 0 && errors.some((error) => error.code === 'MissingQuotes');
          // The error points just past the quote that opened the field.
          stop = { opening: (quoteError.index ?? rowStart + 1) - 1, readAgain };
          parser.abort();
          return;
        }
        keep({ line, cells });
        if (rows.length >= limit) parser.abort();
        line += countLineBreaks(chunk, rowStart, meta.cursor);
        rowStart = meta.cursor;
      },
    });
    if (stop === undefined) {
      offset = windowEnd;
      continue;
    }
    if (stop.readAgain) {
      offset += rowStart;
      continue;
    }
    const { opening } = stop;

    const quoteLine = line + countLineBreaks(chunk, rowStart, opening);
    quoteLines.push(quoteLine);
    const lineEnd = chunk.indexOf('\n', opening);
    const end = lineEnd === -1 ? chunk.length : lineEnd;
    // Up to the quote the row is well formed (a quote only opens a field at its start); from it
    // on, every delimiter separates.
    const before = chunk.slice(rowStart, opening);
    const [cells = ['']] =
      before === '' ? [] : Papa.parse<string[]>(before, { delimiter, newline: '\n' }).data;
    const [first = '', ...others] = chunk.slice(opening, end).split(delimiter);
    keep({ line, cells: [...cells.slice(0, -1), first, ...others], unclosedQuote: true });
    line = quoteLine + 1;
    offset += end + 1;
  }
  return { rows, quoteLines };
}

/** Where the text after `count` line breaks from `from` begins, or its end. */
function afterLines(text: string, from: number, count: number): number {
  let at = from;
  for (let left = count; left > 0; left--) {
    const next = text.indexOf('\n', at);
    if (next === -1) return text.length;
    at = next + 1;
  }
  return at;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) {
    count++;
  }
  return count;
}

/**
 * The columns a header row names, or undefined when the row is a student. Where two columns name
 * one thing, the one titled just so ("E-mail") is it, not one with a note ("E-mail (responsável)":
 * the guardian's address, say); else the first.
 */
function columnsNamedBy(cells: string[]): Columns | undefined {
  if (cells.some((cell) => cell.includes('@'))) return undefined;
  const roles = cells.map(roleOf);
  if (roles.every((role) => role === undefined)) return undefined;
  const named = (column: Column) => {
    const indices = roles.flatMap((role, index) => (role === column ? [index] : []));
    return indices.find((index) => !hasNote(cells[index]!)) ?? indices[0];
  };
  return {
    name: named('name'),
    socialName: named('socialName'),
    email: named('email'),
    expiry: named('expiry'),
    expiryIso: named('expiryIso'),
  };
}

/** A header with a note in parentheses, which `foldHeader` leaves out. */
function hasNote(cell: string): boolean {
  return /\([^)]*\)/.test(cell);
}

function roleOf(cell: string): Column | undefined {
  // "Validade (ISO)" folds to "validade" like the local column: its note tells it apart.
  return namesIsoExpiry(cell) ? 'expiryIso' : COLUMN_BY_HEADER.get(foldHeader(cell));
}

/** Without a header: the e-mails' column, then the name, then the expiry in the others' order. */
function columnsByContent(sample: string[][]): Columns {
  const email = emailColumn(sample);
  const width = Math.max(...sample.map((cells) => cells.length));
  const others = Array.from({ length: width }, (_, index) => index).filter(
    (index) => index !== email,
  );
  return { name: others[0], email, expiry: others[1] };
}

/**
 * The first column with an '@' in at least half the rows (a few addresses may be mistyped).
 * Lines of different shapes can split the addresses between columns: then, when at least half the
 * rows hold an address somewhere, the column with most of them (each line is read by its content).
 */
function emailColumn(sample: string[][]): number | undefined {
  const width = Math.max(...sample.map((cells) => cells.length));
  const withAt = Array.from(
    { length: width },
    (_, index) => sample.filter((cells) => cells[index]?.includes('@')).length,
  );
  const first = withAt.findIndex((count) => count > 0 && count * 2 >= sample.length);
  if (first !== -1) return first;
  const withAddress = sample.filter((cells) => cells.some((value) => ADDRESS.test(value))).length;
  if (withAddress === 0 || withAddress * 2 < sample.length) return undefined;
  return withAt.indexOf(Math.max(...withAt));
}

// -----------------------------------------------------------------------------------------------
// Files

/*
 * Bytes 0x80–0x9F, where windows-1252 differs from Latin-1 (curly quotes, dashes, €). Browsers
 * decode them so; Node 20's TextDecoder does not (it decodes Latin-1), so they are mapped here.
 * The five bytes windows-1252 leaves undefined keep their code point, as in browsers.
 */
const WINDOWS_1252_C1 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** How a file's first bytes say its encoding: Excel's "Texto Unicode" is UTF-16 with one. */
const UTF16_BOMS = [
  { encoding: 'utf-16le', bytes: [0xff, 0xfe] },
  { encoding: 'utf-16be', bytes: [0xfe, 0xff] },
] as const;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * A file's text. A UTF-16 byte-order mark decides the encoding. Otherwise UTF-8 when the bytes
 * are valid UTF-8, else windows-1252, which is what Excel in Portuguese writes as "CSV" (a
 * mistaken guess there would turn every "ç" into "Ã§"). A UTF-8 mark is dropped as bytes first:
 * editors also put it before windows-1252 text, where decoded it would read "ï»¿" and hide the
 * first header.
 */
export function decodeInput(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  const utf16 = UTF16_BOMS.find((bom) => startsWith(bytes, bom.bytes));
  // The decoder drops the mark itself.
  if (utf16) return new TextDecoder(utf16.encoding).decode(bytes);
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252')
      .decode(body)
      .replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_C1[char.charCodeAt(0) - 0x80]!);
  }
}

/** `parseInput` for typed or pasted text and for a file's bytes alike. */
export function parseSource(source: string | ArrayBuffer): ParsedInput {
  return parseInput(typeof source === 'string' ? source : decodeInput(source));
}
