import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ExpiringEnrolment } from '#contract/extensions';
import type { ApiClient } from '../../api/client';
import { checkExpiry, defaultExpiry, type ExpiryValue } from '../../components/expiry-field/expiry';
import { ExpiryField } from '../../components/expiry-field/expiry-field';
import { useExpiringMessages } from './messages';
import { useExtendRun } from './use-extend-run';

/** A new expiry for the ticked enrolments, sent once Apply is pressed; the outcome said after. */
export function ExtendForm({
  api,
  rows,
  onUnauthorized,
  onDone,
  onCancel,
}: {
  api: Pick<ApiClient, 'addStudentToClass' | 'checkHealth'>;
  rows: readonly ExpiringEnrolment[];
  onUnauthorized: () => void;
  onDone: (extended: boolean) => void;
  onCancel: () => void;
}) {
  const messages = useExpiringMessages();
  const [expiry, setExpiry] = useState<ExpiryValue>(() => defaultExpiry(new Date()));
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const { extend, outcome, progress } = useExtendRun(api, onUnauthorized);

  const apply = async () => {
    const checked = checkExpiry(expiry, new Date());
    if (checked.problem !== null) {
      setProblem(messages.expiryProblem[checked.problem]);
      return;
    }
    setProblem(undefined);
    setSending(true);
    const result = await extend(rows, checked.expirationDate);
    setSending(false);
    onDone(result.extended > 0);
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={600}>{messages.extendTitle(rows.length)}</Text>
        <Text size="sm">{messages.extendReplaces}</Text>
        <ExpiryField
          value={expiry}
          onChange={setExpiry}
          error={problem}
          readOnly={sending}
          forEnrolled
        />
        {progress && sending && (
          <Text size="sm" role="status">
            {messages.progress(progress.succeeded + progress.failed, progress.total)}
          </Text>
        )}
        {outcome && (
          <Alert
            color={outcome.failed > 0 ? 'orange' : 'green'}
            role={outcome.failed > 0 ? 'alert' : 'status'}
          >
            {outcome.extended > 0 && messages.extended(outcome.extended)}{' '}
            {outcome.failed > 0 && messages.notExtended(outcome.failed)}
          </Alert>
        )}
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
