// Rows of `schedules`, with the contact's and the attendant's names, as the contract's Schedule.
import type { Schedule } from '@atende/contract';
import { getTableColumns } from 'drizzle-orm';
import { contacts, schedules, users } from '../../db/schema/index.ts';

/** The columns a schedule is presented from (schedules joined to its contact and, left, its user). */
export const scheduleColumns = {
  ...getTableColumns(schedules),
  contactName: contacts.name,
  userName: users.name,
};
export type ScheduleRow = typeof schedules.$inferSelect & { contactName: string; userName: string | null };

export const presentSchedule = (row: ScheduleRow): Schedule => ({
  id: row.id,
  contact_id: row.contactId,
  contact_name: row.contactName,
  user: { id: row.userId, name: row.userName },
  scheduled_at: row.scheduledAt.toISOString(),
  annotation: row.annotation,
  done: row.doneAt !== null,
  created_at: row.createdAt.toISOString(),
});
