import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import { expiryChanges, isOtherName, type ExpiryChange } from '../../api/enrolment-changes';
import type { StudentMatch } from '#contract/extensions';
import { expiryToSend } from '../../components/expiry-field/expiry';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats } from '../../i18n/formats';
import type { EnrolFormControl } from './enrolment-schema';
import { useExistingStudent } from './existing-student-lookup';
import { useEnrolmentMessages, type EnrolmentMessages } from './messages';
import classes from './existing-student.module.css';

/** Turmas named in the panel; the rest are counted. */
const TURMAS_LISTED = 10;

interface ExistingStudentProps {
  api: Pick<ApiClient, 'request'>;
  control: EnrolFormControl;
  /** The roster extension is there; without it nothing is asked and nothing shown. */
  enabled: boolean;
  /** Told when the student known changes, so the turma list can mark where they already are. */
  onKnown: (student: StudentMatch | null) => void;
}

/**
 * Before sending, what the console knows of a student whose e-mail is already there: their name
 * (the enrolment will not change it), the turmas they are in and until when, and a warning for
 * each turma of the form where the chosen expiry would shorten theirs or take it off.
 */
export function ExistingStudent({ api, control, enabled, onKnown }: ExistingStudentProps) {
  const student = useExistingStudent(api, control, enabled);
  useEffect(() => onKnown(student), [student, onKnown]);
  if (!enabled) return null;
  return <StudentDetails student={student} control={control} />;
}

function StudentDetails({
  student,
  control,
}: {
  student: StudentMatch | null;
  control: EnrolFormControl;
}) {
  const messages = useEnrolmentMessages();
  const words = messages.existing;
  const formats = useFormats();
  const listId = useId();
  const [typedName, turmas, expiry] = useWatch({ control, name: ['name', 'classes', 'expiry'] });
  // An expiry that cannot be sent (none picked, in the past) is the field's to explain.
  const chosen = expiryToSend(expiry);
  const changes = chosen === null || !student ? [] : expiryChanges(student, turmas, chosen);
  const renamed = student !== null && isOtherName(typedName, student.name);
  // Always there while the extension is: a live region must exist before its words change. The
  // panel is long to hear at every change, so one sentence says what matters.
  const status = (
    <VisuallyHidden role="status">
      {student ? words.announce(visibleName(student.name), changes.length, renamed) : ''}
    </VisuallyHidden>
  );
  if (!student) return status;
  const inForm = new Set(turmas.map(({ id }) => id));
  // A student in many turmas: the first few, and how many more (the form is long enough).
  const listed = student.classes.slice(0, TURMAS_LISTED);
  const unlisted = student.countClasses - listed.length;
  const date = (iso: string) => formats.mediumDateTime.format(new Date(iso));

  return (
    <Stack gap={6} className={classes.panel}>
      {status}
      <Text size="sm" fw={600}>
        {words.title(visibleName(student.name))}
      </Text>
      {renamed && (
        // A typed name that is not the student's is likely a wrong e-mail: said as a warning.
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconAlertTriangle aria-hidden size={18} className={classes.warningIcon} />
          <Text size="sm" fw={500}>
            {words.nameDiffers(typedName.trim(), visibleName(student.name))}
          </Text>
        </Group>
      )}
      <Text size="sm" id={listId}>
        {words.turmas(student.countClasses, formats.number.format(student.countClasses))}
      </Text>
      {listed.length > 0 && (
        <ul className={classes.turmas} aria-labelledby={listId}>
          {listed.map((turma) => (
            <li key={turma.id}>
              <span className={classes.turmaName}>{turma.name}</span>
              {' — '}
              {turma.expirationDate === null
                ? words.noExpiry
                : words.until(date(turma.expirationDate))}
              {inForm.has(turma.id) && (
                <span className={classes.inForm}> ({words.inThisForm})</span>
              )}
            </li>
          ))}
          {unlisted > 0 && <li>{words.more(formats.number.format(unlisted))}</li>}
        </ul>
      )}
      {changes.length > 0 && (
        <ul className={classes.warnings} aria-label={words.warningsLabel}>
          {changes.map((change) => (
            <li key={change.turma.id}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconAlertTriangle aria-hidden size={18} className={classes.warningIcon} />
                <Text size="sm" fw={500}>
                  {describeChange(change, words, date)}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

function describeChange(
  change: ExpiryChange,
  words: EnrolmentMessages['existing'],
  date: (iso: string) => string,
): string {
  switch (change.kind) {
    case 'shortens':
      return words.shortens(change.turma.name, date(change.current), date(change.chosen));
    case 'limits':
      return words.limits(change.turma.name, date(change.chosen));
    case 'removes':
      return words.removes(change.turma.name, date(change.current));
  }
}
