import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useId, useState, type Ref } from 'react';
import type { ClassSummary } from '#contract';
import { useFormats } from '../../i18n/formats';
import { useLocale } from '../../i18n/i18n-context';
import classes from './enrolment-success.module.css';
import { useFormDialog } from '../../components/form-dialog/form-dialog-context';
import { useFormDialogMessages } from '../../components/form-dialog/messages';
import { useEnrolmentMessages } from './messages';
import { describeEnrolled, NAMED_TURMAS } from './describe-enrolled';

export interface Enrolled {
  /** As sent: trimmed, and the e-mail lower-cased. */
  name: string;
  email: string;
  classes: readonly ClassSummary[];
  /** The instant sent (ISO, UTC), or undefined for no expiry. */
  at: string | undefined;
}

interface EnrolSuccessProps {
  /** Focus lands here when the enrolment is done, so a screen reader reads what happened. */
  ref: Ref<HTMLDivElement>;
  enrolled: Enrolled;
  onEnrolAnother: () => void;
}

/** What was just done, and the two things people do next: the next student, or done. */
export function EnrolSuccess({ ref, enrolled, onEnrolAnother }: EnrolSuccessProps) {
  const messages = useEnrolmentMessages();
  const { close } = useFormDialog();
  const closeLabel = useFormDialogMessages().close;
  const locale = useLocale();
  const formats = useFormats();
  const [showingAll, setShowingAll] = useState(false);
  const allId = useId();
  const expiry = enrolled.at
    ? formats.fullDateShortTime.format(new Date(enrolled.at))
    : messages.success.noExpiry;
  return (
    <Stack gap="md">
      <Stack gap="xs" ref={ref} tabIndex={-1} className={classes.summary}>
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck aria-hidden color="var(--mantine-color-green-8)" />
          <Text fw={700}>{messages.success.title}</Text>
        </Group>
        <Text>{describeEnrolled(enrolled.name, enrolled.classes, messages, locale)}</Text>
        {enrolled.classes.length > NAMED_TURMAS && (
          // The sentence names a few ("… e +16"); the rest are one press away.
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={showingAll}
              aria-controls={showingAll ? allId : undefined}
              onClick={() => setShowingAll((shown) => !shown)}
            >
              {messages.success.showAll(formats.number.format(enrolled.classes.length))}
            </Button>
          </Group>
        )}
        {showingAll && (
          <ul id={allId} aria-label={messages.success.allTurmas} className={classes.allTurmas}>
            {enrolled.classes.map((turma) => (
              <li key={turma.id}>{turma.name}</li>
            ))}
          </ul>
        )}
        <Text size="sm">
          {messages.success.email}: {enrolled.email}
        </Text>
        <Text size="sm">
          {messages.success.expiresAt}: {expiry}
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {closeLabel}
        </Button>
        <Button onClick={onEnrolAnother}>{messages.success.enrolAnother}</Button>
      </Group>
    </Stack>
  );
}
