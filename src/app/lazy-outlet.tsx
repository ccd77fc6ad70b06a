import { Alert, Button, Group } from '@mantine/core';
import { useMessages } from '../i18n/i18n-context';

/** A view's code did not come: said in place of it, with a retry and a way out. */
export function CodeLoadFailed({
  onRetry,
  onDismiss,
}: {
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const messages = useMessages();
  return (
    <Alert color="red" title={messages.dialogLoad.failed} role="alert">
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={onRetry}>
          {messages.dialogLoad.retry}
        </Button>
        <Button variant="subtle" size="xs" onClick={onDismiss}>
          {messages.dialogLoad.dismiss}
        </Button>
      </Group>
    </Alert>
  );
}
