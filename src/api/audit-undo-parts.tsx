/** Undo's two parts on screen: its answer, and the success message's "Desfazer" (audit-undo.ts). */
// Loaded with undo, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/List.css';
import { Button, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UndoBody, UndoResponse } from '#contract/extensions';
import { describeApiError } from '../i18n/describe-api-error';
import { useMessages } from '../i18n/i18n-context';
import { reasonText, undoByTurma, useUndo, useUndoMessages } from './audit-undo';
import { cachedTurmaName } from './cached-turma-name';
import type { Requester } from './extension-calls';

/** What an undo did, turma by turma, or why it could not be sent. */
export function UndoAnswer({
  answer,
  error,
}: {
  answer: UndoResponse | undefined;
  error: unknown;
}) {
  const messages = useUndoMessages();
  const appMessages = useMessages();
  const queryClient = useQueryClient();
  if (error) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {messages.failed}: {describeApiError(error, appMessages)}
      </Text>
    );
  }
  if (!answer) return null;
  const turmas = undoByTurma(answer);
  const restored = turmas.some((turma) => turma.restored > 0);
  const refused = turmas.some((turma) => turma.refused > 0);
  const title = !restored ? messages.nothing : refused ? messages.partly : messages.done;
  return (
    <Stack gap={4} role="status">
      <Text size="sm" fw={700}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {turmas.map((turma) => (
          <List.Item key={turma.classId}>
            {turma.className ??
              cachedTurmaName(queryClient, turma.classId) ??
              messages.turmaOf(turma.classId)}
            :{' '}
            {[
              turma.restored > 0 && messages.restored(turma.restored),
              turma.unchanged > 0 && messages.unchanged(turma.unchanged),
              turma.refused > 0 &&
                `${messages.refused(turma.refused)} (${turma.reasons
                  .map((reason) => reasonText(reason, messages))
                  .join('; ')})`,
            ]
              .filter(Boolean)
              .join(', ')}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * "Desfazer" for one write or run just made (a success message's), then its answer in place.
 * Sent once: a second click would only be refused.
 */
export function UndoWrite({
  api,
  body,
  onUndone,
}: {
  api: Requester;
  body: UndoBody;
  /** The answer came (the message may now stay until read). */
  onUndone?: () => void;
}) {
  const messages = useUndoMessages();
  const undo = useUndo(api);
  const [sent, setSent] = useState(false);
  if (sent && !undo.isPending) return <UndoAnswer answer={undo.data} error={undo.error} />;
  return (
    <Button
      size="xs"
      variant="default"
      loading={undo.isPending}
      onClick={() => {
        setSent(true);
        undo.mutate(body, { onSettled: () => onUndone?.() });
      }}
    >
      {undo.isPending ? messages.undoing : messages.undo}
    </Button>
  );
}
