import { Button, Group, Text } from '@mantine/core';
import { useId, useState } from 'react';
import type { ClassSummary } from '#contract';
import { FormOutcome } from '../../components/form-dialog/form-outcome';
import { useFormats } from '../../i18n/formats';
import { useLocale } from '../../i18n/i18n-context';
import classes from './enrolment-success.module.css';
import { useEnrolmentMessages } from './messages';
import { describeEnrolled, NAMED_TURMAS } from './describe-enrolled';

export interface Enrolled {
  /** As sent (trimmed, the e-mail lower-cased); the platform's name for a student it had. */
  name: string;
  email: string;
  classes: readonly ClassSummary[];
  /** The instant sent (ISO, UTC), or undefined for no expiry. */
  at: string | undefined;
}

interface EnrolSuccessProps {
  enrolled: Enrolled;
  onEnrolAnother: () => void;
}

/** What was just done, and the two things people do next: the next student, or done. */
export function EnrolSuccess({ enrolled, onEnrolAnother }: EnrolSuccessProps) {
  const messages = useEnrolmentMessages();
  const locale = useLocale();
  const formats = useFormats();
  const [showingAll, setShowingAll] = useState(false);
  const allId = useId();
  const expiry = enrolled.at
    ? formats.fullDateShortTime.format(new Date(enrolled.at))
    : messages.success.noExpiry;
  return (
    <FormOutcome
      outcome={{
        title: messages.success.title,
        message: describeEnrolled(enrolled.name, enrolled.classes, messages, locale),
      }}
      next={{ label: messages.success.enrolAnother, onClick: onEnrolAnother }}
    >
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
    </FormOutcome>
  );
}
