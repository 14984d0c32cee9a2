// What becomes of an attempt: the call's end gives busy, no answer or failed (abandoned: a power call nobody
// took); an answered call's attendant classifies it (callback plans a schedule, do-not-call blacklists the
// number), and one left unclassified past the company's wrap-up is settled `unclassified`, so a campaign never
// waits on it (a later classification still replaces it). The customer is then tried again after the rule's
// minutes while the outcome's tries allow, or is done. Calls find their attempt by the SIP
// Call-ID the softphone reported (`dialled`), whichever PBX placed them; a sweep of the dialer's tick settles
// calls whose end this process never heard of (a restart), so the state never depends on an event in memory.
import {
  RETRY_AFTER_MINUTES,
  RETRY_OUTCOMES,
  WRAP_UP_SECONDS,
  type CampaignClassification,
  type CampaignOutcome,
  type HangupCause,
  type RetryRules,
} from '@atende/contract';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  campaignDetails,
  campaignMembers,
  campaigns,
  contactChannels,
  schedules,
  voiceCalls,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { openDialOf } from './queries.ts';
import type { EventBus } from '../../platform/events.ts';

type Detail = typeof campaignDetails.$inferSelect;

/** The outcome of a call that ended unanswered, by how it ended. */
export function unansweredOutcome(cause: HangupCause | null): CampaignOutcome {
  if (cause === 'busy') return 'busy';
  if (cause === 'no_answer' || cause === 'cancelled' || cause === 'unavailable') return 'no_answer';
  return 'failed';
}

/** Whether and when a customer whose attempt ended with `outcome` is called again. */
export function nextTry(
  retry: RetryRules,
  tries: Partial<Record<CampaignOutcome, number>>,
  outcome: CampaignOutcome,
  now: Date,
): Date | null {
  if (!(RETRY_OUTCOMES as readonly string[]).includes(outcome)) return null;
  const rule = retry[outcome as keyof RetryRules];
  if ((tries[outcome] ?? 0) >= rule.max_tries) return null;
  return new Date(now.getTime() + rule.after_minutes * 60_000);
}

/**
 * An attempt's outcome, and its customer waiting for the next try or done — once: an outcome stays, except an
 * `unclassified` one, which the attendant's late classification replaces (its try no longer counted).
 */
export async function settle(
  db: Db,
  detail: Pick<Detail, 'id' | 'companyId' | 'campaignId' | 'memberId'>,
  outcome: CampaignOutcome,
  now: Date,
  notes?: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ outcome: campaignDetails.outcome })
      .from(campaignDetails)
      .where(and(eq(campaignDetails.id, detail.id), eq(campaignDetails.companyId, detail.companyId)))
      .for('update');
    const replaced = current?.outcome ?? null;
    if (!current || (replaced !== null && (replaced !== 'unclassified' || outcome === 'unclassified'))) {
      return false;
    }
    await tx
      .update(campaignDetails)
      .set({
        outcome,
        endedAt: sql`coalesce(${campaignDetails.endedAt}, ${now.toISOString()}::timestamptz)`,
        ...(notes !== undefined ? { notes } : {}),
      })
      .where(eq(campaignDetails.id, detail.id));
    const [member] = await tx
      .select({ tries: campaignMembers.tries, retry: campaigns.retry })
      .from(campaignMembers)
      .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
      .where(and(eq(campaignMembers.id, detail.memberId), eq(campaignMembers.companyId, detail.companyId)))
      .for('update', { of: campaignMembers });
    if (!member) return true;
    const tries = { ...member.tries };
    if (replaced) tries[replaced] = Math.max(0, (tries[replaced] ?? 1) - 1);
    tries[outcome] = (tries[outcome] ?? 0) + 1;
    const next = nextTry(member.retry, tries, outcome, now);
    await tx
      .update(campaignMembers)
      .set({
        tries,
        lastOutcome: outcome,
        state: next ? 'waiting' : 'done',
        nextAttemptAt: next,
        updatedAt: now,
      })
      .where(eq(campaignMembers.id, detail.memberId));
    return true;
  });
}

/**
 * Answered calls whose attendant has not classified them by the end of the company's wrap-up (the time the phone
 * gives them to do it): settled `unclassified`, so their customer is done and the campaign may finish.
 */
