// The dialer. Each tick, for every running campaign, every available participant — a registered attendant
// taking part, neither paused, on a call nor in wrap-up, with no campaign customer already theirs — is given the
// next due customer whose own clock is within the calling hours (the others are skipped until theirs is): one
// transaction claims the member (FOR UPDATE SKIP LOCKED, so two processes never take one customer) and creates
// its attempt, which two partial unique indexes keep to one open attempt per customer and per attendant; the
// attendant hears of it (`campaign.dial`) after the commit. The call itself is placed once, by the attendant's
// softphone (preview: when they choose; progressive: at once), and the attempt holds its SIP Call-ID from then
// on, so no restart dials it again. Power campaigns (embedded PBX) claim customers with no attendant and a
// Call-ID chosen before the commit; the PBX places them and hands each answered one to a free participant
// (voice/sip/power.ts). A campaign with nobody left to call finishes by itself (an answered call left
// unclassified is settled after the wrap-up, outcomes.ts). Everything lives in the database: a killed
// process's successor resumes from it.
import {
  CAMPAIGN_RING_SECONDS,
  type CampaignMode,
  type NextDial,
  type TriggerAction,
} from '@atende/contract';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  campaignDetails,
  campaignMembers,
  campaignParticipants,
  campaigns,
  phoneSettings,
} from '../../db/schema/index.ts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';
import { onlineOperators } from '../voice/operators.ts';
import type { Pbx } from '../voice/sip/pbx.ts';
import { inOpenZones, openZones, type OpenZones } from './hours.ts';
import { followMissedCalls, release, settle, settleUnclassified } from './outcomes.ts';
import { openDialOf } from './queries.ts';
import { announceCampaign, companyTimeZone } from './service.ts';

export type DialerDeps = { db: Db; bus: EventBus; pbx: Pbx };

/** A progressive call not placed within this (the console closed mid-way) goes back to its customer. */
export const DIAL_TIMEOUT_MS = 60_000;

const triggerOf = (mode: CampaignMode): TriggerAction =>
  mode === 'preview' ? 'preview' : mode === 'power' ? 'answered' : 'dial';

type CampaignRow = typeof campaigns.$inferSelect;

/** One pass over every running campaign; returns what it handed out (tests read it). */
export async function tick(deps: DialerDeps, now = new Date()): Promise<{ assigned: NextDial[] }> {
  const assigned: NextDial[] = [];
  const touched = [
    ...(await followMissedCalls(deps.db, now, deps.bus)),
    ...(await settleUnclassified(deps.db, now)),
  ];
  for (const { companyId, campaignId } of touched) announceCampaign(deps.bus, companyId, campaignId);
  const running = await deps.db
    .select()
    .from(campaigns)
    .where(eq(campaigns.status, 'running'))
    .orderBy(asc(campaigns.startedAt));
  const zones = new Map<string, string>();
  for (const campaign of running) {
    let zone = zones.get(campaign.companyId);
    if (!zone) zones.set(campaign.companyId, (zone = await companyTimeZone(deps.db, campaign.companyId)));
    await releaseStale(deps, campaign, now);
    if (campaign.mode === 'power') await failOrphans(deps, campaign, now);
    if (await finishIfDone(deps, campaign, now)) continue;
    const open = await openZones(deps.db, campaign, zone, now);
    if (open.length === 0) continue;
    assigned.push(...(await dialCampaign(deps, campaign, open, now)));
  }
  return { assigned };
}

