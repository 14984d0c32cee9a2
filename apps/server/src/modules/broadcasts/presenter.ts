// Rows of broadcasts, their lists and their recipients as the contract's objects.
import type {
  Broadcast,
  BroadcastCounts,
  BroadcastList,
  BroadcastListSource,
  BroadcastRecipient,
  BroadcastRecipientStatus,
  BroadcastStatus,
  MessageStatus,
} from '@atende/contract';
import type { broadcasts } from '../../db/schema/index.ts';
import type { ListRow } from './lists.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export type BroadcastRow = typeof broadcasts.$inferSelect;

export const presentList = (row: ListRow): BroadcastList => ({
  id: row.id,
  name: row.name,
  source: row.source as BroadcastListSource,
  filter: row.filter ?? null,
  contacts: row.contacts,
  created_at: row.createdAt.toISOString(),
});

export const presentBroadcast = (row: BroadcastRow, counts: BroadcastCounts): Broadcast => ({
  id: row.id,
  name: row.name,
  status: row.status as BroadcastStatus,
  list_id: row.listId,
  channel_account_id: row.channelAccountId,
  kind: row.kind,
  message: row.message,
  scheduled_at: iso(row.scheduledAt),
  started_at: iso(row.startedAt),
  finished_at: iso(row.finishedAt),
  created_at: row.createdAt.toISOString(),
  counts,
  skipped: row.skipped,
});

export type RecipientRow = {
  id: string;
  contactId: string;
  contactName: string;
  address: string | null;
  skipReason: string | null;
  cancelledAt: Date | null;
  claimedAt: Date | null;
  messageStatus: MessageStatus | null;
  failureReason: string | null;
  repliedAt: Date | null;
};

function recipientStatus(row: RecipientRow): BroadcastRecipientStatus {
  if (row.skipReason) return 'skipped';
  if (row.cancelledAt) return 'cancelled';
  if (!row.claimedAt || row.messageStatus === 'pending') return 'queued';
  if (row.messageStatus === 'delivered' || row.messageStatus === 'read' || row.messageStatus === 'failed') {
    return row.messageStatus;
  }
  return 'sent';
}

export const presentRecipient = (row: RecipientRow): BroadcastRecipient => ({
  id: row.id,
  contact_id: row.contactId,
  contact_name: row.contactName,
  address: row.address,
  status: recipientStatus(row),
  error: row.skipReason ?? (row.messageStatus === 'failed' ? row.failureReason : null),
  replied: row.repliedAt !== null,
});
