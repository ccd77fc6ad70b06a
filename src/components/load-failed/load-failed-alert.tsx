import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiError } from '../../api/client';
import { retryEvenOffline } from '../../api/server-back';
import { defineMessages } from '../../i18n/define-messages';
import { describeApiError } from '../../i18n/describe-api-error';
import { useMessages } from '../../i18n/i18n-context';

const useLoadFailedMessages = defineMessages({
  'pt-BR': {
    offline: 'Sem conexão com o servidor',
    offlineDescription: 'Verifique a conexão e tente de novo.',
    waiting: 'Sem conexão com a internet',
    sessionExpired: 'Sua sessão expirou: entre de novo e tente outra vez.',
    retry: 'Tentar novamente',
  },
  en: {
    offline: 'No connection to the server',
    offlineDescription: 'Check the connection and try again.',
    waiting: 'No internet connection',
    sessionExpired: 'Your session expired: sign in again and retry.',
    retry: 'Try again',
  },
});

interface LoadFailedAlertProps {
  /** What failed, said when neither the connection nor the session is the cause. */
  failedTitle: string;
  error: Error | null;
  onRetry: () => void;
}

/**
 * A panel's read that did not come: why (offline, the session, or a failure: then what the
 * server said and the request id support asks for) and a retry, announced as it appears. An
 * expired session is said as such: the app's sign-in comes over the page meanwhile. Retry is sent
 * even where the browser says it is offline (`retryEvenOffline`).
 */
export function LoadFailedAlert({ failedTitle, error, onRetry }: LoadFailedAlertProps) {
  const messages = useLoadFailedMessages();
  const appMessages = useMessages();
  const offline = error instanceof ApiError && error.kind === 'network';
  const unauthorized = error instanceof ApiError && error.isUnauthorized;
  const title = unauthorized ? messages.sessionExpired : offline ? messages.offline : failedTitle;
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        {offline && messages.offlineDescription}
        {!offline && !unauthorized && error && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {describeApiError(error, appMessages)}
          </Text>
        )}
        <Button variant="default" size="xs" onClick={() => retryEvenOffline(onRetry)}>
          {messages.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

interface WaitingForConnectionProps {
  /** What shows once the connection is back ("O histórico aparece assim que a conexão voltar."). */
  description: string;
  onRetry: () => void;
}

/**
 * A panel's read that waits for the connection (TanStack's paused fetch while the browser says it
 * is offline): not a failure, since it goes on by itself when the connection is back; said as the
 * turmas list says it, with a retry for a browser wrong about being offline.
 */
export function WaitingForConnection({ description, onRetry }: WaitingForConnectionProps) {
  const messages = useLoadFailedMessages();
  return (
    <Alert color="yellow" role="status" title={messages.waiting}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{description}</Text>
        <Button variant="default" size="xs" onClick={() => retryEvenOffline(onRetry)}>
          {messages.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
