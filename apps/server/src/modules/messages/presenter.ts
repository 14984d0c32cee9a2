// Message rows as the contract's Message and timeline Item.
import type { Item, Message } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { messages, users } from '../../db/schema/index.ts';

export const messageColumns = {
  id: messages.id,
  contactId: messages.contactId,
  contactChannelId: messages.contactChannelId,
  kind: messages.kind,
  direction: messages.direction,
  senderUserId: messages.senderUserId,
  senderName: users.name,
  text: messages.text,
  subject: messages.subject,
  status: messages.status,
  failureReason: messages.failureReason,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
};

/** Joins the sending user's name into a query selecting messageColumns from messages. */
export const senderJoin = [users, eq(users.id, messages.senderUserId)] as const;

export type MessageRow = Omit<
  typeof messages.$inferSelect,
  'companyId' | 'providerMessageId' | 'clientId'
> & {
  senderName: string | null;
};

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    contact_id: row.contactId,
    channel: { id: row.contactChannelId, type: row.kind },
    direction: row.direction,
    sender:
      row.direction === 'in'
        ? { type: 'customer', id: null, name: null }
        : { type: 'user', id: row.senderUserId, name: row.senderName },
    text: row.text,
    subject: row.subject,
    status: row.status,
    failure_reason: row.failureReason,
    read: row.direction === 'out' || row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const messageItem = (row: MessageRow): Item => ({
  type: 'message',
  created_at: row.createdAt.toISOString(),
  message: presentMessage(row),
});
