import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useIsFormDialogOpen } from '../components/form-dialog/open-form-dialogs';
import classes from './notifications-host.module.css';

/**
 * Where the outcome of an enrolment or a removal is announced ("Ana was enrolled in 3 turmas").
 * Loaded with the first dialog, not the first screen. Features show notifications through
 * `notifications.show` from `@mantine/notifications`, one store shared with this host.
 *
 * Nothing shows while a form dialog is open: a toast there covered the dialog's close button and
 * fields. The store keeps them, and they show (their time to close starting then) once it closes;
 * every form dialog says its outcome inside itself first (form-outcome.tsx).
 */
export default function NotificationsHost() {
  const dialogOpen = useIsFormDialogOpen();
  if (dialogOpen) return null;
  return <Notifications position="top-right" limit={4} classNames={{ root: classes.root }} />;
}
