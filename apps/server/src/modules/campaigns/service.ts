// Campaigns for the Center (create, change, start, pause, resume, finish, the ratio, the live view and the
// attempts), for attendants (their campaigns, switching their participation, their next customer and what they
// did with it) and for a customer's campaign page. Starting resolves the list's customers into members once;
// the dialer (dialer.ts) then works from the database alone.
import {
  may,
  type CampaignAction,
  type CampaignAttemptQuery,
  type CampaignLive,
  type CampaignRequest,
  type CampaignStatus,
  type ContactCampaigns,
  type NextDialRequest,
  type UserCampaign,
  type UserCampaignRequest,
} from '@atende/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  broadcastLists,
  campaignDetails,
  campaignMembers,
  campaignParticipants,
  campaigns,
  channelAccounts,
  contactChannels,
  contacts,
  phoneSettings,
  users,
} from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { resolveAudience } from '../broadcasts/audience.ts';
import { findCompanyById } from '../companies/service.ts';
import { settingsOf } from '../company-settings/settings.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { onlineOperators } from '../voice/operators.ts';
import type { Pbx } from '../voice/sip/pbx.ts';
import { callableNow } from './hours.ts';
import { followCall, release, skipRetryAt } from './outcomes.ts';
import { timeZoneOfNumber } from './phone-zone.ts';
import type { CampaignRow } from './presenter.ts';
import { presentAttempt } from './presenter.ts';
import { attemptRows, openDialOf, presentCampaigns } from './queries.ts';

export type CampaignDeps = { bus: EventBus; pbx: Pbx };
export type CampaignService = ReturnType<typeof campaignService>;

const CAMPAIGNS_PAGE = 200;
const INSERT_CHUNK = 1000;
const CONTACT_ATTEMPTS = 100;

/** Which statuses each action leaves from, and the status it leads to. */
const TRANSITIONS: Record<CampaignAction, { from: CampaignStatus[]; to: CampaignStatus }> = {
  start: { from: ['draft'], to: 'running' },
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  finish: { from: ['draft', 'running', 'paused'], to: 'finished' },
};

export function announceCampaign(bus: EventBus, companyId: string, campaignId: string): void {
  bus.publish([{ type: 'campaign.changed', companyId, campaignId }]);
}

/** The company's time zone: the clock of customers whose number tells none (phone-zone.ts). */
export async function companyTimeZone(db: Db, companyId: string): Promise<string> {
  const company = await findCompanyById(db, companyId);
  return settingsOf(company ?? { settings: {} }).timezone;
}

async function pbxKind(db: Db, companyId: string): Promise<'embedded' | 'external'> {
  const [row] = await db
    .select({ pbx: phoneSettings.pbx })
    .from(phoneSettings)
    .where(eq(phoneSettings.companyId, companyId));
  return row?.pbx ?? 'embedded';
}

/** Undialled attempts of a campaign (or of one attendant in it) are given back to their customers. */
async function releaseUndialled(db: Db, companyId: string, campaignId: string, userId?: string) {
  const open = await db
    .select()
    .from(campaignDetails)
    .where(
      and(
        eq(campaignDetails.companyId, companyId),
        eq(campaignDetails.campaignId, campaignId),
        isNull(campaignDetails.callId),
        isNull(campaignDetails.endedAt),
        userId ? eq(campaignDetails.userId, userId) : undefined,
      ),
    );
  for (const detail of open) await release(db, detail, null);
}

