// Browser notifications of new customer messages and incoming calls: permission is asked on a user gesture;
// clicking a notification focuses the console and opens the conversation (or the call bar).
import { create } from 'zustand';

export type NotificationPermissionState = NotificationPermission | 'unsupported';

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

const readPermission = (): NotificationPermissionState =>
  supported() ? Notification.permission : 'unsupported';

/** The permission as the UI shows it (the browser has no event for its changes, so asking updates it). */
export const useNotificationPermission = create<{ permission: NotificationPermissionState }>()(() => ({
  permission: readPermission(),
}));

/** Asks for permission; must run in a user gesture (a click). */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  useNotificationPermission.setState({ permission });
  return permission;
}

export interface MessageNotification {
  contactId: string;
  title: string;
  body: string;
  icon?: string;
  onOpen: (contactId: string) => void;
}

export function showMessageNotification({
  contactId,
  title,
  body,
  icon,
  onOpen,
}: MessageNotification): boolean {
  if (readPermission() !== 'granted') return false;
  // One notification per contact: a newer message replaces the previous one.
  const notification = new Notification(title, { body, icon, tag: `contact:${contactId}` });
  notification.onclick = () => {
    window.focus();
    onOpen(contactId);
    notification.close();
  };
  return true;
}

export interface CallNotification {
  /** The call's SIP Call-ID: one notification per call. */
  sipCallId: string;
  title: string;
  body: string;
  icon?: string;
  /** Beyond focusing the console's tab (the call bar shows the call). */
  onOpen?: () => void;
}

/**
 * An incoming call while the console's tab is hidden. It stays until the call is answered, rejected or
 * cancelled (`requireInteraction`): the returned function closes it then. Null when not permitted.
 */
export function showCallNotification({
  sipCallId,
  title,
  body,
  icon,
  onOpen,
}: CallNotification): (() => void) | null {
  if (readPermission() !== 'granted') return null;
  const notification = new Notification(title, {
    body,
    icon,
    tag: `call:${sipCallId}`,
    requireInteraction: true,
  });
  notification.onclick = () => {
    window.focus();
    onOpen?.();
    notification.close();
  };
  return () => notification.close();
}
