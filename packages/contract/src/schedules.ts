// Scheduled returns (spec §3 Schedule): an attendant plans to get back to a customer and is reminded
// 10 minutes and 1 minute before (SCHEDULE_REMINDERS_MINUTES).
import { z } from 'zod';
import { Id, text, Timestamp } from './common.ts';
import type { ContactSummary } from './contacts.ts';

export const Schedule = z.object({
  id: Id,
  contact_id: Id,
  contact_name: z.string(),
  user: z.object({ id: Id.nullable(), name: z.string().nullable() }),
  scheduled_at: Timestamp,
  annotation: z.string().nullable(),
  done: z.boolean(),
  created_at: Timestamp,
});
export type Schedule = z.infer<typeof Schedule>;
export const ScheduleList = z.object({ data: z.array(Schedule) });

export const ScheduleRequest = z.object({
  scheduled_at: Timestamp.refine((value) => Date.parse(value) > Date.now() - 60_000, {
    message: 'schedule_in_past',
  }),
  annotation: text(1000).optional(),
});
export type ScheduleRequest = z.infer<typeof ScheduleRequest>;

export const ScheduleUpdateRequest = ScheduleRequest.partial().extend({ done: z.boolean().optional() });
export type ScheduleUpdateRequest = z.infer<typeof ScheduleUpdateRequest>;

/** Sent to the schedule's attendant as its time approaches. */
export type ScheduleReminder = { schedule: Schedule; contact: ContactSummary; minutes_before: number };
