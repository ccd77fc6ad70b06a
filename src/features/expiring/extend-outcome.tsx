import { Alert, Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { AUDIT_EXTENSION } from '#contract';
import { UndoWrite } from '../../api/audit-undo-parts';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import { useExpiringMessages } from './messages';
import type { ExtendOutcome } from './use-extend-run';

/**
 * What a run of "Aplicar nova validade" did, said by the view outside the form: the form closes
 * once some were extended, and this stays, with "Desfazer" for the whole run where the server
 * keeps an audit trail. It takes focus when it appears (mount it again per run): the button that
 * was pressed is gone or was disabled, and a screen reader reads it there.
 */
export function ExtendOutcomeNotice({
  api,
  outcome,
}: {
  api: Pick<ApiClient, 'extensions' | 'request'>;
  outcome: ExtendOutcome;
}) {
  const messages = useExpiringMessages();
  const undoable = useExtension(api, AUDIT_EXTENSION);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      color={outcome.failed > 0 ? 'orange' : 'green'}
      role={outcome.failed > 0 ? 'alert' : 'status'}
    >
      {outcome.extended > 0 && messages.extended(outcome.extended)}{' '}
      {outcome.failed > 0 && messages.notExtended(outcome.failed)}
      {undoable && outcome.extended > 0 && (
        <Box mt="xs">
          <UndoWrite api={api} body={{ runId: outcome.runId }} />
        </Box>
      )}
    </Alert>
  );
}
