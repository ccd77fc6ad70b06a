import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { RosterEntry } from '#contract/extensions';
import { EmailText } from '../../components/email-text/email-text';
import { visibleName } from '../../components/visible-name/visible-name';
import { useScrolls } from '../../lib/use-scrolls';
import { useRosterMessages } from './messages';
import classes from './roster.module.css';
import type { Outcomes } from './use-student-run';

interface StudentListProps {
  /** What the list is before anything is sent; once a run has results, "Resultado por aluno". */
  label: string;
  students: readonly RosterEntry[];
  outcomes: Outcomes;
  /** What else to say of each student before any outcome (their current expiry). */
  detail?: (student: RosterEntry) => ReactNode;
  /** The word for a student the server said yes for. */
  doneLabel: string;
}

/** The students a dialog acts on, each with where their call stands once it has been sent. */
export function StudentList({ label, students, outcomes, detail, doneLabel }: StudentListProps) {
  const messages = useRosterMessages().outcome;
  const [listRef, scrolls] = useScrolls();
  const hasResults = students.some((student) => outcomes.has(student.email));
  return (
    <ul
      ref={listRef}
      className={classes.outcomes}
      aria-label={hasResults ? messages.listLabel : label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a list that scrolls in its own box takes the focus, so the keyboard can scroll it (axe: scrollable-region-focusable)
      tabIndex={scrolls ? 0 : undefined}
    >
      {students.map((student) => {
        const outcome = outcomes.get(student.email);
        return (
          <li key={student.email}>
            <Text size="sm" fw={600} component="span">
              {visibleName(student.name)}
            </Text>{' '}
            <Text size="sm" component="span">
              (<EmailText email={student.email} />)
            </Text>
            {detail && !outcome && (
              <Text size="sm" c="dimmed">
                {detail(student)}
              </Text>
            )}
            {outcome?.status === 'done' && (
              <Text size="sm" className={classes.outcomeDone}>
                <IconCheck aria-hidden size={14} /> {doneLabel}
              </Text>
            )}
            {(outcome?.status === 'waiting' || outcome?.status === 'sending') && (
              <Text size="sm" c="dimmed">
                {outcome.status === 'waiting' ? messages.waiting : messages.sending}
              </Text>
            )}
            {outcome?.status === 'failed' && (
              <Text size="sm" className={classes.outcomeFailed} style={{ whiteSpace: 'pre-line' }}>
                <IconAlertTriangle aria-hidden size={14} />{' '}
                {outcome.unknown ? messages.unknown : messages.failed}: {outcome.reason}
              </Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What a run left undone, said once it ends: focused (the button that sent it may be gone) and so
 * read out. Keyed by the run, so each new run's summary is focused again.
 */
export function RunSummary({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return <Alert ref={ref} tabIndex={-1} color="red" title={text} />;
}
