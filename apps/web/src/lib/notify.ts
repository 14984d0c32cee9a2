// Toasts of the app (Mantine notifications), with the silence window that follows a 401 (spec §8).
import { TOAST_DURATION_MS } from '@atende/contract';
import { notifications } from '@mantine/notifications';

let suppressedUntil = 0;

export const areNotificationsSuppressed = (now = Date.now()): boolean => now < suppressedUntil;

/** Silences every further toast for `ms` (after a 401 the user sees its message once). */
export const suppressNotifications = (ms: number, now = Date.now()): void => {
  suppressedUntil = Math.max(suppressedUntil, now + ms);
};

export const resetNotificationSuppression = (): void => {
  suppressedUntil = 0;
};

export const notifyError = (message: string): void => {
  if (areNotificationsSuppressed()) return;
  notifications.show({ color: 'red', message, autoClose: TOAST_DURATION_MS, withBorder: true });
};

export const notifySuccess = (message: string): void => {
  if (areNotificationsSuppressed()) return;
  notifications.show({ color: 'teal', message, autoClose: TOAST_DURATION_MS, withBorder: true });
};
