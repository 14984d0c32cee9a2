// Reminders reach the schedule's attendant (their user room) with the contact, so the notification opens it.
import { and, eq } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { rooms, type RealtimeServer } from '../../platform/realtime.ts';
import { presentSummary, responsibleJoin, summaryColumns } from '../contacts/presenter.ts';
import { presentSchedule } from './presenter.ts';
import { loadSchedule } from './service.ts';

export function notifyScheduleReminders(db: Db, bus: EventBus, io: RealtimeServer): () => void {
  return bus.subscribe(async (event) => {
    if (event.type !== 'schedule.reminder') return;
    const schedule = await loadSchedule(db, event.companyId, event.scheduleId);
    if (!schedule?.userId) return;
    const [contact] = await db
      .select(summaryColumns)
      .from(contacts)
      .leftJoin(...responsibleJoin)
      .where(and(eq(contacts.id, schedule.contactId), eq(contacts.companyId, event.companyId)));
    if (!contact) return;
    io.to(rooms.user(schedule.userId)).emit('schedule.reminder', {
      schedule: presentSchedule(schedule),
      contact: presentSummary(contact),
      minutes_before: event.minutesBefore,
    });
  });
}
