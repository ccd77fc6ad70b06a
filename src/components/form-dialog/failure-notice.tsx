import { Alert, Button, Stack, Text } from '@mantine/core';
import { useFormDialog } from './form-dialog-context';
import type { FailureAlert } from './form-failure';
import { useFormDialogMessages } from './messages';
import { unavailable } from './unavailable';

/** A failure about the request as a whole, with "try again" when that can help. */
export function FailureNotice({ alert, onRetry }: { alert: FailureAlert; onRetry: () => void }) {
  const messages = useFormDialogMessages();
  const { busy } = useFormDialog();
  return (
    <Alert color={alert.kind === 'session' ? 'yellow' : 'red'} title={alert.title}>
      <Stack gap="xs" align="flex-start">
        {/* pre-line: the request id that may end the text is a line of its own. */}
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {alert.text}
        </Text>
        {alert.kind === 'retry' && (
          // Not the primary blue: on the red alert it falls below AA contrast (4.14:1).
          <Button size="compact-sm" variant="default" onClick={onRetry} {...unavailable(busy)}>
            {messages.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
