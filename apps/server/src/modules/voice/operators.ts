// The online SIP operators (spec §2 modal): who of the company is registered with its PBX now, and whether they
// are free, on a call, in the wrap-up after one or paused. On the embedded PBX, registrations and wrap-ups live
// in the PBX's memory (the wrap-up is what keeps it from routing a call to them); on an external PBX the
// softphones say when they register (sip_accounts.registered_at, said again at each re-registration) and the
// wrap-up runs from their last talked call's end. Names, pauses and calls come from the database, all scoped to
// the company.
import type { OperatorState } from '@atende/contract';
import { and, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { phoneSettings, sipAccounts, users, voiceCalls } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Pbx } from './sip/pbx.ts';

/** A softphone re-registers every 300 s (and says so): one not heard of for longer has gone. */
export const REPORTED_REGISTRATION_TTL_S = 330;

type Registration = { userId: string; user: string; onCall: boolean; wrapUp: { since: Date } | null };

/** The operators a company's external PBX has registered, as their softphones said, with their wrap-ups. */
async function reportedRegistrations(
  db: Db,
  companyId: string,
  wrapUpSeconds: number,
): Promise<Registration[]> {
  const accounts = await db
    .select({ userId: sipAccounts.userId, user: sipAccounts.username })
    .from(sipAccounts)
    .where(
      and(
        eq(sipAccounts.companyId, companyId),
        isNotNull(sipAccounts.registeredAt),
        gt(sipAccounts.registeredAt, sql`now() - make_interval(secs => ${REPORTED_REGISTRATION_TTL_S})`),
      ),
    );
  if (accounts.length === 0) return [];
  const lastTalked = await db
    .selectDistinctOn([voiceCalls.operatorId], {
      operatorId: voiceCalls.operatorId,
      endedAt: voiceCalls.endedAt,
    })
    .from(voiceCalls)
    .where(
      and(
        eq(voiceCalls.companyId, companyId),
        inArray(
          voiceCalls.operatorId,
          accounts.map((account) => account.userId),
        ),
        isNotNull(voiceCalls.answeredAt),
        gt(voiceCalls.endedAt, sql`now() - make_interval(secs => ${wrapUpSeconds})`),
      ),
    )
    .orderBy(voiceCalls.operatorId, desc(voiceCalls.endedAt));
  return accounts.map((account) => {
    const ended = lastTalked.find((row) => row.operatorId === account.userId)?.endedAt;
    return { ...account, onCall: false, wrapUp: ended ? { since: ended } : null };
  });
}

async function registrations(db: Db, companyId: string, pbx: Pbx): Promise<Registration[]> {
  const [settings] = await db
    .select({ pbx: phoneSettings.pbx, wrapUpSeconds: phoneSettings.wrapUpSeconds })
    .from(phoneSettings)
    .where(eq(phoneSettings.companyId, companyId));
  if (settings?.pbx === 'external') return reportedRegistrations(db, companyId, settings.wrapUpSeconds);
  return pbx
    .registered(companyId)
    .filter(
      (entry): entry is typeof entry & { userId: string } => entry.kind === 'operator' && !!entry.userId,
    );
}

export type OnlineOperatorRow = {
  userId: string;
  name: string;
  sipUsername: string;
  state: OperatorState;
  since: Date | null;
};

export async function onlineOperators(
  ctx: { db: Db; companyId: string },
  pbx: Pbx,
): Promise<OnlineOperatorRow[]> {
  const registered = await registrations(ctx.db, ctx.companyId, pbx);
  if (registered.length === 0) return [];
  const ids = registered.map((entry) => entry.userId);
  const mine = (column: typeof voiceCalls.operatorId) =>
    and(eq(voiceCalls.companyId, ctx.companyId), inArray(column, ids));
  const [people, liveCalls] = await Promise.all([
    ctx.db
      .select({ id: users.id, name: users.name, pausedAt: users.pausedAt })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), inArray(users.id, ids))),
    ctx.db
      .select({
        operatorId: voiceCalls.operatorId,
        startedAt: voiceCalls.startedAt,
        answeredAt: voiceCalls.answeredAt,
      })
      .from(voiceCalls)
      .where(and(mine(voiceCalls.operatorId), ne(voiceCalls.state, 'ended'))),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  return registered
    .flatMap((entry): OnlineOperatorRow[] => {
      const person = byId.get(entry.userId);
      if (!person) return [];
      const base = { userId: entry.userId, name: person.name, sipUsername: entry.user };
      const live = liveCalls.find((call) => call.operatorId === entry.userId);
      if (entry.onCall || live) {
        return [{ ...base, state: 'on_call', since: live ? (live.answeredAt ?? live.startedAt) : null }];
      }
      if (person.pausedAt) return [{ ...base, state: 'paused', since: person.pausedAt }];
      if (entry.wrapUp) return [{ ...base, state: 'wrap_up', since: entry.wrapUp.since }];
      return [{ ...base, state: 'available', since: null }];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
