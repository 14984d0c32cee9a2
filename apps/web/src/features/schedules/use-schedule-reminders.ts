// Reminders of scheduled returns (spec §9: 10 minutes and 1 minute before): the server sends
// `schedule.reminder` to the schedule's attendant; the console shows a notification that opens the contact,
// and a browser notification when the user allowed them (clicking it opens the contact too).
import type { ScheduleReminder } from '@atende/contract';
import { notifications } from '@mantine/notifications';
import { createElement, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../lib/routes.ts';
import { currentLanguage, i18n } from '../../lib/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useRealtimeStore } from '../../lib/realtime.ts';
import { showMessageNotification } from '../../lib/browser-notification.ts';
import { useBranding } from '../branding/resources-store.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { ReminderMessage } from './ReminderMessage.tsx';

/**
 * Whole minutes until the return, at least 1. Not `minutes_before`: a return planned closer than a reminder's
 * lead is reminded at once, so the 10-minute reminder may come 3 minutes before.
 */
const minutesLeft = (reminder: ScheduleReminder, now: number): number =>
  Math.max(1, Math.round((Date.parse(reminder.schedule.scheduled_at) - now) / 60_000));

/** The texts of a reminder in the current language and the user's time zone. */
export function reminderTexts(
  reminder: ScheduleReminder,
  now: number = Date.now(),
): { title: string; body: string } {
  const user = useSessionStore.getState().user;
  const language = currentLanguage();
  const at = formatDateTime(
    reminder.schedule.scheduled_at,
    user?.timezone ? { language, timeZone: user.timezone } : { language },
    { hour: '2-digit', minute: '2-digit' },
  );
  return {
    title: i18n.t('schedules.reminder.title', { name: reminder.contact.name }),
    body: i18n.t('schedules.reminder.body', { minutes: minutesLeft(reminder, now), time: at }),
  };
}

export function useScheduleReminders(): void {
  const socket = useRealtimeStore((state) => state.socket);
  const navigate = useNavigate();
  const favicon = useBranding().favicon;
  const latest = useRef({ navigate, favicon });
  useEffect(() => {
    latest.current = { navigate, favicon };
  }, [navigate, favicon]);

  useEffect(() => {
    if (!socket) return undefined;
    const handleReminder = (reminder: ScheduleReminder) => {
      const { title, body } = reminderTexts(reminder);
      const id = `schedule:${reminder.schedule.id}:${reminder.minutes_before}`;
      const open = () => {
        notifications.hide(id);
        void latest.current.navigate(pathTo('conversation.messages', { contactId: reminder.contact.id }));
      };
      notifications.show({
        id,
        title,
        message: createElement(ReminderMessage, {
          body,
          annotation: reminder.schedule.annotation,
          onOpen: open,
        }),
        color: 'orange',
        autoClose: false,
        withBorder: true,
      });
      showMessageNotification({
        contactId: reminder.contact.id,
        title,
        body,
        icon: latest.current.favicon,
        onOpen: open,
      });
    };
    socket.on('schedule.reminder', handleReminder);
    return () => {
      socket.off('schedule.reminder', handleReminder);
    };
  }, [socket]);
}
