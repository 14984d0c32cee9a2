// Pausing service (spec §2 pause window, §3 User.pause, §7 POST pause): the attendant's own pause, the
// supervisors' live view of who is paused, and the realtime event that keeps both current.
import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/** A user's pause as GET /api/user reports it: both null while they work. */
export const UserPause = z.object({ pause_at: Timestamp.nullable(), reason_id: Id.nullable() });
export type UserPause = z.infer<typeof UserPause>;

/** POST /api/pause: a reason of the company's pauses the caller; null resumes (the pause window toggles). */
export const PauseRequest = z.object({ reason_id: Id.nullable() });
export type PauseRequest = z.infer<typeof PauseRequest>;

/** Someone paused now, as supervisors see them: who, why, since when and the reason's longest duration. */
export const ActivePause = z.object({
  user: z.object({ id: Id, name: z.string() }),
  reason: z.object({ id: Id, name: z.string(), max_minutes: z.number().int().nullable() }),
  pause_at: Timestamp,
});
export type ActivePause = z.infer<typeof ActivePause>;
export const ActivePauseList = z.object({ data: z.array(ActivePause) });
export type ActivePauseList = z.infer<typeof ActivePauseList>;

/** Realtime, to the user's sockets and the company's supervisors: a user paused or resumed. */
export type PauseChanged = { user_id: string; pause: UserPause };
