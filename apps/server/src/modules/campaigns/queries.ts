// Reads shared by the API and the dialer, every one scoped to the company: counts, attendants, attempts and an
// attendant's open attempt (the customer they preview, dial or talk to).
import { CAMPAIGN_OUTCOMES, type CampaignOutcome, type CampaignStats } from '@atende/contract';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  broadcastLists,
  campaignDetails,
  campaignMembers,
  campaignParticipants,
  campaigns,
  contacts,
  users,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { presentCampaign, presentNextDial, type AttemptRow, type CampaignRow } from './presenter.ts';

const emptyOutcomes = () =>
  Object.fromEntries(CAMPAIGN_OUTCOMES.map((outcome) => [outcome, 0])) as Record<CampaignOutcome, number>;

/** Each campaign's counts, in three grouped statements whatever the number of campaigns. */
export async function campaignStats(
  db: Db,
  companyId: string,
  ids: string[],
): Promise<Map<string, CampaignStats>> {
  const stats = new Map<string, CampaignStats>(
    ids.map((id) => [
      id,
      {
        total: 0,
        dialled: 0,
        answered: 0,
        abandoned: 0,
        abandon_rate: 0,
        remaining: 0,
        in_progress: 0,
        outcomes: emptyOutcomes(),
      },
    ]),
  );
  if (ids.length === 0) return stats;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const members = await queryRows<{ campaign_id: string; total: number; remaining: number }>(
    db,
    sql`select campaign_id, count(*)::int as total, count(*) filter (where state = 'waiting')::int as remaining
        from campaign_members where company_id = ${companyId} and campaign_id in (${list}) group by campaign_id`,
  );
  for (const row of members) Object.assign(stats.get(row.campaign_id)!, row);
  const calls = await queryRows<{
    campaign_id: string;
    dialled: number;
    answered: number;
    in_progress: number;
  }>(
    db,
    sql`select campaign_id, count(*) filter (where dialled_at is not null)::int as dialled,
          count(*) filter (where answered_at is not null)::int as answered,
          count(*) filter (where dialled_at is not null and ended_at is null)::int as in_progress
        from campaign_details where company_id = ${companyId} and campaign_id in (${list}) group by campaign_id`,
  );
  for (const row of calls) Object.assign(stats.get(row.campaign_id)!, row);
  const outcomes = await queryRows<{ campaign_id: string; outcome: CampaignOutcome; n: number }>(
    db,
    sql`select campaign_id, outcome, count(*)::int as n from campaign_details
        where company_id = ${companyId} and campaign_id in (${list}) and outcome is not null
        group by campaign_id, outcome`,
  );
  for (const row of outcomes) stats.get(row.campaign_id)!.outcomes[row.outcome] = row.n;
  for (const entry of stats.values()) {
    // An abandoned call was answered by the customer: it is among the answered.
    entry.abandoned = entry.outcomes.abandoned;
    entry.abandon_rate =
      entry.answered === 0 ? 0 : Math.round((entry.abandoned / entry.answered) * 10000) / 10000;
  }
  return stats;
}

export async function participantsOf(db: Db, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      campaignId: campaignParticipants.campaignId,
      id: users.id,
      name: users.name,
      active: campaignParticipants.active,
    })
    .from(campaignParticipants)
    .innerJoin(users, eq(users.id, campaignParticipants.userId))
    .where(and(eq(campaignParticipants.companyId, companyId), inArray(campaignParticipants.campaignId, ids)))
    .orderBy(asc(users.name));
}

/** Campaign rows as the API shows them. */
export async function presentCampaigns(db: Db, companyId: string, rows: CampaignRow[]) {
  const ids = rows.map((row) => row.id);
  const listIds = rows.flatMap((row) => (row.listId ? [row.listId] : []));
  const [stats, people, lists] = await Promise.all([
    campaignStats(db, companyId, ids),
    participantsOf(db, companyId, ids),
    listIds.length
      ? db
          .select({ id: broadcastLists.id, name: broadcastLists.name })
          .from(broadcastLists)
          .where(and(eq(broadcastLists.companyId, companyId), inArray(broadcastLists.id, listIds)))
      : Promise.resolve([]),
  ]);
  return rows.map((row) =>
    presentCampaign(row, {
      listName: lists.find((list) => list.id === row.listId)?.name ?? '',
      attendants: people
        .filter((person) => person.campaignId === row.id)
        .map(({ id, name, active }) => ({ id, name, active })),
      stats: stats.get(row.id)!,
    }),
  );
}

/** Attempts with their campaign's, customer's and attendant's names. */
export function attemptRows(db: Db, where: SQL | undefined, limit: number): Promise<AttemptRow[]> {
  return db
    .select({
      detail: campaignDetails,
      campaignName: campaigns.name,
      contactName: contacts.name,
      userName: users.name,
    })
    .from(campaignDetails)
    .innerJoin(campaigns, eq(campaigns.id, campaignDetails.campaignId))
    .innerJoin(contacts, eq(contacts.id, campaignDetails.contactId))
    .leftJoin(users, eq(users.id, campaignDetails.userId))
    .where(where)
    .orderBy(desc(campaignDetails.startedAt), desc(campaignDetails.id))
    .limit(limit)
    .then((rows) =>
      rows.map(({ detail, ...names }) => ({ ...detail, ...names, userName: names.userName ?? null })),
    );
}

/** The attendant's open attempt (assigned, ringing or talking), as the console's popup shows it. */
export async function openDialOf(db: Db, companyId: string, userId: string, detailId?: string) {
  const [row] = await db
    .select({
      detailId: campaignDetails.id,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      uuidVoice: campaigns.uuidVoice,
      contactId: campaignDetails.contactId,
      channelId: campaignMembers.contactChannelId,
      contactName: contacts.name,
      number: campaignDetails.number,
      script: campaigns.script,
      triggerAction: campaignDetails.triggerAction,
      tryNumber: campaignDetails.tryNumber,
    })
    .from(campaignDetails)
    .innerJoin(campaigns, eq(campaigns.id, campaignDetails.campaignId))
    .innerJoin(campaignMembers, eq(campaignMembers.id, campaignDetails.memberId))
    .innerJoin(contacts, eq(contacts.id, campaignDetails.contactId))
    .where(
      and(
        eq(campaignDetails.companyId, companyId),
        eq(campaignDetails.userId, userId),
        isNull(campaignDetails.endedAt),
        detailId ? eq(campaignDetails.id, detailId) : undefined,
      ),
    )
    .limit(1);
  return row ? presentNextDial(row) : null;
}
