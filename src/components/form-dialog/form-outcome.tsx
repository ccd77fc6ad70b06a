import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFormDialog } from './form-dialog-context';
import classes from './form-outcome.module.css';
import { useFormDialogMessages } from './messages';

/** What a form dialog says once its request is done: a title and the sentences under it. */
export interface Outcome {
  title: string;
  message: string;
}

interface FormOutcomeProps {
  outcome: Outcome;
  /** Below the sentence: what else is worth knowing (the e-mail, the expiry, every turma). */
  children?: ReactNode;
  /** The next thing people do after this one ("Matricular outro aluno"), beside Close. */
  next?: { label: string; onClick: () => void };
}

/**
 * A form dialog's outcome, said inside the dialog that was sent (enrolment and removal alike),
 * where the person is looking. Focus moves to it, so a screen reader reads what happened.
 */
export function FormOutcome({ outcome, children, next }: FormOutcomeProps) {
  const { close } = useFormDialog();
  const closeLabel = useFormDialogMessages().close;
  const summary = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => summary.current?.focus(), []);
  return (
    <Stack gap="md">
      <Stack
        gap="xs"
        ref={summary}
        tabIndex={-1}
        role="group"
        aria-labelledby={titleId}
        className={classes.summary}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCircleCheck aria-hidden color="var(--mantine-color-green-8)" />
          <Text fw={700} id={titleId}>
            {outcome.title}
          </Text>
        </Group>
        <Text>{outcome.message}</Text>
        {children}
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant={next ? 'default' : 'filled'} onClick={close}>
          {closeLabel}
        </Button>
        {next && <Button onClick={next.onClick}>{next.label}</Button>}
      </Group>
    </Stack>
  );
}
