import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import type { ExpiringEnrolment } from '#contract/extensions';
import type { ApiClient } from '../../api/client';
import { checkExpiry, defaultExpiry, type ExpiryValue } from '../../components/expiry-field/expiry';
import { ExpiryField } from '../../components/expiry-field/expiry-field';
import { RunProgress } from '../../lib/batch-run/run-progress';
import { useExpiringMessages } from './messages';
import { useExtendRun, type ExtendOutcome } from './use-extend-run';

/**
 * A new expiry for the ticked enrolments, sent once Apply is pressed: several go with the shared
 * run view (counts, time left, pause). The outcome goes to `onDone`, for the view to say
 * (ExtendOutcomeNotice) and to close the form once some were extended. It takes focus when it
 * appears, on its heading, and again each time its button is pressed while it is open: the
 * button is below it, and on a phone off the screen.
 */
export function ExtendForm({
  api,
  rows,
  openings,
  onUnauthorized,
  onDone,
  onCancel,
  onSendingChange,
}: {
  api: Pick<ApiClient, 'addStudentToClass' | 'checkHealth'>;
  rows: readonly ExpiringEnrolment[];
  /** How often the button that opens it was pressed: each press focuses the form again. */
  openings: number;
  onUnauthorized: () => void;
  onDone: (outcome: ExtendOutcome) => void;
  onCancel: () => void;
  /** The extension's calls are on their way (or paused): the panel stays open meanwhile. */
  onSendingChange: (sending: boolean) => void;
}) {
  const messages = useExpiringMessages();
  const [expiry, setExpiry] = useState<ExpiryValue>(() => defaultExpiry(new Date()));
  const [problem, setProblem] = useState<string | undefined>();
  // The rows on their way: the title keeps counting them if the ticks change meanwhile.
  const [sent, setSent] = useState<readonly ExpiringEnrolment[] | null>(null);
  const { extend, progress } = useExtendRun(api, onUnauthorized);
  const sending = sent !== null;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), [openings]);

  const apply = async () => {
    const checked = checkExpiry(expiry, new Date());
    if (checked.problem !== null) {
      setProblem(messages.expiryProblem[checked.problem]);
      return;
    }
    setProblem(undefined);
    setSent(rows);
    onSendingChange(true);
    const outcome = await extend(rows, checked.expirationDate);
    setSent(null);
    onSendingChange(false);
    onDone(outcome);
  };

  return (
    <Paper withBorder p="md" role="group" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" ref={heading} id={headingId} tabIndex={-1}>
          {messages.extendTitle((sent ?? rows).length)}
        </Title>
        <Text size="sm">{messages.extendReplaces}</Text>
        <ExpiryField
          value={expiry}
          onChange={setExpiry}
          error={problem}
          readOnly={sending}
          forEnrolled
        />
        {progress && <RunProgress snapshot={progress.snapshot} runner={progress.runner} />}
        <Group gap="xs">
          <Button onClick={() => void apply()} loading={sending} disabled={rows.length === 0}>
            {messages.apply}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={sending}>
            {messages.cancel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
