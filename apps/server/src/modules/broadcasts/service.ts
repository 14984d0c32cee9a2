// Broadcasts: reviewed (who receives it, who is left out and why), created with one recipient row per contact
// and a first tick job in the same transaction (now, or at the company's wall time), paused, resumed and
// cancelled, and reported recipient by recipient. Sending itself is the worker's (sender.ts).
import {
  BROADCAST_KINDS,
  CHANNEL_TEXT_MAX,
  CUSTOMER_WINDOW_HOURS,
  instantOfWallTime,
  templateVariables,
  type BroadcastAction,
  type BroadcastAudienceRequest,
  type BroadcastPreview,
  type BroadcastRequest,
  type BroadcastStatus,
} from '@atende/contract';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  broadcastOptOuts,
  broadcastRecipients,
  broadcasts,
  channelAccounts,
  contactChannels,
  contacts,
  messages,
  whatsappTemplates,
} from '../../db/schema/index.ts';
import { authorize, type TenantContext } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { QUEUES, type Jobs } from '../../platform/jobs.ts';
import { findCompanyById } from '../companies/service.ts';
import { settingsOf } from '../company-settings/settings.ts';
import { assertChannelTakes } from '../messages/files.ts';
import { findBroadcastFile, lockBroadcastFile } from './files.ts';
import { maySeeContact } from '../contacts/queries.ts';
import { resolveAudience, type Audience } from './audience.ts';
import { broadcastCounts } from './counts.ts';
import { broadcastListOperations, findList } from './lists.ts';
import { presentBroadcast, type BroadcastRow, type RecipientRow } from './presenter.ts';
import type { TickJob } from './sender.ts';

export type BroadcastDeps = { bus: EventBus; jobs: Jobs };
export type BroadcastService = ReturnType<typeof broadcastService>;

const BROADCASTS_PAGE = 100;
const INSERT_CHUNK = 1000;

/** Which statuses each action leaves from, and the status it leads to. */
const TRANSITIONS: Record<BroadcastAction, { from: BroadcastStatus[]; to: BroadcastStatus }> = {
  pause: { from: ['sending', 'scheduled'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['sending', 'scheduled', 'paused'], to: 'cancelled' },
};

/** The channel account a broadcast leaves from: the company's, enabled, of a kind broadcasts may use. */
async function usableAccount(ctx: TenantContext, id: string) {
  const [account] = await ctx.db
    .select()
    .from(channelAccounts)
    .where(and(eq(channelAccounts.id, id), eq(channelAccounts.companyId, ctx.companyId)))
    .limit(1);
  if (!account) throw notFound();
  authorize(ctx, 'broadcasts.send');
  if (!account.enabled || !(BROADCAST_KINDS as readonly string[]).includes(account.kind)) {
    throw new AppError('broadcast_account_unusable', 400);
  }
  return account;
}

/**
 * The message refused before anything is queued: too long for the channel, a file the channel does not take,
 * or a template that cannot go.
 */
async function assertMessage(
  ctx: TenantContext,
  account: typeof channelAccounts.$inferSelect,
  message: BroadcastAudienceRequest['message'],
): Promise<void> {
  const text = message.type === 'text' ? message.text : message.type === 'file' ? message.caption : '';
  if (text.length > CHANNEL_TEXT_MAX[account.kind]) {
    throw new AppError('message_too_long_for_channel', 400, { max: CHANNEL_TEXT_MAX[account.kind] });
  }
  if (message.type === 'text') return;
  if (message.type === 'file') {
    const file = await findBroadcastFile(ctx.db, ctx.companyId, message.file_id);
    if (!file) throw new AppError('broadcast_file_not_found', 400);
    assertChannelTakes(account.kind, file);
    return;
  }
  if (account.kind !== 'whatsapp') throw new AppError('not_a_whatsapp_channel', 400);
  const [template] = await ctx.db
    .select({ body: whatsappTemplates.body })
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.id, message.template_id),
        eq(whatsappTemplates.companyId, ctx.companyId),
        eq(whatsappTemplates.channelAccountId, account.id),
        eq(whatsappTemplates.status, 'APPROVED'),
      ),
    )
    .limit(1);
  if (!template) throw new AppError('template_not_found', 400);
  if (templateVariables(template.body).length !== message.variables.length) {
    throw new AppError('template_variables_mismatch', 400);
  }
}

