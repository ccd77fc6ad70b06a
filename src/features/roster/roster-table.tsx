import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { Ref } from 'react';
import type { RosterSortBy, RosterSortField } from '#contract';
import type { RosterEntry } from '#contract/extensions';
import { useFormats, type Formats } from '../../i18n/formats';
import { EmailText } from '../../components/email-text/email-text';
import { NativeCheckbox } from '../../components/native-checkbox/native-checkbox';
import { visibleName } from '../../components/visible-name/visible-name';
import { parseSortBy } from '../../components/sort-cycle/sort-cycle';
import { CompactDateTime, ExpiryCell } from '../../components/expiry-status/expiry-cell';
import { isPlainClick, openStudentPage, studentPageHref } from '../../lib/student-address';
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
  onToggle: (students: readonly RosterEntry[], checked: boolean) => void;
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
  const header = (field: RosterSortField, className?: string) => (
    <SortHeader field={field} sort={sort} onSort={onSort} className={className}>
      {columns[field]}
    </SortHeader>
  );
  return (
    <table
      ref={ref}
      tabIndex={-1}
      className={classes.table}
      aria-label={label}
      aria-busy={rows === undefined || stale}
    >
      <thead>
        <tr>
          <th scope="col" className={classes.selectColumn}>
            <PageCheckbox rows={rows} selected={selected} onToggle={onToggle} />
          </th>
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
                {[0, 1, 2, 3, 4].map((cell) => (
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
      <td>
        <input
          type="checkbox"
          className={classes.checkbox}
          aria-label={messages.selectRow(visibleName(student.name), student.email)}
          checked={checked}
          onChange={(event) => onToggle([student], event.currentTarget.checked)}
        />
      </td>
      {/* Text, never markup: React escapes whatever the server sent. */}
      <td className={classes.name}>
        {linked ? (
          <a
            href={studentPageHref(student.email)}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              openStudentPage(student.email);
            }}
          >
            {visibleName(student.name)}
          </a>
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

function SortHeader({
  field,
  sort,
  onSort,
  className,
  children,
}: {
  field: RosterSortField;
  sort: RosterSortBy;
  onSort: (field: RosterSortField) => void;
  className?: string | undefined;
  children: string;
}) {
  const current = parseSortBy(sort);
  const sorted = current.field === field ? (current.desc ? 'desc' : 'asc') : false;
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted || undefined}
        onClick={() => onSort(field)}
      >
        {children}
        <Icon aria-hidden size={14} className={classes.sortIcon} />
      </UnstyledButton>
    </th>
  );
}

/** Ticks the whole page, or clears it; mixed while some of the page is ticked. */
function PageCheckbox({
  rows,
  selected,
  onToggle,
}: Pick<RosterTableProps, 'rows' | 'selected' | 'onToggle'>) {
  const messages = useRosterMessages();
  const page = rows ?? [];
  const ticked = page.filter((student) => selected.has(student.email)).length;
  const all = page.length > 0 && ticked === page.length;
  return (
    <NativeCheckbox
      className={classes.checkbox}
      aria-label={messages.selectPage}
      checked={all}
      indeterminate={ticked > 0 && !all}
      disabled={page.length === 0}
      onChange={() => onToggle(page, !all)}
    />
  );
}
