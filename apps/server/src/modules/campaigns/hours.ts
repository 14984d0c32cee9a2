// Calling hours: a customer is called only while their clock shows a time within the campaign's hours on one of
// its days. Their clock is their number's time zone (phone-zone.ts, kept on the member when the campaign
// starts), else the company's. Intl only (time-zones.ts), like business hours. The dialer and the live view ask
// which zones are open now among the customers still waiting, and pick or count customers of those zones.
import { clockMinutes, wallTimeAt, type CallingHours } from '@atende/contract';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { campaignMembers } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export function withinCallingHours(hours: CallingHours, timeZone: string, at: Date): boolean {
  const wall = wallTimeAt(at, timeZone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  if (!hours.days.includes(weekday)) return false;
  const minute = wall.hour * 60 + wall.minute;
  return clockMinutes(hours.start) <= minute && minute < clockMinutes(hours.end);
}

/** Member time zones (null: the company's) whose clock is within the hours now. */
export type OpenZones = (string | null)[];

/** The campaign's customers still waiting for a call. */
const waitingMembers = (campaign: { id: string; companyId: string }) =>
  and(
    eq(campaignMembers.companyId, campaign.companyId),
    eq(campaignMembers.campaignId, campaign.id),
    eq(campaignMembers.state, 'waiting'),
  );

/** The zones of the campaign's waiting customers that are within its hours at `now`. */
export async function openZones(
  db: Db,
  campaign: { id: string; companyId: string; callingHours: CallingHours },
  companyZone: string,
  now: Date,
): Promise<OpenZones> {
  const zones = await db
    .selectDistinct({ zone: campaignMembers.timeZone })
    .from(campaignMembers)
    .where(waitingMembers(campaign));
  return zones
    .map((row) => row.zone)
    .filter((zone) => withinCallingHours(campaign.callingHours, zone ?? companyZone, now));
}

/** The members whose clock is in one of the open zones (none when no zone is open). */
export function inOpenZones(open: OpenZones): SQL {
  const named = open.filter((zone): zone is string => zone !== null);
  return (
    or(
      named.length > 0 ? inArray(campaignMembers.timeZone, named) : undefined,
      open.includes(null) ? isNull(campaignMembers.timeZone) : undefined,
    ) ?? sql`false`
  );
}

/**
 * The live view's reading of the hours: how many waiting customers' clocks are within them now, and whether the
 * campaign is within its hours — some waiting customer's clock is, or with nobody waiting, the company's.
 */
export async function callableNow(
  db: Db,
  campaign: { id: string; companyId: string; callingHours: CallingHours },
  companyZone: string,
  now: Date,
): Promise<{ within_hours: boolean; callable: number; remaining: number }> {
  const open = await openZones(db, campaign, companyZone, now);
  const [counts] = await db
    .select({
      remaining: sql<number>`count(*)::int`,
      callable: sql<number>`(count(*) filter (where ${inOpenZones(open)}))::int`,
    })
    .from(campaignMembers)
    .where(waitingMembers(campaign));
  const { remaining = 0, callable = 0 } = counts ?? {};
  return {
    within_hours: remaining > 0 ? callable > 0 : withinCallingHours(campaign.callingHours, companyZone, now),
    callable,
    remaining,
  };
}