export function broadcastService(deps: BroadcastDeps) {
  /** The audience of a request, checked: the account, the message, and the company's maximum. */
  async function review(ctx: TenantContext, input: BroadcastAudienceRequest) {
    const account = await usableAccount(ctx, input.channel_account_id);
    const list = await findList(ctx, input.list_id);
    authorize(ctx, 'broadcasts.send');
    await assertMessage(ctx, account, input.message);
    // Free text or a file where the provider enforces a customer-service window: only open windows receive
    // it (a demo's simulated line has no provider behind it, as for the composer's check).
    const windowRule =
      input.message.type !== 'template' &&
      CUSTOMER_WINDOW_HOURS[account.kind] !== undefined &&
      account.settings.simulated !== true;
    const audience = await resolveAudience(ctx, list, account.kind, windowRule);
    const company = await findCompanyById(ctx.db, ctx.companyId);
    const settings = settingsOf(company ?? { settings: {} });
    if (audience.recipients > settings.broadcast_max) {
      throw new AppError('broadcast_too_many_recipients', 400, {
        count: audience.recipients,
        max: settings.broadcast_max,
      });
    }
    if (audience.recipients === 0) throw new AppError('broadcast_no_recipients', 400);
    return { account, audience, timezone: settings.timezone };
  }

  async function findBroadcast(ctx: TenantContext, id: string): Promise<BroadcastRow> {
    const [row] = await ctx.db
      .select()
      .from(broadcasts)
      .where(and(eq(broadcasts.id, id), eq(broadcasts.companyId, ctx.companyId)))
      .limit(1);
    if (!row) throw notFound();
    authorize(ctx, 'broadcasts.send');
    return row;
  }

  async function presented(ctx: TenantContext, rows: BroadcastRow[]) {
    const counts = await broadcastCounts(
      ctx.db,
      ctx.companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentBroadcast(row, counts.get(row.id)!));
  }

  return {
    ...broadcastListOperations(deps),

    async preview(ctx: TenantContext, input: BroadcastAudienceRequest): Promise<BroadcastPreview> {
      const { audience } = await review(ctx, input);
      return { recipients: audience.recipients, skipped: audience.skipped };
    },

    async create(ctx: TenantContext, input: BroadcastRequest) {
      const { account, audience, timezone } = await review(ctx, input);
      const startAt = input.scheduled_at ? wallTime(input.scheduled_at, timezone) : null;
      if (startAt && startAt.getTime() < Date.now() - 60_000) {
        throw new AppError('broadcast_schedule_in_past', 400);
      }
      const row = await ctx.db.transaction(async (tx) => {
        const { message } = input;
        // Kept from the sweep of abandoned uploads until this broadcast names it.
        if (message.type === 'file' && !(await lockBroadcastFile(tx, ctx.companyId, message.file_id))) {
          throw new AppError('broadcast_file_not_found', 400);
        }
        const now = new Date();
        const [created] = await tx
          .insert(broadcasts)
          .values({
            companyId: ctx.companyId,
            name: input.name,
            listId: input.list_id,
            channelAccountId: account.id,
            kind: account.kind,
            message: input.message,
            status: startAt ? 'scheduled' : 'sending',
            skipped: audience.skipped,
            scheduledAt: startAt,
            startedAt: startAt ? null : now,
            createdBy: ctx.userId,
          })
          .returning();
        await insertRecipients(tx, ctx.companyId, created!.id, audience);
        await deps.jobs.enqueue<TickJob>(
          tx,
          QUEUES.broadcastTick,
          { companyId: ctx.companyId, broadcastId: created!.id },
          startAt ? { startAfter: startAt } : {},
        );
        return created!;
      });
      deps.jobs.wake(QUEUES.broadcastTick);
      announce(deps.bus, ctx.companyId, row.id);
      return (await presented(ctx, [row]))[0]!;
    },

    async list(ctx: TenantContext) {
      const rows = await ctx.db
        .select()
        .from(broadcasts)
        .where(eq(broadcasts.companyId, ctx.companyId))
        .orderBy(desc(broadcasts.createdAt))
        .limit(BROADCASTS_PAGE);
      return { data: await presented(ctx, rows) };
    },

    get: async (ctx: TenantContext, input: { id: string }) =>
      (await presented(ctx, [await findBroadcast(ctx, input.id)]))[0]!,

    async act(ctx: TenantContext, input: { id: string; action: BroadcastAction }) {
      await findBroadcast(ctx, input.id);
      const { from, to } = TRANSITIONS[input.action];
      const row = await ctx.db.transaction(async (tx) => {
        const now = new Date();
        const [changed] = await tx
          .update(broadcasts)
          .set({
            // A scheduled broadcast paused before its time, resumed, is scheduled again (not sending early).
            status:
              to === 'sending'
                ? sql<string>`case when ${broadcasts.startedAt} is null and ${broadcasts.scheduledAt} is not null
                    then 'scheduled' else 'sending' end`
                : to,
            updatedAt: now,
            ...(to === 'cancelled' ? { finishedAt: now } : {}),
          })
          .where(
            and(
              eq(broadcasts.id, input.id),
              eq(broadcasts.companyId, ctx.companyId),
              inArray(broadcasts.status, from),
            ),
          )
          .returning();
        if (!changed) throw new AppError('broadcast_status_conflict', 409);
        if (to === 'cancelled') {
          // What has not been made a message yet never will be; what has is already on its way.
          await tx
            .update(broadcastRecipients)
            .set({ cancelledAt: now })
            .where(
              and(
                eq(broadcastRecipients.broadcastId, input.id),
                eq(broadcastRecipients.companyId, ctx.companyId),
                isWaiting(),
              ),
            );
        }
        if (to === 'sending') {
          const startAfter = changed.scheduledAt && !changed.startedAt ? changed.scheduledAt : undefined;
          await deps.jobs.enqueue<TickJob>(
            tx,
            QUEUES.broadcastTick,
            { companyId: ctx.companyId, broadcastId: input.id },
            startAfter ? { startAfter } : {},
          );
        }
        return changed;
      });
      if (to === 'sending') deps.jobs.wake(QUEUES.broadcastTick);
      announce(deps.bus, ctx.companyId, row.id);
      return (await presented(ctx, [row]))[0]!;
    },

    /** A page of recipients in the order they were added, after `after`. */
    async report(ctx: TenantContext, input: { id: string; limit: number; after?: string }) {
      await findBroadcast(ctx, input.id);
      const rows = await recipientRows(ctx, input.id, input.limit + 1, input.after);
      const page = rows.slice(0, input.limit);
      return { rows: page, nextAfter: rows.length > input.limit ? page.at(-1)!.id : null };
    },

    /** Every recipient, page by page, for the streamed CSV export. */
    async *exportRows(ctx: TenantContext, input: { id: string }): AsyncGenerator<RecipientRow[]> {
      await findBroadcast(ctx, input.id);
      let after: string | undefined;
      for (;;) {
        const rows = await recipientRows(ctx, input.id, EXPORT_PAGE, after);
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_PAGE) return;
        after = rows.at(-1)!.id;
      }
    },

    async setOptOut(ctx: TenantContext, input: { id: string; opted_out: boolean }) {
      if (!(await maySeeContact(ctx, input.id))) throw notFound();
      authorize(ctx, 'broadcasts.send');
      if (input.opted_out) {
        await ctx.db
          .insert(broadcastOptOuts)
          .values({ companyId: ctx.companyId, contactId: input.id })
          .onConflictDoNothing();
      } else {
        await ctx.db
          .delete(broadcastOptOuts)
          .where(
            and(eq(broadcastOptOuts.companyId, ctx.companyId), eq(broadcastOptOuts.contactId, input.id)),
          );
      }
      return { opted_out: input.opted_out };
    },
  };
}

