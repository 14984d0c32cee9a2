// Channel maintenance of a contact: add a channel, make it main or alternative (one main per kind), change its
// responsible or kind, put it on or off the restriction list. Part of the contact service (service.ts).
import type {
  ActivateChannelRequest,
  AddChannelRequest,
  BlacklistChannelRequest,
  ChannelKind,
  UpdateChannelRequest,
} from '@atende/contract';
import { and, eq, ne } from 'drizzle-orm';
import { channelAccounts, contactChannels, users } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { isUniqueViolation, type Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { normaliseAddress } from './addresses.ts';
import type { ContactDetail } from './presenter.ts';
import { contactDetail, maySeeContact } from './queries.ts';

type ChannelChange = (tx: Db, channel: typeof contactChannels.$inferSelect) => Promise<void>;

/** Which channel of which contact a change is about. */
type ChannelOf = { id: string; channelId: string };

/** A channel the company already has (the unique index of kind and address) is refused as such. */
export const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new AppError('channel_already_registered', 400);
  throw error;
};

/** An output line must be one of the company's own channel accounts, of the channel's kind. */
export async function assertOutputLine(ctx: TenantContext, channelAccountId: string, kind: ChannelKind) {
  const [account] = await ctx.db
    .select({ id: channelAccounts.id, kind: channelAccounts.kind })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.id, channelAccountId), eq(channelAccounts.companyId, ctx.companyId)))
    .limit(1);
  if (!account) throw notFound();
  if (account.kind !== kind) throw new AppError('output_line_mismatch', 400);
}

export function contactChannelOperations(deps: { bus: EventBus }) {
  /** Runs a change on one channel of a visible contact, then answers the contact as it now is. */
  async function changeChannel(
    ctx: TenantContext,
    { id: contactId, channelId }: ChannelOf,
    change: ChannelChange,
  ): Promise<ContactDetail> {
    if (!(await maySeeContact(ctx, contactId))) throw notFound();
    await inTransaction(ctx.db, deps.bus, async (tx, record) => {
      const [channel] = await tx
        .select()
        .from(contactChannels)
        .where(
          and(
            eq(contactChannels.id, channelId),
            eq(contactChannels.contactId, contactId),
            eq(contactChannels.companyId, ctx.companyId),
          ),
        )
        .for('update');
      if (!channel) throw notFound();
      await change(tx, channel);
      record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
    }).catch(rethrowDuplicate);
    return contactDetail(ctx, contactId);
  }

  return {
    async addChannel(ctx: TenantContext, input: AddChannelRequest & { id: string }): Promise<ContactDetail> {
      const contactId = input.id;
      if (!(await maySeeContact(ctx, contactId))) throw notFound();
      const { address, digitsReversed } = normaliseAddress(input.type, input.address);
      await assertOutputLine(ctx, input.output_line_id, input.type);
      await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const siblings = await tx
          .select({ id: contactChannels.id })
          .from(contactChannels)
          .where(
            and(
              eq(contactChannels.contactId, contactId),
              eq(contactChannels.kind, input.type),
              eq(contactChannels.main, true),
            ),
          );
        await tx.insert(contactChannels).values({
          companyId: ctx.companyId,
          contactId,
          kind: input.type,
          address,
          addressDigitsReversed: digitsReversed,
          // The first channel of its kind is the main one; later ones start as alternatives.
          main: siblings.length === 0,
          outputLineId: input.output_line_id,
        });
        record({ type: 'contact.changed', companyId: ctx.companyId, contactId });
      }).catch(rethrowDuplicate);
      return contactDetail(ctx, contactId);
    },

    activateChannel(ctx: TenantContext, input: ActivateChannelRequest & ChannelOf): Promise<ContactDetail> {
      return changeChannel(ctx, input, async (tx, channel) => {
        const main = input.type === 'main';
        if (main) {
          // Only one main channel per kind: the others of that kind become alternatives.
          await tx
            .update(contactChannels)
            .set({ main: false, updatedAt: new Date() })
            .where(
              and(
                eq(contactChannels.contactId, input.id),
                eq(contactChannels.kind, channel.kind),
                ne(contactChannels.id, channel.id),
              ),
            );
        }
        await tx
          .update(contactChannels)
          .set({ main, updatedAt: new Date() })
          .where(eq(contactChannels.id, channel.id));
      });
    },

    updateChannel(ctx: TenantContext, input: UpdateChannelRequest & ChannelOf): Promise<ContactDetail> {
      return changeChannel(ctx, input, async (tx, channel) => {
        if (input.responsible_id) {
          const [user] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, input.responsible_id), eq(users.companyId, ctx.companyId)));
          if (!user) throw notFound();
        }
        const kind = input.type ?? channel.kind;
        // The same number under another kind (an SMS line that is also on WhatsApp) must be valid for that kind.
        const { address, digitsReversed } = normaliseAddress(kind, channel.address);
        await tx
          .update(contactChannels)
          .set({
            kind,
            address,
            addressDigitsReversed: digitsReversed,
            responsibleId: input.responsible_id === undefined ? channel.responsibleId : input.responsible_id,
            // A channel moved to another kind joins it as an alternative.
            main: kind === channel.kind ? channel.main : false,
            updatedAt: new Date(),
          })
          .where(eq(contactChannels.id, channel.id));
      });
    },

    blacklistChannel(ctx: TenantContext, input: BlacklistChannelRequest & ChannelOf): Promise<ContactDetail> {
      return changeChannel(ctx, input, async (tx, channel) => {
        await tx
          .update(contactChannels)
          .set({
            blacklisted: input.blacklisted,
            blacklistReason: input.blacklisted ? (input.reason ?? null) : null,
            updatedAt: new Date(),
          })
          .where(eq(contactChannels.id, channel.id));
      });
    },
  };
}
