// Live monitor (issue 28): who of the company is online, paused or on a call and how many conversations each
// holds; the queue per channel and per segment with its oldest wait, against the company's service level.
// The snapshot is read from the database (every process answers the same); `monitor.changed` carries a fresh
// one, so the Redis fan-out is all that keeps several processes' monitors consistent.
import { z } from 'zod';
import { RatingSummary } from './analytics.ts';
import { Id, Timestamp } from './common.ts';
import { ChannelKind, Role } from './enums.ts';

export const MonitorAttendant = z.object({
  id: Id,
  name: z.string(),
  role: Role,
  /** A socket of the user is connected to some process (the realtime layer's rooms, across processes). */
  online: z.boolean(),
  pause: z.object({ reason: z.object({ id: Id, name: z.string() }).nullable(), since: Timestamp }).nullable(),
  /** A call of theirs the PBX has not ended yet. */
  call: z.object({ id: Id, since: Timestamp }).nullable(),
  /** Open conversations they are responsible for. */
  conversations: z.number().int(),
  /** The satisfaction ratings their customers answered today (the company's day). */
  rating_today: RatingSummary,
});
export type MonitorAttendant = z.infer<typeof MonitorAttendant>;

/** A part of the queue: how many wait, since when the oldest, and how many waited past the service level. */
const QueuePart = {
  waiting: z.number().int(),
  oldest_since: Timestamp.nullable(),
  over_service_level: z.number().int(),
};
export const MonitorChannelQueue = z.object({ kind: ChannelKind.nullable(), ...QueuePart });
export type MonitorChannelQueue = z.infer<typeof MonitorChannelQueue>;
export const MonitorSegmentQueue = z.object({
  segment: z.object({ id: Id, name: z.string() }),
  ...QueuePart,
});
export type MonitorSegmentQueue = z.infer<typeof MonitorSegmentQueue>;

/** One of the customers who waited longest (the monitor lists a few, flagged past the service level). */
export const MonitorWaitingCustomer = z.object({
  id: Id,
  name: z.string(),
  channel: ChannelKind.nullable(),
  since: Timestamp,
});
export type MonitorWaitingCustomer = z.infer<typeof MonitorWaitingCustomer>;

/** GET /api/monitor (supervisors and admins). */
export const MonitorSnapshot = z.object({
  /** The server's clock when read: running durations count from here. */
  at: Timestamp,
  service_level_seconds: z.number().int(),
  /** The company's satisfaction ratings answered today. */
  rating_today: RatingSummary,
  attendants: z.array(MonitorAttendant),
  queue: z.object({
    ...QueuePart,
    channels: z.array(MonitorChannelQueue),
    segments: z.array(MonitorSegmentQueue),
    longest: z.array(MonitorWaitingCustomer),
  }),
});
export type MonitorSnapshot = z.infer<typeof MonitorSnapshot>;

/** How many of the longest-waiting customers the snapshot names. */
export const MONITOR_LONGEST_WAITING = 20;

/**
 * Realtime, to the company's supervisors: what the monitor shows changed, with the fresh snapshot (read once for
 * all of them, so 200 supervisors watching cost one read, not 200).
 */
export type MonitorChanged = MonitorSnapshot;
/**
 * Realtime, to the company's supervisors: only the queue changed (a customer arrived): its part of the snapshot,
 * a few kilobytes where the whole is a hundred with 500 attendants, for the busiest event there is.
 */
export type MonitorQueueChanged = Pick<MonitorSnapshot, 'at' | 'service_level_seconds' | 'queue'>;
