import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** The toast container; loaded with the first notification (see deferred-overlays.tsx). */
export default function NotificationsContainer() {
  return <Notifications position="top-right" zIndex={1000} />;
}
