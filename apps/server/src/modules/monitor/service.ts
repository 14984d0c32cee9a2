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
import { and, asc, count, eq, isNotNull, isNull, min, ne, gt, sql } from 'drizzle-orm';
import { contacts, contactWallets, pauseReasons, users, voiceCalls, wallets } from '../../db/schema/index.ts';
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

/** The queue: who waits, per channel and segment, the longest waits, against the service level. */
async function queueOf(ctx: MonitorScope, at: Date, serviceLevel: number): Promise<MonitorSnapshot['queue']> {
  const limit = new Date(at.getTime() - serviceLevel * 1000);
  const waiting = and(
    eq(contacts.companyId, ctx.companyId),
    eq(contacts.onQueue, true),
    isNull(contacts.responsibleId),
  );
  const since = sql<Date>`coalesce(${contacts.queuedAt}, ${contacts.createdAt})`;
  const part = {
    waiting: count(),
    oldest: min(since),
    over: sql<number>`count(*) filter (where ${since} < ${limit.toISOString()}::timestamptz)`.mapWith(Number),
  };
  const channel = sql<string | null>`coalesce(${contacts.lastMessageChannel}, ${contacts.mainChannelKind})`;
  const [total, byChannel, bySegment, longest] = await Promise.all([
    ctx.db.select(part).from(contacts).where(waiting),
    ctx.db
      .select({ kind: channel, ...part })
      .from(contacts)
      .where(waiting)
      .groupBy(channel)
      .orderBy(asc(min(since))),
    ctx.db
      .select({ id: wallets.id, name: wallets.name, ...part })
      .from(contacts)
      .innerJoin(contactWallets, eq(contactWallets.contactId, contacts.id))
      .innerJoin(wallets, eq(wallets.id, contactWallets.walletId))
      .where(and(waiting, eq(contactWallets.companyId, ctx.companyId)))
      .groupBy(wallets.id, wallets.name)
      .orderBy(asc(min(since)), asc(wallets.name)),
    ctx.db
      .select({ id: contacts.id, name: contacts.name, channel, since })
      .from(contacts)
      .where(waiting)
      .orderBy(asc(since), asc(contacts.id))
      .limit(MONITOR_LONGEST_WAITING),
  ]);
  const queuePart = (row: { waiting: number; oldest: Date | string | null; over: number }) => ({
    waiting: row.waiting,
    oldest_since: iso(row.oldest),
    over_service_level: row.over,
  });
  return {
    ...queuePart(total[0] ?? { waiting: 0, oldest: null, over: 0 }),
    channels: byChannel.map((row) => ({
      kind: row.kind as MonitorSnapshot['queue']['channels'][number]['kind'],
      ...queuePart(row),
    })),
    segments: bySegment.map((row) => ({ segment: { id: row.id, name: row.name }, ...queuePart(row) })),
    longest: longest.map((row) => ({
      id: row.id,
      name: row.name,
      channel: row.channel as MonitorSnapshot['queue']['longest'][number]['channel'],
      since: iso(row.since)!,
    })),
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
