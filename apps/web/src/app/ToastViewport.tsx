// Where toasts appear; loaded after the first paint so the login route stays small.
import { Notifications } from '@mantine/notifications';

export function ToastViewport() {
  return <Notifications position="top-right" limit={4} />;
}
