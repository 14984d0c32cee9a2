// Delivery statuses move forward only (a late "delivered" never overwrites "read"); a failed message may go
// back to pending only through an explicit retry.
import { MESSAGE_STATUS_REACHABLE_FROM, type MessageStatus } from '@atende/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events.ts';

export type StatusChange = {
  companyId: string;
  messageId: string;
  status: MessageStatus;
  failureReason?: string | null;
  providerMessageId?: string;
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