export async function settleUnclassified(db: Db, now = new Date()) {
  const rows = await queryRows<{ id: string; member_id: string; company_id: string; campaign_id: string }>(
    db,
    sql`select d.id, d.member_id, d.company_id, d.campaign_id from campaign_details d
        left join phone_settings p on p.company_id = d.company_id
        where d.outcome is null and d.answered_at is not null and d.ended_at is not null
          and d.ended_at <= ${now.toISOString()}::timestamptz
            - make_interval(secs => coalesce(p.wrap_up_seconds, ${WRAP_UP_SECONDS.default}))
        limit 500`,
  );
  const touched: { companyId: string; campaignId: string }[] = [];
  for (const row of rows) {
    const detail = {
      id: row.id,
      memberId: row.member_id,
      companyId: row.company_id,
      campaignId: row.campaign_id,
    };
    if (await settle(db, detail, 'unclassified', now)) {
      touched.push({ companyId: row.company_id, campaignId: row.campaign_id });
    }
  }
  return touched;
}

/**
 * An attempt given up before its call was placed (a skip, the attendant gone, the campaign paused): it never
 * happened, so it is removed and its customer waits again (at `retryAt`, or as soon as possible).
 */
export async function release(db: Db, detail: Detail, retryAt: Date | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(campaignDetails)
      .where(
        and(
          eq(campaignDetails.id, detail.id),
          eq(campaignDetails.companyId, detail.companyId),
          isNull(campaignDetails.callId),
          isNull(campaignDetails.endedAt),
        ),
      )
      .returning({ id: campaignDetails.id });
    if (!gone) return false;
    await tx
      .update(campaignMembers)
      .set({
        state: 'waiting',
        nextAttemptAt: retryAt,
        attempts: sql`greatest(0, ${campaignMembers.attempts} - 1)`,
        updatedAt: new Date(),
      })
      .where(and(eq(campaignMembers.id, detail.memberId), eq(campaignMembers.state, 'calling')));
    return true;
  });
}

/** A skipped preview comes back after the shortest retry delay. */
export const skipRetryAt = (now: Date) => new Date(now.getTime() + RETRY_AFTER_MINUTES.min * 60_000);

/**
 * The call `callId` of the company changed: its attempt (if it is a campaign call) takes its record, answer and
 * end; an unanswered end settles the attempt. Returns the campaign to announce, if any.
 */
export async function followCall(
  db: Db,
  companyId: string,
  callId: string,
  now = new Date(),
  bus?: EventBus,
) {
  const [found] = await db
    .select({ detail: campaignDetails, call: voiceCalls })
    .from(campaignDetails)
    .innerJoin(
      voiceCalls,
      and(eq(voiceCalls.companyId, campaignDetails.companyId), eq(voiceCalls.callId, campaignDetails.callId)),
    )
    .where(and(eq(campaignDetails.companyId, companyId), eq(campaignDetails.callId, callId)))
    .limit(1);
  if (!found) return null;
  const { detail, call } = found;
  if (detail.outcome) return null;
  const ended = call.state === 'ended';
  // An ended call with an outcome of its own (unanswered, abandoned) is ended by settle(), with its outcome in
  // the same transaction; a talked one ends here and waits for the attendant's classification.
  const settled = ended && (!call.answeredAt || !call.operatorId);
  await db
    .update(campaignDetails)
    .set({
      callRecordId: call.id,
      answeredAt: call.answeredAt,
      ...(ended && !settled ? { endedAt: call.endedAt ?? now } : {}),
    })
    .where(and(eq(campaignDetails.id, detail.id), eq(campaignDetails.companyId, companyId)));
  // Campaign calls are Smart Trigger calls (type 2), whichever PBX recorded them.
  if (call.typeId !== 2) {
    await db
      .update(voiceCalls)
      .set({ typeId: 2 })
      .where(and(eq(voiceCalls.id, call.id), eq(voiceCalls.companyId, companyId)));
  }
  const endedAt = call.endedAt ?? now;
  if (ended && !call.answeredAt) await settle(db, detail, unansweredOutcome(call.hangupCause), endedAt);
  // A power call the customer answered and no operator took: abandoned.
  else if (ended && !call.operatorId) await settle(db, detail, 'abandoned', endedAt);
  else if (call.operatorId && !detail.userId) await handOver(deps_(db, bus), detail, call.operatorId);
  return detail.campaignId;
}

const deps_ = (db: Db, bus: EventBus | undefined) => ({ db, bus });

/**
 * The PBX handed an answered power call to an operator: the attempt becomes theirs, and their console hears of
 * it (`answered`: it opens the customer's conversation while the softphone auto-answers).
 */
async function handOver(deps: { db: Db; bus?: EventBus }, detail: Detail, userId: string): Promise<void> {
  try {
    await deps.db
      .update(campaignDetails)
      .set({ userId })
      .where(and(eq(campaignDetails.id, detail.id), isNull(campaignDetails.userId)));
  } catch {
    return; // the operator holds another open attempt (a preview of another campaign): the call stays unowned
  }
  const dial = await openDialOf(deps.db, detail.companyId, userId, detail.id);
  if (dial && deps.bus) {
    deps.bus.publish([{ type: 'campaign.dial', companyId: detail.companyId, userId, dial }]);
  }
}