export function campaignService(deps: CampaignDeps) {
  const { bus, pbx } = deps;

  async function findCampaign(ctx: TenantContext, id: string): Promise<CampaignRow> {
    const [row] = await ctx.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId)))
      .limit(1);
    if (!row) throw new AppError('campaign_not_found', 404);
    authorize(ctx, 'campaigns.manage');
    return row;
  }

  const presented = async (ctx: TenantContext, row: CampaignRow) =>
    (await presentCampaigns(ctx.db, ctx.companyId, [row]))[0]!;

  /** The request's list, account and attendants, checked (another company's list or account answers 404). */
  async function review(ctx: TenantContext, input: CampaignRequest) {
    const [list] = await ctx.db
      .select()
      .from(broadcastLists)
      .where(and(eq(broadcastLists.id, input.list_id), eq(broadcastLists.companyId, ctx.companyId)));
    if (!list) throw new AppError('campaign_list_not_found', 404);
    const [account] = await ctx.db
      .select()
      .from(channelAccounts)
      .where(
        and(eq(channelAccounts.id, input.channel_account_id), eq(channelAccounts.companyId, ctx.companyId)),
      );
    if (!account) throw notFound();
    authorize(ctx, 'campaigns.manage');
    if (account.kind !== 'voice' || !account.enabled) throw new AppError('campaign_account_unusable', 400);
    const ids = [...new Set(input.attendant_ids)];
    const people = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.active, true), inArray(users.id, ids)));
    if (people.length !== ids.length) throw new AppError('campaign_attendant_unknown', 400);
    if (input.mode === 'power' && (await pbxKind(ctx.db, ctx.companyId)) === 'external') {
      throw new AppError('campaign_power_needs_embedded_pbx', 422);
    }
    return { list, attendantIds: ids };
  }

  /** The attendants taking part become exactly `ids`; those who stay keep their own switch. */
  async function setParticipants(db: Db, companyId: string, campaignId: string, ids: string[]) {
    await db.delete(campaignParticipants).where(
      and(
        eq(campaignParticipants.companyId, companyId),
        eq(campaignParticipants.campaignId, campaignId),
        sql`${campaignParticipants.userId} <> all(${sql`array[${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]`})`,
      ),
    );
    await db
      .insert(campaignParticipants)
      .values(ids.map((userId) => ({ campaignId, companyId, userId })))
      .onConflictDoNothing();
  }

  /** The list's customers with a voice number, not blacklisted, as the campaign's members. */
  async function resolveMembers(ctx: TenantContext, row: CampaignRow): Promise<number> {
    const [list] = row.listId
      ? await ctx.db
          .select()
          .from(broadcastLists)
          .where(and(eq(broadcastLists.id, row.listId), eq(broadcastLists.companyId, ctx.companyId)))
      : [];
    if (!list) throw new AppError('campaign_list_not_found', 404);
    const audience = await resolveAudience(ctx, list, 'voice', false);
    // A broadcast opt-out is about messages, not calls: only blacklisted and number-less customers are left out.
    const callable = audience.rows.filter(
      (entry) => entry.channelId && entry.skipReason !== 'blacklisted' && entry.skipReason !== 'no_channel',
    );
    if (callable.length === 0) throw new AppError('broadcast_no_recipients', 400);
    const companyZone = await companyTimeZone(ctx.db, ctx.companyId);
    for (let i = 0; i < callable.length; i += INSERT_CHUNK) {
      const chunk = callable.slice(i, i + INSERT_CHUNK);
      const numbers = await ctx.db
        .select({ id: contactChannels.id, address: contactChannels.address })
        .from(contactChannels)
        .where(
          and(
            eq(contactChannels.companyId, ctx.companyId),
            inArray(
              contactChannels.id,
              chunk.map((entry) => entry.channelId!),
            ),
          ),
        );
      const numberOf = new Map(numbers.map((entry) => [entry.id, entry.address]));
      await ctx.db
        .insert(campaignMembers)
        .values(
          chunk.map((entry) => {
            const number = numberOf.get(entry.channelId!) ?? '';
            return {
              companyId: ctx.companyId,
              campaignId: row.id,
              contactId: entry.contactId,
              contactChannelId: entry.channelId,
              number,
              timeZone: timeZoneOfNumber(number, companyZone),
            };
          }),
        )
        .onConflictDoNothing();
    }
    return callable.length;
  }

  return {
    findCampaign,

    async list(ctx: TenantContext) {
      authorize(ctx, 'campaigns.manage');
      const rows = await ctx.db
        .select()
        .from(campaigns)
        .where(eq(campaigns.companyId, ctx.companyId))
        .orderBy(desc(campaigns.createdAt))
        .limit(CAMPAIGNS_PAGE);
      return { data: await presentCampaigns(ctx.db, ctx.companyId, rows) };
    },

    async create(ctx: TenantContext, input: CampaignRequest) {
      const { attendantIds } = await review(ctx, input);
      const row = await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(campaigns)
          .values({
            companyId: ctx.companyId,
            name: input.name,
            listId: input.list_id,
            channelAccountId: input.channel_account_id,
            mode: input.mode,
            ratio: input.ratio,
            callingHours: input.calling_hours,
            retry: input.retry,
            script: input.script,
            createdBy: ctx.userId,
          })
          .returning();
        await setParticipants(tx, ctx.companyId, created!.id, attendantIds);
        return created!;
      });
      announceCampaign(bus, ctx.companyId, row.id);
      return presented(ctx, row);
    },

    get: async (ctx: TenantContext, input: { id: string }) =>
      presented(ctx, await findCampaign(ctx, input.id)),

    async update(ctx: TenantContext, input: CampaignRequest & { id: string }) {
      const current = await findCampaign(ctx, input.id);
      const { attendantIds } = await review(ctx, input);
      if (current.status !== 'draft' && current.status !== 'paused') {
        throw new AppError('campaign_status_conflict', 409);
      }
      // A started campaign's customers came from its list through its account: those stay.
      if (
        current.startedAt &&
        (current.listId !== input.list_id || current.channelAccountId !== input.channel_account_id)
      ) {
        throw new AppError('campaign_status_conflict', 409);
      }
      const row = await ctx.db.transaction(async (tx) => {
        const [changed] = await tx
          .update(campaigns)
          .set({
            name: input.name,
            listId: input.list_id,
            channelAccountId: input.channel_account_id,
            mode: input.mode,
            ratio: input.ratio,
            callingHours: input.calling_hours,
            retry: input.retry,
            script: input.script,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(campaigns.id, input.id),
              eq(campaigns.companyId, ctx.companyId),
              inArray(campaigns.status, ['draft', 'paused']),
            ),
          )
          .returning();
        if (!changed) throw new AppError('campaign_status_conflict', 409);
        await setParticipants(tx, ctx.companyId, input.id, attendantIds);
        return changed;
      });
      announceCampaign(bus, ctx.companyId, row.id);
      return presented(ctx, row);
    },

    async remove(ctx: TenantContext, input: { id: string }) {
      await findCampaign(ctx, input.id);
      const [gone] = await ctx.db
        .delete(campaigns)
        .where(
          and(
            eq(campaigns.id, input.id),
            eq(campaigns.companyId, ctx.companyId),
            eq(campaigns.status, 'draft'),
          ),
        )
        .returning({ id: campaigns.id });
      if (!gone) throw new AppError('campaign_status_conflict', 409);
      announceCampaign(bus, ctx.companyId, input.id);
    },

    async act(ctx: TenantContext, input: { id: string; action: CampaignAction }) {
      const current = await findCampaign(ctx, input.id);
      const { from, to } = TRANSITIONS[input.action];
      if (!from.includes(current.status as CampaignStatus))
        throw new AppError('campaign_status_conflict', 409);
      if (input.action === 'start' && current.mode === 'power') {
        if ((await pbxKind(ctx.db, ctx.companyId)) === 'external') {
          throw new AppError('campaign_power_needs_embedded_pbx', 422);
        }
      }
      const row = await ctx.db.transaction(async (tx) => {
        const now = new Date();
        const [changed] = await tx
          .update(campaigns)
          .set({
            status: to,
            updatedAt: now,
            ...(input.action === 'start' ? { startedAt: now } : {}),
            ...(to === 'finished' ? { finishedAt: now } : {}),
          })
          .where(
            and(
              eq(campaigns.id, input.id),
              eq(campaigns.companyId, ctx.companyId),
              inArray(campaigns.status, from),
            ),
          )
          .returning();
        if (!changed) throw new AppError('campaign_status_conflict', 409);
        if (input.action === 'start') await resolveMembers({ ...ctx, db: tx }, changed);
        return changed;
      });
      // Customers assigned but not yet called go back to waiting; calls already placed run their course.
      if (to === 'paused' || to === 'finished') await releaseUndialled(ctx.db, ctx.companyId, row.id);
      announceCampaign(bus, ctx.companyId, row.id);
      return presented(ctx, row);
    },

    async setRatio(ctx: TenantContext, input: { id: string; ratio: number }) {
      await findCampaign(ctx, input.id);
      const [row] = await ctx.db
        .update(campaigns)
        .set({ ratio: input.ratio, updatedAt: new Date() })
        .where(
          and(
            eq(campaigns.id, input.id),
            eq(campaigns.companyId, ctx.companyId),
            sql`${campaigns.status} <> 'finished'`,
          ),
        )
        .returning();
      if (!row) throw new AppError('campaign_status_conflict', 409);
      announceCampaign(bus, ctx.companyId, row.id);
      return presented(ctx, row);
    },

    async live(ctx: TenantContext, input: { id: string }): Promise<CampaignLive> {
      const row = await findCampaign(ctx, input.id);
      const [campaign, timeZone, operators, open, calls] = await Promise.all([
        presented(ctx, row),
        companyTimeZone(ctx.db, ctx.companyId),
        onlineOperators(ctx, pbx),
        ctx.db
          .select({
            userId: campaignDetails.userId,
            campaignId: campaignDetails.campaignId,
            dialledAt: campaignDetails.dialledAt,
            answeredAt: campaignDetails.answeredAt,
            startedAt: campaignDetails.startedAt,
            contactName: contacts.name,
          })
          .from(campaignDetails)
          .innerJoin(contacts, eq(contacts.id, campaignDetails.contactId))
          .where(and(eq(campaignDetails.companyId, ctx.companyId), isNull(campaignDetails.endedAt))),
        ctx.db
          .select({ userId: campaignDetails.userId, n: sql<number>`count(*)::int` })
          .from(campaignDetails)
          .where(
            and(
              eq(campaignDetails.companyId, ctx.companyId),
              eq(campaignDetails.campaignId, row.id),
              sql`${campaignDetails.answeredAt} is not null`,
            ),
          )
          .groupBy(campaignDetails.userId),
      ]);
      const agents = campaign.attendants.map((attendant) => {
        const operator = operators.find((entry) => entry.userId === attendant.id);
        const mine = open.find((entry) => entry.userId === attendant.id && entry.campaignId === row.id);
        const base = {
          user_id: attendant.id,
          name: attendant.name,
          calls: calls.find((entry) => entry.userId === attendant.id)?.n ?? 0,
          contact_name: mine?.contactName ?? null,
        };
        if (!operator) return { ...base, state: 'offline' as const, since: null };
        if (!attendant.active) return { ...base, state: 'inactive' as const, since: null };
        if (mine && !mine.answeredAt) {
          return {
            ...base,
            state: 'dialling' as const,
            since: (mine.dialledAt ?? mine.startedAt).toISOString(),
          };
        }
        return { ...base, state: operator.state, since: operator.since?.toISOString() ?? null };
      });
      const { within_hours, callable } = await callableNow(ctx.db, row, timeZone, new Date());
      return { campaign, within_hours, callable, agents };
    },

    async attempts(ctx: TenantContext, input: CampaignAttemptQuery & { id: string }) {
      await findCampaign(ctx, input.id);
      const [ms, id] = (input.cursor ?? '').split('.');
      const cursor =
        input.cursor && ms && id && /^\d+$/.test(ms) && /^[0-9a-f-]{36}$/.test(id)
          ? sql`(${campaignDetails.startedAt}, ${campaignDetails.id}) < (${new Date(Number(ms)).toISOString()}::timestamptz, ${id}::uuid)`
          : undefined;
      const rows = await attemptRows(
        ctx.db,
        and(eq(campaignDetails.companyId, ctx.companyId), eq(campaignDetails.campaignId, input.id), cursor),
        input.limit + 1,
      );
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        data: page.map(presentAttempt),
        next_cursor: rows.length > input.limit && last ? `${last.startedAt.getTime()}.${last.id}` : null,
      };
    },

    async contactCampaigns(ctx: TenantContext, input: { id: string }): Promise<ContactCampaigns> {
      if (!(await maySeeContact(ctx, input.id))) throw notFound();
      const memberships = await ctx.db
        .select({
          id: campaigns.id,
          name: campaigns.name,
          status: campaigns.status,
          state: campaignMembers.state,
          nextAttemptAt: campaignMembers.nextAttemptAt,
        })
        .from(campaignMembers)
        .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
        .where(and(eq(campaignMembers.companyId, ctx.companyId), eq(campaignMembers.contactId, input.id)))
        .orderBy(desc(campaigns.createdAt))
        .limit(CAMPAIGNS_PAGE);
      const attempts = await attemptRows(
        ctx.db,
        and(eq(campaignDetails.companyId, ctx.companyId), eq(campaignDetails.contactId, input.id)),
        CONTACT_ATTEMPTS,
      );
      return {
        data: memberships.map((entry) => ({
          campaign: { id: entry.id, name: entry.name, status: entry.status as CampaignStatus },
          pending: entry.state === 'waiting' && entry.status !== 'finished',
          next_attempt_at: entry.nextAttemptAt?.toISOString() ?? null,
          attempts: attempts.filter((attempt) => attempt.campaignId === entry.id).map(presentAttempt),
        })),
      };
    },

    async userCampaigns(ctx: TenantContext): Promise<{ data: UserCampaign[] }> {
      const rows = await ctx.db
        .select({
          id: campaigns.id,
          name: campaigns.name,
          status: campaigns.status,
          mode: campaigns.mode,
          active: campaignParticipants.active,
        })
        .from(campaignParticipants)
        .innerJoin(campaigns, eq(campaigns.id, campaignParticipants.campaignId))
        .where(
          and(eq(campaignParticipants.companyId, ctx.companyId), eq(campaignParticipants.userId, ctx.userId)),
        )
        .orderBy(desc(campaigns.createdAt))
        .limit(CAMPAIGNS_PAGE);
      const phone = may(ctx, 'voice.use');
      return {
        data: rows.map((row) => ({
          campaign_id: row.id,
          name: row.name,
          status: row.status as CampaignStatus,
          mode: row.mode as UserCampaign['mode'],
          active: row.active,
          may_change: phone && (row.status === 'running' || row.status === 'paused'),
        })),
      };
    },

    async setUserCampaign(ctx: TenantContext, input: UserCampaignRequest): Promise<UserCampaign> {
      const own = (await this.userCampaigns(ctx)).data.find(
        (entry) => entry.campaign_id === input.campaign_id,
      );
      if (!own) throw new AppError('campaign_not_found', 404);
      if (!own.may_change) throw new AppError('campaign_status_conflict', 409);
      await ctx.db
        .update(campaignParticipants)
        .set({ active: input.active })
        .where(
          and(
            eq(campaignParticipants.companyId, ctx.companyId),
            eq(campaignParticipants.campaignId, input.campaign_id),
            eq(campaignParticipants.userId, ctx.userId),
          ),
        );
      if (!input.active) await releaseUndialled(ctx.db, ctx.companyId, input.campaign_id, ctx.userId);
      announceCampaign(bus, ctx.companyId, input.campaign_id);
      return { ...own, active: input.active };
    },

    nextDial: async (ctx: TenantContext) => ({ dial: await openDialOf(ctx.db, ctx.companyId, ctx.userId) }),

    async answerNextDial(ctx: TenantContext, input: NextDialRequest): Promise<void> {
      const [detail] = await ctx.db
        .select()
        .from(campaignDetails)
        .where(
          and(
            eq(campaignDetails.companyId, ctx.companyId),
            eq(campaignDetails.id, input.campaign_detail_id),
            eq(campaignDetails.userId, ctx.userId),
          ),
        );
      if (!detail) throw new AppError('campaign_attempt_not_found', 404);
      if (input.action === 'skip') {
        if (detail.callId || detail.endedAt) throw new AppError('campaign_status_conflict', 409);
        await release(ctx.db, detail, skipRetryAt(new Date()));
      } else {
        if (detail.callId === input.call_id) return; // said twice
        if (detail.callId || detail.endedAt) throw new AppError('campaign_status_conflict', 409);
        const [dialled] = await ctx.db
          .update(campaignDetails)
          .set({ callId: input.call_id, dialledAt: new Date() })
          .where(
            and(
              eq(campaignDetails.id, detail.id),
              eq(campaignDetails.companyId, ctx.companyId),
              isNull(campaignDetails.callId),
              isNull(campaignDetails.endedAt),
            ),
          )
          .returning({ id: campaignDetails.id });
        if (!dialled) throw new AppError('campaign_status_conflict', 409);
        // The call's record may be there already (the PBX wrote it as the INVITE passed).
        await followCall(ctx.db, ctx.companyId, input.call_id);
      }
      announceCampaign(bus, ctx.companyId, detail.campaignId);
    },
  };
}
