import { Alert, Button, Stack } from '@mantine/core';
import { ApiError } from '../../api/client';
import { retryEvenOffline } from '../../api/server-back';
import { defineMessages } from '../../i18n/define-messages';

const useLoadFailedMessages = defineMessages({
  'pt-BR': {
    offline: 'Sem conexão com o servidor',
    offlineDescription: 'Verifique a conexão e tente de novo.',
    sessionExpired: 'Sua sessão expirou: entre de novo e tente outra vez.',
    retry: 'Tentar de novo',
  },
  en: {
    offline: 'No connection to the server',
    offlineDescription: 'Check the connection and try again.',
    sessionExpired: 'Your session expired: sign in again and retry.',
    retry: 'Try again',
  },
});

interface LoadFailedAlertProps {
  /** What failed, said when neither the connection nor the session is the cause. */
  failedTitle: string;
  error?: Error | null;
  /** The read failed on the network (the default, from `error`) or waits for the connection. */
  offline?: boolean;
  onRetry: () => void;
}

/**
 * A panel's read that did not come: why (offline, the session, or a failure) and a retry,
 * announced as it appears. An expired session is said as such: the app's sign-in comes over the
 * page meanwhile. Retry is sent even where the browser says it is offline (`retryEvenOffline`).
 */
export function LoadFailedAlert({
  failedTitle,
  error,
  offline = error instanceof ApiError && error.kind === 'network',
  onRetry,
}: LoadFailedAlertProps) {
  const messages = useLoadFailedMessages();
  const title =
    error instanceof ApiError && error.isUnauthorized
      ? messages.sessionExpired
      : offline
        ? messages.offline
        : failedTitle;
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        {offline && messages.offlineDescription}
        <Button variant="default" size="xs" onClick={() => retryEvenOffline(onRetry)}>
          {messages.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
