import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where the outcome of an enrolment or a removal is announced ("Ana was enrolled in 3 turmas").
 * Loaded with the first dialog, not the first screen. Features show notifications through
 * `notifications.show` from `@mantine/notifications`, one store shared with this host.
 */
export default function NotificationsHost() {
  return <Notifications position="top-right" limit={4} />;
}
