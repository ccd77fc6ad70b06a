import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Outcome } from './form-outcome';

/**
 * A form dialog's outcome as a notification too, for after the dialog: the host holds it while
 * any form dialog is open (notifications-host.tsx), then shows it below the header.
 */
export function notifyOutcome(outcome: Outcome, dismissLabel: string): void {
  notifications.show({
    color: 'green',
    icon: <IconCircleCheck aria-hidden size={18} />,
    title: outcome.title,
    message: outcome.message,
    // Long enough to read a few turma names; it also stays while hovered.
    autoClose: 8_000,
    closeButtonProps: { 'aria-label': dismissLabel },
  });
}
