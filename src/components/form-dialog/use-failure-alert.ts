import { useEffect, useState } from 'react';
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
