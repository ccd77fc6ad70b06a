/**
 * The CSV of a run's results, as the user downloads it: built for spreadsheets (Excel first), so
 * it is also guarded against CSV formula injection, as names and e-mails come from the input.
 */
import Papa from 'papaparse';
import type { ClassSummary } from '#contract';
import type { Outcome, RowReport } from './outcomes';
import type { BulkMode } from './types';

/**
 * A cell starting with any of these is read as a formula by Excel or LibreOffice. No `$` anchor
 * and no `.*`: papaparse's own default, /^[=+\-@\t\r].*$/, fails on a cell with a line break
 * after its first character (`.` stops at the break, `$` is not multi-line), so
 * '=HYPERLINK(...)\nx' would go out live. Beyond the usual list, as defence in depth: the same
 * characters after leading white space (a spreadsheet that trims cells on import, as LibreOffice
 * can be set to, would then see the formula) and their full-width forms (＝＋－＠), which
 * software that folds full-width text to ASCII would read as the same.
 */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** Excel only reads a CSV as UTF-8 (accents and all) when it starts with a byte order mark. */
const BOM = '\uFEFF';

/**
 * The header and rows as CSV text: cells quoted only where needed, CRLF line ends, and a cell
 * that could run as a formula prefixed with `'` (so '-' at the start of a value is too).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  delimiter: ',' | ';' | '\t',
): string {
  // papaparse only reads its input; its types just do not say so.
  const data = [header, ...rows] as string[][];
  return BOM + Papa.unparse(data, { delimiter, newline: '\r\n', escapeFormulae: FORMULA_START });
}

/** The words of the results file, in the interface's language (messages.ts, results.csv). */
export interface ResultsCsvText {
  operationLabel: string;
  operation: Record<BulkMode, string>;
  ranAtLabel: string;
  turmasLabel: string;
  turmaLabel: string;
  header: (timeZone: string) => readonly string[];
  noExpiry: string;
  /** The expiry before, for a student the review could not look up. */
  notChecked: string;
  /** The expiry before, for a student who was not registered. */
  newStudent: string;
  /** The expiry before in a turma of the run the student was not in. */
  notInTurma: string;
  outcomes: Record<Outcome, string>;
}

/** One run, as the results file records it. */
export interface ResultsRecord {
  mode: BulkMode;
  turmas: readonly ClassSummary[];
  startedAt: Date;
  reports: readonly RowReport[];
}

interface ResultsCsvOptions {
  text: ResultsCsvText;
  locale: string;
  /** The browser's (IANA): dates in the file read as the person entered and saw them. */
  timeZone: string;
  /** Why a line did not succeed, as the results table says it. */
  detail: (report: RowReport) => string;
}

/**
 * The rows of the results file, a record a secretary can file: what was done, when, to which
 * turmas (names and ids), then one line per input line with its outcome. Expiries appear as the
 * person saw them (local time, four-digit year) and as the exact instant sent (ISO 8601, UTC);
 * lines never sent keep what was typed and say that they were not sent. An enrolment records
 * beside the name typed the one the platform has (an existing student keeps theirs), and the
 * expiry each turma had before (as the review found it) beside the one sent.
 */
export function resultsCsvRows(
  record: ResultsRecord,
  { text, locale, timeZone, detail }: ResultsCsvOptions,
): string[][] {
  // Four-digit years and two-digit days in both languages: a record is read years later.
  const dateAndMinute = {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  } as const;
  const local = new Intl.DateTimeFormat(locale, dateAndMinute);
  const ranAt = new Intl.DateTimeFormat(locale, { ...dateAndMinute, second: '2-digit' });
  const sent = (report: RowReport) => report.outcome !== 'excluded' && report.outcome !== 'invalid';
  const expiries = (report: RowReport): [string, string] => {
    if (!sent(report)) return [report.expiry, ''];
    if (record.mode === 'remove') return ['', ''];
    if (report.expiry === '') return [text.noExpiry, ''];
    return [local.format(new Date(report.expiry)), report.expiry];
  };
  /** The name the platform has once the line is done: an existing student's own. */
  const platformName = (report: RowReport): string => {
    if (record.mode === 'remove') return '';
    if (report.existing) return report.existing.name;
    return report.existing === null && report.outcome === 'enrolled' ? report.name : '';
  };
  const before = (report: RowReport): [string, string] => {
    if (record.mode === 'remove' || !sent(report)) return ['', ''];
    if (report.existing === undefined) return [text.notChecked, ''];
    if (report.existing === null) return [text.newStudent, ''];
    const current = new Map(report.existing.classes.map((turma) => [turma.id, turma]));
    const each = record.turmas.map((turma) => {
      const enrolment = current.get(turma.id);
      if (!enrolment) return { turma, local: text.notInTurma, iso: null };
      const { expirationDate } = enrolment;
      return expirationDate === null
        ? { turma, local: text.noExpiry, iso: '' }
        : { turma, local: local.format(new Date(expirationDate)), iso: expirationDate };
    });
    // One value when every turma had the same; otherwise each turma's, named (by id in ISO).
    if (each.every(({ local: value }) => value === each[0]?.local)) {
      return [each[0]?.local ?? '', each[0]?.iso ?? ''];
    }
    return [
      each.map(({ turma, local: value }) => `${turma.name}: ${value}`).join('; '),
      each
        .filter(({ iso }) => iso !== null)
        .map(({ turma, iso }) => `${turma.id}: ${iso || '-'}`)
        .join('; '),
    ];
  };
  return [
    [text.operationLabel, text.operation[record.mode]],
    [
      text.ranAtLabel,
      `${ranAt.format(record.startedAt)} (${timeZone})`,
      record.startedAt.toISOString(),
    ],
    [text.turmasLabel, String(record.turmas.length)],
    ...record.turmas.map((turma) => [text.turmaLabel, turma.name, turma.id]),
    [],
    [...text.header(timeZone)],
    ...record.reports.map((report) => [
      String(report.line),
      report.name,
      platformName(report),
      report.email,
      ...before(report),
      ...expiries(report),
      text.outcomes[report.outcome],
      detail(report),
    ]),
  ];
}

/** How long the object URL outlives the click: some browsers read it after the click returns. */
const REVOKE_AFTER_MS = 40_000;

/** Has the browser save `csv` as `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Older Firefox only follows a click on a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