/** The attendants taking part in the campaign now (their switch on). */
async function activeParticipants(deps: DialerDeps, campaign: CampaignRow): Promise<Set<string>> {
  const rows = await deps.db
    .select({ userId: campaignParticipants.userId })
    .from(campaignParticipants)
    .where(
      and(
        eq(campaignParticipants.companyId, campaign.companyId),
        eq(campaignParticipants.campaignId, campaign.id),
        eq(campaignParticipants.active, true),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** The participants who may take a customer now. */
async function availableParticipants(deps: DialerDeps, campaign: CampaignRow): Promise<string[]> {
  const [operators, participants, busy] = await Promise.all([
    onlineOperators({ db: deps.db, companyId: campaign.companyId }, deps.pbx),
    activeParticipants(deps, campaign),
    deps.db
      .select({ userId: campaignDetails.userId })
      .from(campaignDetails)
      .where(and(eq(campaignDetails.companyId, campaign.companyId), isNull(campaignDetails.endedAt))),
  ]);
  const held = new Set(busy.map((row) => row.userId));
  return operators
    .filter(
      (operator) =>
        operator.state === 'available' && participants.has(operator.userId) && !held.has(operator.userId),
    )
    .map((operator) => operator.userId);
}

/**
 * Power: the PBX places up to ceil(ratio × available participants) lines, less those still ringing or waiting
 * for an operator (counted in each claim, so two processes never add up past the limit); each attempt holds
 * its Call-ID before the INVITE leaves, so it is placed once ever.
 */
async function powerDial(
  deps: DialerDeps,
  campaign: CampaignRow,
  open: OpenZones,
  now: Date,
): Promise<number> {
  const [settings] = await deps.db
    .select()
    .from(phoneSettings)
    .where(eq(phoneSettings.companyId, campaign.companyId));
  if (settings?.pbx === 'external') return 0; // refused at start; a PBX changed since dials nothing
  const available = await availableParticipants(deps, campaign);
  const limit = powerLines(campaign.ratio, available.length);
  if (limit <= 0 || !settings) return 0;
  const eligible = await deps.db
    .select({ userId: campaignParticipants.userId })
    .from(campaignParticipants)
    .where(
      and(
        eq(campaignParticipants.companyId, campaign.companyId),
        eq(campaignParticipants.campaignId, campaign.id),
        eq(campaignParticipants.active, true),
      ),
    );
  let placed = 0;
  for (;;) {
    const claimed = await claim(deps.db, campaign, null, open, now, limit);
    if (!claimed) break;
    deps.pbx.originate({
      companyId: campaign.companyId,
      domain: settings.sipDomain,
      number: claimed.number,
      detailId: claimed.id,
      callId: claimed.callId!,
      eligible: eligible.map((row) => row.userId),
      wrapUpSeconds: settings.wrapUpSeconds,
    });
    placed++;
  }
  if (placed > 0) announceCampaign(deps.bus, campaign.companyId, campaign.id);
  return placed;
}

/** The most lines a power campaign may have ringing for its available participants. */
export const powerLines = (ratio: number, available: number) => Math.ceil(ratio * available - 1e-9);

async function dialCampaign(
  deps: DialerDeps,
  campaign: CampaignRow,
  open: OpenZones,
  now: Date,
): Promise<NextDial[]> {
  if (campaign.mode === 'power') {
    await powerDial(deps, campaign, open, now);
    return [];
  }
  const handed: NextDial[] = [];
  for (const userId of await availableParticipants(deps, campaign)) {
    const claimed = await claim(deps.db, campaign, userId, open, now);
    if (!claimed) continue;
    const dial = await openDialOf(deps.db, campaign.companyId, userId, claimed.id);
    if (!dial) continue;
    handed.push(dial);
    deps.bus.publish([{ type: 'campaign.dial', companyId: campaign.companyId, userId, dial }]);
  }
  if (handed.length > 0) announceCampaign(deps.bus, campaign.companyId, campaign.id);
  return handed;
}

/**
 * The campaign's next due customer for the attendant, among those whose clock is in an open zone, in one
 * transaction: the member locked (skipping any
 * another process holds), its attempt created unless the attendant got one meanwhile (their open-attempt
 * index), the member marked calling. Null when there is nobody due or the attendant is taken.
 */
async function claim(
  db: Db,
  campaign: CampaignRow,
  /** Null for a power call: the PBX hands it to whoever is free once the customer answers. */
  userId: string | null,
  open: OpenZones,
  now: Date,
  /** A power call's most lines: the campaign is locked while its open ones are counted. */
  lineLimit?: number,
): Promise<{ id: string; number: string; callId: string | null } | null> {
  return db.transaction(async (tx) => {
    if (lineLimit !== undefined) {
      await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, campaign.id))
        .for('update');
      const [{ lines } = { lines: 0 }] = await tx
        .select({ lines: sql<number>`count(*)::int` })
        .from(campaignDetails)
        .where(
          and(
            eq(campaignDetails.companyId, campaign.companyId),
            eq(campaignDetails.campaignId, campaign.id),
            isNull(campaignDetails.endedAt),
            isNull(campaignDetails.userId),
          ),
        );
      if (lines >= lineLimit) return null;
    }
    const [member] = await tx
      .select()
      .from(campaignMembers)
      .where(
        and(
          eq(campaignMembers.campaignId, campaign.id),
          eq(campaignMembers.companyId, campaign.companyId),
          eq(campaignMembers.state, 'waiting'),
          or(isNull(campaignMembers.nextAttemptAt), lte(campaignMembers.nextAttemptAt, now)),
          inOpenZones(open),
        ),
      )
      .orderBy(sql`${campaignMembers.nextAttemptAt} asc nulls first`, asc(campaignMembers.id))
      .limit(1)
      .for('update', { of: campaignMembers, skipLocked: true });
    if (!member) return null;
    const [detail] = await tx
      .insert(campaignDetails)
      .values({
        companyId: campaign.companyId,
        campaignId: campaign.id,
        memberId: member.id,
        contactId: member.contactId,
        number: member.number,
        tryNumber: member.attempts + 1,
        userId,
        triggerAction: triggerOf(campaign.mode as CampaignMode),
        startedAt: now,
        ...(userId ? {} : { callId: `${randomUUID()}@campanha`, dialledAt: now }),
      })
      .onConflictDoNothing()
      .returning({ id: campaignDetails.id, number: campaignDetails.number, callId: campaignDetails.callId });
    if (!detail) return null;
    await tx
      .update(campaignMembers)
      .set({ state: 'calling', attempts: member.attempts + 1, updatedAt: now })
      .where(eq(campaignMembers.id, member.id));
    return detail;
  });
}

/**
 * Assignments whose call was never placed, given back: the attendant left the phone or the campaign, or a
 * progressive call was not placed in time. A preview waits for its attendant while they are there.
 */
async function releaseStale(deps: DialerDeps, campaign: CampaignRow, now: Date): Promise<void> {
  const open = await deps.db
    .select()
    .from(campaignDetails)
    .where(
      and(
        eq(campaignDetails.companyId, campaign.companyId),
        eq(campaignDetails.campaignId, campaign.id),
        isNull(campaignDetails.callId),
        isNull(campaignDetails.endedAt),
      ),
    );
  if (open.length === 0) return;
  const [operators, participants] = await Promise.all([
    onlineOperators({ db: deps.db, companyId: campaign.companyId }, deps.pbx),
    activeParticipants(deps, campaign),
  ]);
  let released = false;
  for (const detail of open) {
    const operator = operators.find((entry) => entry.userId === detail.userId);
    const gone =
      !operator ||
      operator.state === 'paused' ||
      !participants.has(operator.userId) ||
      (detail.triggerAction !== 'preview' && now.getTime() - detail.startedAt.getTime() > DIAL_TIMEOUT_MS);
    if (gone) released = (await release(deps.db, detail, null)) || released;
  }
  if (released) announceCampaign(deps.bus, campaign.companyId, campaign.id);
}

/**
 * Power attempts whose call never got a record (the process died between the claim and the INVITE): they are
 * failed, never dialled again.
 */
async function failOrphans(deps: DialerDeps, campaign: CampaignRow, now: Date): Promise<void> {
  const orphans = await queryRows<{ id: string; member_id: string }>(
    deps.db,
    sql`select d.id, d.member_id from campaign_details d
        where d.company_id = ${campaign.companyId} and d.campaign_id = ${campaign.id}
          and d.ended_at is null and d.user_id is null and d.call_id is not null
          and d.started_at < ${new Date(now.getTime() - ORPHAN_AFTER_MS).toISOString()}::timestamptz
          and not exists (select 1 from voice_calls v where v.company_id = d.company_id and v.call_id = d.call_id)`,
  );
  for (const orphan of orphans) {
    await settle(
      deps.db,
      { id: orphan.id, memberId: orphan.member_id, companyId: campaign.companyId, campaignId: campaign.id },
      'failed',
      now,
    );
  }
}
const ORPHAN_AFTER_MS = (CAMPAIGN_RING_SECONDS + 30) * 1000;

/** A running campaign with no customer waiting nor being called is finished. */
async function finishIfDone(deps: DialerDeps, campaign: CampaignRow, now: Date): Promise<boolean> {
  const [left] = await deps.db
    .select({ id: campaignMembers.id })
    .from(campaignMembers)
    .where(
      and(
        eq(campaignMembers.companyId, campaign.companyId),
        eq(campaignMembers.campaignId, campaign.id),
        sql`${campaignMembers.state} <> 'done'`,
      ),
    )
    .limit(1);
  if (left) return false;
  const [done] = await deps.db
    .update(campaigns)
    .set({ status: 'finished', finishedAt: now, updatedAt: now })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'running')))
    .returning({ id: campaigns.id });
  if (done) announceCampaign(deps.bus, campaign.companyId, campaign.id);
  return true;
}
