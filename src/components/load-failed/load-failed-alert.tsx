import { Alert, Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface LoadFailedAlertProps {
  /** Why: offline, the session, or a failure. */
  title: string;
  /** What to do about it, when there is more to say than the title. */
  description?: ReactNode;
  retryLabel: string;
  onRetry: () => void;
}

/** A panel's read that did not come: why, and a retry, announced as it appears. */
export function LoadFailedAlert({ title, description, retryLabel, onRetry }: LoadFailedAlertProps) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        {description}
        <Button variant="default" size="xs" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
