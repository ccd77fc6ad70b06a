import '@mantine/core/styles/List.css';
import { Alert, Box, List, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { AUDIT_EXTENSION } from '#contract';
import { UndoWrite } from '../../api/audit-undo-parts';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import { visibleName } from '../../components/visible-name/visible-name';
import { describeApiError } from '../../i18n/describe-api-error';
import { useFormats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import { useExpiringMessages } from './messages';
import type { ExtendOutcome } from './use-extend-run';

/** The enrolments not extended named one by one, up to this many; the rest counted. */
const NAMED_MAX = 10;

/**
 * What a run of "Aplicar nova validade" did, said by the view outside the form: the form closes
 * once some were extended, and this stays, with "Desfazer" for the whole run where the server
 * keeps an audit trail, and each enrolment not extended named with why (they stay selected). It
 * takes focus when it appears (mount it again per run): the button that was pressed is gone or
 * was disabled, and a screen reader reads it there.
 */
export function ExtendOutcomeNotice({
  api,
  outcome,
}: {
  api: Pick<ApiClient, 'extensions' | 'request'>;
  outcome: ExtendOutcome;
}) {
  const messages = useExpiringMessages();
  const appMessages = useMessages();
  const formats = useFormats();
  const undoable = useExtension(api, AUDIT_EXTENSION);
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const { failed } = outcome;
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      color={failed.length > 0 ? 'orange' : 'green'}
      role={failed.length > 0 ? 'alert' : 'status'}
    >
      {outcome.extended > 0 && messages.extended(outcome.extended)}{' '}
      {failed.length > 0 && (
        <>
          {messages.notExtended(failed.length)}
          <List size="sm" mt={4}>
            {failed.slice(0, NAMED_MAX).map(({ row, error }) => (
              <List.Item key={`${row.class.id} ${row.student.email}`}>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {messages.notExtendedLine(
                    visibleName(row.student.name),
                    visibleName(row.class.name),
                  )}
                  {': '}
                  {error === undefined ? messages.notSent : describeApiError(error, appMessages)}
                </Text>
              </List.Item>
            ))}
          </List>
          {failed.length > NAMED_MAX &&
            messages.moreNotExtended(formats.number.format(failed.length - NAMED_MAX))}
        </>
      )}
      {undoable && outcome.extended > 0 && (
        <Box mt="xs">
          <UndoWrite api={api} body={{ runId: outcome.runId }} />
        </Box>
      )}
    </Alert>
  );
}
