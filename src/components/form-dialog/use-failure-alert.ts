import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import type { FailureAlert } from './form-failure';
import { onSessionRestored } from './session-restored';

/**
 * A form's failure alert (shown by `FailureNotice`). An expired session's alert goes by itself
 * once the person has signed in again with a token that works: what is left is to send again.
 */
export function useFailureAlert() {
  const [alert, setAlert] = useState<FailureAlert | null>(null);
  const sessionAlert = alert?.kind === 'session';
  useEffect(() => {
    if (!sessionAlert) return;
    return onSessionRestored(() =>
      setAlert((current) => (current?.kind === 'session' ? null : current)),
    );
  }, [sessionAlert]);
  return [alert, setAlert] as const;
}

/**
 * A form's failure in words, from the error it was said of: as `useFailureAlert`'s, a token's
 * refusal goes by itself once the person has signed in again.
 */
export function useFailureText() {
  const [failure, setFailure] = useState<{ text: string; session: boolean } | null>(null);
  const session = failure?.session === true;
  useEffect(() => {
    if (!session) return;
    return onSessionRestored(() => setFailure((current) => (current?.session ? null : current)));
  }, [session]);
  const say = (text: string | null, error?: unknown) =>
    setFailure(
      text === null ? null : { text, session: error instanceof ApiError && error.isUnauthorized },
    );
  return [failure?.text ?? null, say] as const;
}
