// The live monitor's snapshot, read from the database with one query per part (each bounded by the company's
// users or its queue and served by an index: users_company_name_idx, contacts_default_order_assigned_idx,
// contacts_waiting_idx, voice_calls_company_started_idx), and who is online as the realtime layer knows it.
import {
  instantOfWallTime,
  MONITOR_LONGEST_WAITING,
  wallTimeAt,
  type MonitorQueueChanged,
  type MonitorSnapshot,
} from '@atende/contract';
import { and, asc, count, eq, isNotNull, ne, gt, sql } from 'drizzle-orm';
import { contacts, pauseReasons, users, voiceCalls } from '../../db/schema/index.ts';
import { queryRows } from '../../platform/db/database.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { settingsOf } from '../company-settings/settings.ts';
import { ratingsSince } from '../analytics/service.ts';
import { findCompanyById } from '../companies/service.ts';

/** The ids of the company's users with a socket open on any process. */
export type Presence = (companyId: string) => Promise<Set<string>>;

/** A call still not ended after this long is a record the PBX never closed, not a call in progress. */
const STALE_CALL_MS = 12 * 60 * 60 * 1000;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Whose snapshot: a company, read through `db` (the route's tenant context, or the notifier's own). */
export type MonitorScope = Pick<TenantContext, 'db' | 'companyId'>;

/** The company's settings the monitor reads: its service level, and the start of its day (ratings of today). */
async function monitorSettings(ctx: MonitorScope, at: Date) {
  const company = await findCompanyById(ctx.db, ctx.companyId);
  const settings = settingsOf(company ?? { settings: {} });
  const { year, month, day } = wallTimeAt(at, settings.timezone);
  return {
    serviceLevel: settings.service_level_seconds,
    today: instantOfWallTime({ year, month, day }, settings.timezone),
  };
}

/** One count of the queue (the whole, a channel's, a segment's) as the statement below gives it. */
type QueuePart = { waiting: number; oldest: string | null; over: number };

/**
 * The queue: who waits, per channel and segment, the longest waits, against the service level — in one
 * statement over one read of the waiting customers (contacts_waiting_idx), since the monitor reads it again
 * whenever a customer arrives. Each waiting customer's segments are found by the primary key (`offset 0` keeps
 * the planner from hashing every customer's segments instead: 60 000 rows read for 3 000 on the bench set).
 */
async function queueOf(ctx: MonitorScope, at: Date, serviceLevel: number): Promise<MonitorSnapshot['queue']> {
  const limit = new Date(at.getTime() - serviceLevel * 1000).toISOString();
  const company = ctx.companyId;
  const [row] = await queryRows<{
    counts: (QueuePart & {
      kind: MonitorSnapshot['queue']['channels'][number]['kind'] | null;
      whole: boolean;
    })[];
    segments: (QueuePart & { id: string; name: string })[];
    longest: MonitorSnapshot['queue']['longest'];
  }>(
    ctx.db,
    sql`with waiting as materialized (
        select id, name, coalesce(last_message_channel, main_channel_kind) as channel,
          coalesce(queued_at, created_at) as since
        from contacts where company_id = ${company} and on_queue and responsible_id is null
      ),
      in_segment as (
        select segment.wallet_id, waiting.since from waiting
        cross join lateral (
          select wallet_id from contact_wallets where contact_id = waiting.id and company_id = ${company} offset 0
        ) as segment
      )
      select
        (select json_agg(part order by part.oldest) from (
          select channel as kind, grouping(channel) = 1 as whole, count(*)::int as waiting, min(since) as oldest,
            (count(*) filter (where since < ${limit}::timestamptz))::int as over
          from waiting group by grouping sets ((), (channel))
        ) as part) as counts,
        (select coalesce(json_agg(part order by part.oldest, part.name), '[]') from (
          select w.id, w.name, count(*)::int as waiting, min(in_segment.since) as oldest,
            (count(*) filter (where in_segment.since < ${limit}::timestamptz))::int as over
          from in_segment join wallets w on w.id = in_segment.wallet_id and w.company_id = ${company}
          group by w.id, w.name
        ) as part) as segments,
        (select coalesce(json_agg(part order by part.since, part.id), '[]') from (
          select id, name, channel, since from waiting order by since, id limit ${MONITOR_LONGEST_WAITING}
        ) as part) as longest`,
  );
  const queuePart = (part: QueuePart) => ({
    waiting: part.waiting,
    oldest_since: iso(part.oldest),
    over_service_level: part.over,
  });
  // The grand total (grouping sets' empty set) is there even when nobody waits.
  const counts = row?.counts ?? [];
  const whole = counts.find((part) => part.whole) ?? { waiting: 0, oldest: null, over: 0 };
  return {
    ...queuePart(whole),
    channels: counts
      .filter((part) => !part.whole)
      .map((part) => ({
        kind: part.kind as MonitorSnapshot['queue']['channels'][number]['kind'],
        ...queuePart(part),
      })),
    segments: (row?.segments ?? []).map((part) => ({
      segment: { id: part.id, name: part.name },
      ...queuePart(part),
    })),
    longest: (row?.longest ?? []).map((person) => ({ ...person, since: iso(person.since)! })),
  };
}

