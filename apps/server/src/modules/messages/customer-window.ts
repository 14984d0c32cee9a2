// The messaging apps' customer-service window (contract CUSTOMER_WINDOW_HOURS): free text answers a customer on
// WhatsApp, Messenger or Instagram only within hours of their last message; outside it WhatsApp takes only a
// template. The rule is the provider's, so it holds where a provider account would carry the message — not on a
// demo's simulated line, which has no provider behind it.
import { CUSTOMER_WINDOW_HOURS, customerWindowOpen, type ChannelKind } from '@atende/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { channelAccounts, messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';

type Channel = { id: string; kind: ChannelKind; outputLineId: string | null };

/** Whether a real provider account would carry the channel's messages (the line's own, else the kind's first). */
async function providerCarries(tx: Db, companyId: string, channel: Channel): Promise<boolean> {
  const [account] = await tx
    .select({ settings: channelAccounts.settings })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.companyId, companyId),
        eq(channelAccounts.kind, channel.kind),
        eq(channelAccounts.enabled, true),
      ),
    )
    .orderBy(
      desc(sql`${channelAccounts.id} = ${channel.outputLineId ?? null}::uuid`),
      asc(channelAccounts.createdAt),
    )
    .limit(1);
  return account !== undefined && account.settings.simulated !== true;
}

/** When the customer last wrote on this channel (null: never). */
export async function lastInboundAt(tx: Db, companyId: string, channelId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.contactChannelId, channelId),
        eq(messages.direction, 'in'),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** Refuses free text on a channel whose window is closed (customer_window_closed, nothing stored). */
export async function assertCustomerWindow(tx: Db, companyId: string, channel: Channel): Promise<void> {
  const hours = CUSTOMER_WINDOW_HOURS[channel.kind];
  if (hours === undefined) return;
  const last = await lastInboundAt(tx, companyId, channel.id);
  if (customerWindowOpen(channel.kind, last)) return;
  if (!(await providerCarries(tx, companyId, channel))) return;
  throw new AppError('customer_window_closed', 409, { hours });
}
