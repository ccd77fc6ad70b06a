/**
 * The rows of a run's results file, as the user downloads it (written by lib/csv-file.ts, which
 * guards against formula injection: names and e-mails come from the input).
 */
import type { ClassSummary } from '#contract';
import type { Outcome, RowReport } from './outcomes';
import type { BulkMode } from '../types';

/** The words of the results file, in the interface's language (messages.ts, results.csv). */
export interface ResultsCsvText {
  operationLabel: string;
  operation: Record<BulkMode, string>;
  ranAtLabel: string;
  /** Beside a retry's start, one line per retry under the first run's. */
  retriedAtLabel: string;
  /** When the run was undone from its results, if it was. */
  undoneAtLabel: string;
  /** Followed by the e-mails of the students the undo left as the run made them. */
  notUndoneLabel: string;
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

/** The run undone from its results: when, and the students it could not set back. */
export interface RunUndone {
  at: Date;
  /** Their e-mails: their enrolment changed after the run, and the undo left it. */
  notUndone: readonly string[];
}

/** One run, as the results file records it. */
export interface ResultsRecord {
  mode: BulkMode;
  turmas: readonly ClassSummary[];
  /** The first run's start: a retry of its lines keeps it, and adds its own to `retriedAt`. */
  startedAt: Date;
  retriedAt: readonly Date[];
  /** The run undone since (its outcomes are what it did before), if it was. */
  undone?: RunUndone | null;
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
 * The rows of the results file, a record a secretary can file: what was done, when (and when each
 * retry of its lines went), to which turmas (names and ids), then one line per input line with its
 * outcome. Expiries appear as the person saw them (local time, four-digit year) and as the exact
 * instant sent (ISO 8601, UTC); lines never sent keep what was typed and say that they were not
 * sent. An enrolment records beside the name typed the one the platform has (an existing student
 * keeps theirs), and the expiry each turma had before (as the review found it) beside the one
 * sent; a removal, the name and expiries the run found just before it, so the file alone can put
 * the students back.
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
  /** The name the platform has once the line is done (an existing student's own), or had. */
  const platformName = (report: RowReport): string => {
    if (report.existing) return report.existing.name;
    return report.existing === null && report.outcome === 'enrolled' ? report.name : '';
  };
  const before = (report: RowReport): [string, string] => {
    if (!sent(report)) return ['', ''];
    // A removal of no student, or of one not looked up: its outcome says all that is known.
    if (record.mode === 'remove' && !report.existing) return ['', ''];
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
  const when = (label: string, at: Date) => [
    label,
    `${ranAt.format(at)} (${timeZone})`,
    at.toISOString(),
  ];
  return [
    [text.operationLabel, text.operation[record.mode]],
    when(text.ranAtLabel, record.startedAt),
    ...record.retriedAt.map((at) => when(text.retriedAtLabel, at)),
    ...(record.undone ? [when(text.undoneAtLabel, record.undone.at)] : []),
    ...(record.undone?.notUndone.length ? [[text.notUndoneLabel, ...record.undone.notUndone]] : []),
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
