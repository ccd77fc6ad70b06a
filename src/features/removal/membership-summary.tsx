import { Text } from '@mantine/core';
import { membershipOf } from '../../api/removal-membership';
import type { ClassSummary } from '#contract';
import type { StudentMatch } from '#contract/extensions';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats, type Formats } from '../../i18n/formats';
import { useRemovalMessages, type RemovalMessages } from './messages';
import classes from './removal-form.module.css';

/** Under the e-mail: who the student is, and how many of the chosen turmas they are in. */
export function MembershipSummary({
  student,
  turmas,
}: {
  student: StudentMatch | null | undefined;
  turmas: readonly ClassSummary[];
}) {
  const messages = useRemovalMessages();
  const formats = useFormats();
  return (
    <Text size="sm" aria-live="polite" className={classes.studentSummary}>
      {student === null
        ? messages.membership.noStudent
        : student
          ? studentSummary(student, turmas, messages, formats)
          : ''}
    </Text>
  );
}

function studentSummary(
  student: StudentMatch,
  turmas: readonly ClassSummary[],
  messages: RemovalMessages,
  formats: Formats,
): string {
  const kinds = turmas.map(({ id }) => membershipOf(student, id).kind);
  const inCount = kinds.filter((kind) => kind === 'in').length;
  const name = visibleName(student.name);
  if (turmas.length === 0) return messages.membership.named(name);
  // Past the 100 turmas the answer lists, a count might be untrue: only the name then.
  if (kinds.includes('unknown')) return messages.membership.named(name);
  return messages.membership.summary(name, inCount, turmas.length, formats.number.format(inCount));
}
