import type { Ref } from 'react';
import type { RosterSortBy, RosterSortField } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import { useFormats, type Formats } from '../../i18n/formats';
import { EmailText } from '../../components/email-text/email-text';
import cardTable from '../../components/card-table/card-table.module.css';
import { SortHeader } from '../../components/card-table/sort-header';
import { TickAll } from '../../components/card-table/tick-all';
import { StudentLink } from '../../components/student-link/student-link';
import { visibleName } from '../../components/visible-name/visible-name';
import { parseSortBy } from '../../components/sort-cycle/sort-cycle';
import { CompactDateTime, ExpiryCell } from '../../components/expiry-status/expiry-cell';
import { useRosterMessages, type RosterMessages } from './messages';
import classes from './roster.module.css';

interface RosterTableProps {
  label: string;
  /** The page to show; undefined while the first one loads (skeleton rows). */
  rows: readonly RosterEntry[] | undefined;
  /** A newer page is on its way: the rows shown are the previous ones. */
  stale: boolean;
  sort: RosterSortBy;
  onSort: (field: RosterSortField) => void;
  /** The e-mails ticked, on any page of this roster. */
  selected: ReadonlySet<string>;
  /** Absent: nothing to do with ticked students (a `read` credential), and no tick boxes. */
  onToggle?: ((students: readonly RosterEntry[], checked: boolean) => void) | undefined;
  /** What "now" is for the expiry states (a test may fix it). */
  now: Date;
  /** Each name links to the student's page (`?aluno=`). */
  linkStudents?: boolean;
  ref?: Ref<HTMLTableElement>;
}

const SKELETON_ROWS = 8;

/** One page of a turma's students: tick them to act on them, sort by a column's header. */
export function RosterTable({
  label,
  rows,
  stale,
  sort,
  onSort,
  selected,
  onToggle,
  now,
  linkStudents = false,
  ref,
}: RosterTableProps) {
  const messages = useRosterMessages();
  const formats = useFormats();
  const columns = messages.columns;
  const current = parseSortBy(sort);
  const header = (field: RosterSortField, className?: string) => (
    <SortHeader
      sorted={current.field === field && (current.desc ? 'desc' : 'asc')}
      onSort={() => onSort(field)}
      className={className}
    >
      {columns[field]}
    </SortHeader>
  );
  return (
    <table
      ref={ref}
      tabIndex={-1}
      className={cardTable.table}
      aria-label={label}
      aria-busy={rows === undefined || stale}
    >
      <thead>
        <tr>
          {onToggle && (
            <th scope="col" className={cardTable.selectColumn}>
              <TickAll
                aria-label={messages.selectPage}
                total={rows?.length ?? 0}
                ticked={rows?.filter((student) => selected.has(student.email)).length ?? 0}
                onChange={(checked) => onToggle(rows ?? [], checked)}
              />
            </th>
          )}
          {header('name')}
          {header('email')}
          {header('expirationDate', classes.dateColumn)}
          {header('enrolledAt', classes.dateColumn)}
        </tr>
      </thead>
      <tbody data-stale={stale || undefined} data-loading={rows === undefined || undefined}>
        {rows === undefined
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <tr key={index} aria-hidden>
                {(onToggle ? [0, 1, 2, 3, 4] : [1, 2, 3, 4]).map((cell) => (
                  <td key={cell}>
                    <span className={classes.bone} />
                  </td>
                ))}
              </tr>
            ))
          : rows.map((student) => (
              <StudentRow
                key={student.email}
                student={student}
                checked={selected.has(student.email)}
                onToggle={onToggle}
                now={now}
                formats={formats}
                messages={messages}
                linked={linkStudents}
              />
            ))}
      </tbody>
    </table>
  );
}

function StudentRow({
  student,
  checked,
  onToggle,
  now,
  formats,
  messages,
  linked,
}: {
  student: RosterEntry;
  linked: boolean;
  checked: boolean;
  onToggle: RosterTableProps['onToggle'];
  now: Date;
  formats: Formats;
  messages: RosterMessages;
}) {
  const columns = messages.columns;
  return (
    <tr>
      {onToggle && (
        <td>
          <input
            type="checkbox"
            className={cardTable.checkbox}
            aria-label={messages.selectRow(visibleName(student.name), student.email)}
            checked={checked}
            onChange={(event) => onToggle([student], event.currentTarget.checked)}
          />
        </td>
      )}
      {/* Text, never markup: React escapes whatever the server sent. */}
      <td className={cardTable.name}>
        {linked ? (
          <StudentLink email={student.email}>{visibleName(student.name)}</StudentLink>
        ) : (
          visibleName(student.name)
        )}
      </td>
      <td>
        <EmailText email={student.email} />
      </td>
      <td data-label={columns.expirationDate}>
        <ExpiryCell expirationDate={student.expirationDate} now={now} formats={formats} />
      </td>
      <td data-label={columns.enrolledAt}>
        <CompactDateTime value={student.enrolledAt} formats={formats} />
      </td>
    </tr>
  );
}
