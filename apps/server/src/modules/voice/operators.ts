// The online SIP operators (spec §2 modal): who of the company is registered with the embedded PBX now, and
// whether they are free, on a call, in the wrap-up after one or paused. Registrations and wrap-ups live in the
// PBX's memory (the wrap-up is what keeps it from routing a call to them); names, pauses and calls come from
// the database, all scoped to the company.
import type { OperatorState } from '@atende/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { users, voiceCalls } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Pbx } from './sip/pbx.ts';

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
  const registered = pbx
    .registered(ctx.companyId)
    .filter(
      (entry): entry is typeof entry & { userId: string } => entry.kind === 'operator' && !!entry.userId,
    );
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