/** The queue's part of the monitor alone: what a customer arriving or waiting longer changes. */
export async function monitorQueue(ctx: MonitorScope): Promise<MonitorQueueChanged> {
  const at = new Date();
  const { serviceLevel } = await monitorSettings(ctx, at);
  return {
    at: at.toISOString(),
    service_level_seconds: serviceLevel,
    queue: await queueOf(ctx, at, serviceLevel),
  };
}

/** The attendants: presence, pauses, calls in progress, loads and the day's ratings. */
async function attendantsOf(
  ctx: MonitorScope,
  at: Date,
  today: Date,
  presence: Presence,
): Promise<Pick<MonitorSnapshot, 'attendants' | 'rating_today'>> {
  const [people, loads, calls, online, ratings] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        pausedAt: users.pausedAt,
        reasonId: pauseReasons.id,
        reasonName: pauseReasons.name,
      })
      .from(users)
      .leftJoin(pauseReasons, eq(pauseReasons.id, users.pauseReasonId))
      .where(and(eq(users.companyId, ctx.companyId), eq(users.active, true)))
      .orderBy(asc(users.name), asc(users.id)),
    ctx.db
      .select({ userId: contacts.responsibleId, n: count() })
      .from(contacts)
      .where(
        and(
          eq(contacts.companyId, ctx.companyId),
          isNotNull(contacts.responsibleId),
          eq(contacts.status, 'open'),
        ),
      )
      .groupBy(contacts.responsibleId),
    ctx.db
      .select({
        id: voiceCalls.id,
        operatorId: voiceCalls.operatorId,
        startedAt: voiceCalls.startedAt,
        answeredAt: voiceCalls.answeredAt,
      })
      .from(voiceCalls)
      .where(
        and(
          eq(voiceCalls.companyId, ctx.companyId),
          gt(voiceCalls.startedAt, new Date(at.getTime() - STALE_CALL_MS)),
          ne(voiceCalls.state, 'ended'),
          isNotNull(voiceCalls.operatorId),
        ),
      )
      .orderBy(asc(voiceCalls.startedAt)),
    presence(ctx.companyId),
    ratingsSince(ctx, today),
  ]);
  const loadOf = new Map(loads.map((row) => [row.userId, row.n]));
  const callOf = new Map<string, { id: string; since: string }>();
  for (const call of calls) {
    if (call.operatorId && !callOf.has(call.operatorId)) {
      callOf.set(call.operatorId, { id: call.id, since: iso(call.answeredAt ?? call.startedAt)! });
    }
  }
  return {
    rating_today: ratings.company,
    attendants: people.map((person) => ({
      id: person.id,
      name: person.name,
      role: person.role,
      online: online.has(person.id),
      pause: person.pausedAt
        ? {
            reason:
              person.reasonId && person.reasonName ? { id: person.reasonId, name: person.reasonName } : null,
            since: person.pausedAt.toISOString(),
          }
        : null,
      call: callOf.get(person.id) ?? null,
      conversations: loadOf.get(person.id) ?? 0,
      rating_today: ratings.byUser.get(person.id) ?? { count: 0, average: null },
    })),
  };
}

export async function monitorSnapshot(ctx: MonitorScope, presence: Presence): Promise<MonitorSnapshot> {
  const at = new Date();
  const { serviceLevel, today } = await monitorSettings(ctx, at);
  const [queue, people] = await Promise.all([
    queueOf(ctx, at, serviceLevel),
    attendantsOf(ctx, at, today, presence),
  ]);
  return { at: at.toISOString(), service_level_seconds: serviceLevel, ...people, queue };
}
