import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AUDIT_EXTENSION } from '#contract';
import type { ExpiringEnrolment } from '#contract/extensions';
import { UndoWrite } from '../../api/audit-undo-parts';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import { checkExpiry, defaultExpiry, type ExpiryValue } from '../../components/expiry-field/expiry';
import { ExpiryField } from '../../components/expiry-field/expiry-field';
import { RunProgress } from '../../lib/batch-run/run-progress';
import { useExpiringMessages } from './messages';
import { useExtendRun } from './use-extend-run';

/**
 * A new expiry for the ticked enrolments, sent once Apply is pressed: several go with the shared
 * run view (counts, time left, pause). The outcome is said after, with "Desfazer" for the whole
 * run where the server keeps an audit trail.
 */
export function ExtendForm({
  api,
  rows,
  onUnauthorized,
  onDone,
  onCancel,
  onSendingChange,
}: {
  api: Pick<ApiClient, 'addStudentToClass' | 'checkHealth' | 'extensions' | 'request'>;
  rows: readonly ExpiringEnrolment[];
  onUnauthorized: () => void;
  onDone: (extended: boolean) => void;
  onCancel: () => void;
  /** The extension's calls are on their way (or paused): the panel stays open meanwhile. */
  onSendingChange: (sending: boolean) => void;
}) {
  const messages = useExpiringMessages();
  const [expiry, setExpiry] = useState<ExpiryValue>(() => defaultExpiry(new Date()));
  const [problem, setProblem] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const { extend, outcome, progress } = useExtendRun(api, onUnauthorized);
  const undoable = useExtension(api, AUDIT_EXTENSION);

  const apply = async () => {
    const checked = checkExpiry(expiry, new Date());
    if (checked.problem !== null) {
      setProblem(messages.expiryProblem[checked.problem]);
      return;
    }
    setProblem(undefined);
    setSending(true);
    onSendingChange(true);
    const result = await extend(rows, checked.expirationDate);
    setSending(false);
    onSendingChange(false);
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
        {progress && <RunProgress snapshot={progress.snapshot} runner={progress.runner} />}
        {outcome && (
          <Alert
            color={outcome.failed > 0 ? 'orange' : 'green'}
            role={outcome.failed > 0 ? 'alert' : 'status'}
          >
            {outcome.extended > 0 && messages.extended(outcome.extended)}{' '}
            {outcome.failed > 0 && messages.notExtended(outcome.failed)}
            {undoable && outcome.extended > 0 && (
              <Box mt="xs">
                <UndoWrite key={outcome.runId} api={api} body={{ runId: outcome.runId }} />
              </Box>
            )}
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
