// Delivery statuses move forward only (a late "delivered" never overwrites "read"); a failed message may go
// back to pending only through an explicit retry.
import { MESSAGE_STATUS_REACHABLE_FROM, type ChannelKind, type MessageStatus } from '@atende/contract';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { contactChannels, messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { param, prepared } from '../../platform/db/prepared.ts';
import type { EventBus } from '../../platform/events.ts';

export type StatusChange = {
  companyId: string;
  messageId: string;
  status: MessageStatus;
  failureReason?: string | null;
  providerMessageId?: string;
  /** The account the message left from, recorded with its provider id when it is sent. */
  channelAccountId?: string;
};

/**
 * Applies the change when the message's current status allows it; answers whether it did. One statement,
 * committed on its own (no transaction's three round trips), and announced once it has.
 */
export async function advanceStatus(db: Db, bus: EventBus, change: StatusChange): Promise<boolean> {
  const [row] = await db
    .update(messages)
    .set({
      status: change.status,
      failureReason: change.status === 'failed' ? (change.failureReason ?? null) : null,
      providerMessageId: change.providerMessageId,
      channelAccountId: change.channelAccountId,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.id, change.messageId),
        eq(messages.companyId, change.companyId),
        inArray(messages.status, [...MESSAGE_STATUS_REACHABLE_FROM[change.status]]),
      ),
    )
    .returning({
      contactId: messages.contactId,
      status: messages.status,
      failureReason: messages.failureReason,
      updatedAt: messages.updatedAt,
    });
  if (!row) return false;
  bus.publish([
    {
      type: 'message.status',
      companyId: change.companyId,
      contactId: row.contactId,
      messageId: change.messageId,
      change: { status: row.status, failureReason: row.failureReason, updatedAt: row.updatedAt },
    },
  ]);
  return true;
}

/**
 * Our outbound message that a provider knows by its own id, sent from the account whose webhook tells it (the id
 * is unique per company and kind; another account of the company and kind may not reach the message).
 */
const byProviderId = (db: Db) =>
  prepared(db, 'status_by_provider_id', () =>
    db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, param('companyId')),
          eq(messages.kind, param<ChannelKind>('kind')),
          eq(messages.providerMessageId, param('providerMessageId')),
          eq(messages.channelAccountId, param('channelAccountId')),
          eq(messages.direction, 'out'),
        ),
      )
      .limit(1),
  );

export type ProviderStatusChange = {
  companyId: string;
  kind: ChannelKind;
  channelAccountId: string;
  providerMessageId: string;
  status: MessageStatus;
  failureReason?: string | null;
};

/** A provider's status callback: applied forward only, to the message it names; an unknown id changes nothing. */
export async function advanceStatusByProviderId(
  db: Db,
  bus: EventBus,
  change: ProviderStatusChange,
): Promise<boolean> {
  const [row] = await byProviderId(db).execute(change);
  if (!row) return false;
  return advanceStatus(db, bus, {
    companyId: change.companyId,
    messageId: row.id,
    status: change.status,
    failureReason: change.failureReason,
  });
}

/**
 * A watermark receipt (Messenger, Instagram): every message sent from the channel account to the customer's
 * address at or before `until` reached the status, unless it is already further on.
 */
export async function advanceStatusUpTo(
  db: Db,
  bus: EventBus,
  receipt: {
    companyId: string;
    kind: ChannelKind;
    channelAccountId: string;
    address: string;
    status: 'delivered' | 'read';
    until: Date;
  },
): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ status: receipt.status, updatedAt: new Date() })
    .where(
      and(
        eq(messages.companyId, receipt.companyId),
        eq(messages.kind, receipt.kind),
        eq(messages.channelAccountId, receipt.channelAccountId),
        eq(messages.direction, 'out'),
        lte(messages.createdAt, receipt.until),
        inArray(messages.status, [...MESSAGE_STATUS_REACHABLE_FROM[receipt.status]]),
        inArray(
          messages.contactChannelId,
          db
            .select({ id: contactChannels.id })
            .from(contactChannels)
            .where(
              and(
                eq(contactChannels.companyId, receipt.companyId),
                eq(contactChannels.kind, receipt.kind),
                eq(contactChannels.address, receipt.address),
              ),
            ),
        ),
      ),
    )
    .returning({
      id: messages.id,
      contactId: messages.contactId,
      status: messages.status,
      failureReason: messages.failureReason,
      updatedAt: messages.updatedAt,
    });
  if (rows.length > 0) {
    bus.publish(
      rows.map((row) => ({
        type: 'message.status' as const,
        companyId: receipt.companyId,
        contactId: row.contactId,
        messageId: row.id,
        change: { status: row.status, failureReason: row.failureReason, updatedAt: row.updatedAt },
      })),
    );
  }
  return rows.length;
}