/** Calls linked to attempts that ended while nobody heard it (another process, a restart): followed now. */
export async function followMissedCalls(db: Db, now = new Date(), bus?: EventBus) {
  const rows = await queryRows<{ company_id: string; call_id: string }>(
    db,
    sql`select d.company_id, d.call_id from campaign_details d
        join voice_calls v on v.company_id = d.company_id and v.call_id = d.call_id
        where d.call_id is not null and d.outcome is null
          and ((d.ended_at is null and v.state = 'ended') or (d.call_record_id is null))
        limit 500`,
  );
  const campaignsTouched: { companyId: string; campaignId: string }[] = [];
  for (const row of rows) {
    const campaignId = await followCall(db, row.company_id, row.call_id, now, bus);
    if (campaignId) campaignsTouched.push({ companyId: row.company_id, campaignId });
  }
  return campaignsTouched;
}

/** The campaign attempt of a call record, if it is a campaign call. */
export async function attemptOfCall(db: Db, companyId: string, call: { id: string; callId: string }) {
  const [detail] = await db
    .select()
    .from(campaignDetails)
    .where(
      and(
        eq(campaignDetails.companyId, companyId),
        isNotNull(campaignDetails.callId),
        eq(campaignDetails.callId, call.callId),
      ),
    )
    .limit(1);
  return detail ?? null;
}

/**
 * The attendant classified an answered campaign call: its outcome (completed when the classification named
 * none), a callback's schedule for the attendant, a do-not-call's blacklisted number.
 */
export async function classifyAttempt(
  deps: {
    db: Db;
    bus: EventBus;
    /** Plans the return through the schedules module (its reminders); a schedule row only when it refuses. */
    plan?: (contactId: string, at: string, annotation: string) => Promise<unknown>;
  },
  input: {
    companyId: string;
    userId: string;
    detail: Detail;
    campaign: CampaignClassification | undefined;
    notes: string | null;
  },
  now = new Date(),
): Promise<void> {
  const { db, bus } = deps;
  const { detail, companyId } = input;
  if (!detail.answeredAt) throw new AppError('campaign_attempt_not_found', 400);
  const outcome = input.campaign?.outcome ?? 'completed';
  if (!(await settle(db, detail, outcome, now, input.notes))) return;
  const returnAt = input.campaign?.return_at;
  if (outcome === 'callback' && returnAt) {
    const planned = await deps.plan?.(detail.contactId, returnAt, input.notes ?? '').then(
      () => true,
      () => false,
    );
    if (!planned)
      await db.insert(schedules).values({
        companyId,
        contactId: detail.contactId,
        userId: input.userId,
        scheduledAt: new Date(returnAt),
        annotation: input.notes,
      });
    bus.publish([{ type: 'contact.changed', companyId, contactId: detail.contactId }]);
  }
  if (outcome === 'do_not_call') {
    const [member] = await db
      .select({ channelId: campaignMembers.contactChannelId })
      .from(campaignMembers)
      .where(and(eq(campaignMembers.id, detail.memberId), eq(campaignMembers.companyId, companyId)));
    if (member?.channelId) {
      await db
        .update(contactChannels)
        .set({ blacklisted: true })
        .where(and(eq(contactChannels.id, member.channelId), eq(contactChannels.companyId, companyId)));
    }
    bus.publish([{ type: 'contact.changed', companyId, contactId: detail.contactId }]);
  }
  bus.publish([{ type: 'campaign.changed', companyId, campaignId: detail.campaignId }]);
}

/**
 * The embedded PBX saw the operator's INVITE name its attempt (X-Atende-Campaign-Detail): the attempt takes
 * the call's Call-ID unless it has one (the softphone's `dialled` may come first). Only the attempt's own
 * attendant's call links it, and only while it is open: a call never becomes a second dial of an attempt.
 */
export async function linkCampaignCall(
  db: Db,
  companyId: string,
  input: { detailId: string; callId: string; userId: string },
): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(input.detailId)) return;
  await db
    .update(campaignDetails)
    .set({ callId: input.callId, dialledAt: new Date() })
    .where(
      and(
        eq(campaignDetails.id, input.detailId),
        eq(campaignDetails.companyId, companyId),
        eq(campaignDetails.userId, input.userId),
        isNull(campaignDetails.callId),
        isNull(campaignDetails.endedAt),
      ),
    );
}
