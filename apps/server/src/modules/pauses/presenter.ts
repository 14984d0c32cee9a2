// Pauses as the contract's objects: the user's own pause (UserPause) and the supervisors' ActivePause.
import type { ActivePause, UserPause } from '@atende/contract';
import { pauseReasons, pauses, users } from '../../db/schema/index.ts';

/** The columns an open pause is presented from, to supervisors. */
export const activePauseColumns = {
  userId: users.id,
  userName: users.name,
  reasonId: pauseReasons.id,
  reasonName: pauseReasons.name,
  maxMinutes: pauseReasons.maxMinutes,
  startedAt: pauses.startedAt,
};
export type ActivePauseRow = {
  userId: string;
  userName: string;
  reasonId: string;
  reasonName: string;
  maxMinutes: number | null;
  startedAt: Date;
};

/** A user's pause: when it started and why, or both null while they work. */
export const presentUserPause = (open: { startedAt: Date; reasonId: string } | null): UserPause => ({
  pause_at: open ? open.startedAt.toISOString() : null,
  reason_id: open ? open.reasonId : null,
});

export const presentActivePause = (row: ActivePauseRow): ActivePause => ({
  user: { id: row.userId, name: row.userName },
  reason: { id: row.reasonId, name: row.reasonName, max_minutes: row.maxMinutes },
  pause_at: row.startedAt.toISOString(),
});
