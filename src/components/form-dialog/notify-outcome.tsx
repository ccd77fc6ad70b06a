import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Outcome } from './form-outcome';

let shown = 0;

/**
 * A form dialog's outcome as a notification too, for after the dialog: the host holds it while
 * any form dialog is open (notifications-host.tsx), then shows it below the header. `undo` (the
 * audit extension's "Desfazer", given the notification's id) keeps it up longer: 15 s, and until
 * closed once the undo has answered.
 */
export function notifyOutcome(
  outcome: Outcome,
  dismissLabel: string,
  undo?: (keepOpen: () => void) => ReactNode,
): void {
  const id = `outcome-${(shown += 1)}`;
  // Hoisted: the message below hands it to the undo before `data` exists.
  function keepOpen() {
    notifications.update({ ...data, autoClose: false });
  }
  const data = {
    id,
    color: 'green',
    icon: <IconCircleCheck aria-hidden size={18} />,
    title: outcome.title,
    message: undo ? (
      <Stack gap={6} align="flex-start">
        {outcome.message}
        {undo(keepOpen)}
      </Stack>
    ) : (
      outcome.message
    ),
    // Long enough to read a few turma names (and to undo); it also stays while hovered.
    autoClose: undo ? 15_000 : 8_000,
    closeButtonProps: { 'aria-label': dismissLabel },
  };
  notifications.show(data);
}