const EXPORT_PAGE = 1000;

/** A recipient still waiting for its message: neither skipped, cancelled nor claimed. */
export const isWaiting = () =>
  and(
    isNull(broadcastRecipients.claimedAt),
    isNull(broadcastRecipients.skipReason),
    isNull(broadcastRecipients.cancelledAt),
  );

function recipientRows(ctx: TenantContext, broadcastId: string, limit: number, after?: string) {
  return ctx.db
    .select({
      id: broadcastRecipients.id,
      contactId: broadcastRecipients.contactId,
      contactName: contacts.name,
      address: contactChannels.address,
      skipReason: broadcastRecipients.skipReason,
      cancelledAt: broadcastRecipients.cancelledAt,
      claimedAt: broadcastRecipients.claimedAt,
      messageStatus: messages.status,
      failureReason: messages.failureReason,
      repliedAt: broadcastRecipients.repliedAt,
    })
    .from(broadcastRecipients)
    .innerJoin(contacts, eq(contacts.id, broadcastRecipients.contactId))
    .leftJoin(contactChannels, eq(contactChannels.id, broadcastRecipients.contactChannelId))
    .leftJoin(messages, eq(messages.id, broadcastRecipients.messageId))
    .where(
      and(
        eq(broadcastRecipients.broadcastId, broadcastId),
        eq(broadcastRecipients.companyId, ctx.companyId),
        after ? gt(broadcastRecipients.id, after) : undefined,
      ),
    )
    .orderBy(asc(broadcastRecipients.id))
    .limit(limit);
}

async function insertRecipients(
  tx: TenantContext['db'],
  companyId: string,
  broadcastId: string,
  audience: Audience,
): Promise<void> {
  for (let i = 0; i < audience.rows.length; i += INSERT_CHUNK) {
    await tx.insert(broadcastRecipients).values(
      audience.rows.slice(i, i + INSERT_CHUNK).map((row) => ({
        companyId,
        broadcastId,
        contactId: row.contactId,
        contactChannelId: row.channelId,
        skipReason: row.skipReason,
      })),
    );
  }
}

/** YYYY-MM-DDTHH:mm of the company's time zone as an instant. */
function wallTime(value: string, timeZone: string): Date {
  const [date, time] = value.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return instantOfWallTime({ year, month, day, hour, minute, second: 0 }, timeZone);
}

export function announce(bus: EventBus, companyId: string, broadcastId: string): void {
  bus.publish([{ type: 'broadcast.changed', companyId, broadcastId }]);
}
