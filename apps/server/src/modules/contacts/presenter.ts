// Contact rows as the contract's ContactSummary and Contact.
import {
  customerWindowClosesAt,
  PRIORITIES,
  type Contact,
  type ContactChannel,
  type ContactPage,
  type ContactSummary,
  type Priority,
  type WaitingQueue,
} from '@atende/contract';
import { eq } from 'drizzle-orm';
import type { contactChannels } from '../../db/schema/index.ts';
import { contacts, users } from '../../db/schema/index.ts';
import type { RawRow } from '../../platform/db/prepared.ts';
import { isoTimestamp, isoTimestampOrNull } from '../../platform/db/timestamps.ts';

export const priorityName = (rank: number): Priority => PRIORITIES[rank] ?? 'medium';
export const priorityRank = (priority: Priority): number => PRIORITIES.indexOf(priority);

/** The columns a summary needs; selected by every query that returns contacts to the list. */
export const summaryColumns = {
  id: contacts.id,
  name: contacts.name,
  priority: contacts.priority,
  critical: contacts.critical,
  online: contacts.online,
  onQueue: contacts.onQueue,
  status: contacts.status,
  snoozedUntil: contacts.snoozedUntil,
  chatbot: contacts.chatbot,
  firstResponsePending: contacts.firstResponsePending,
  unreadCount: contacts.unreadCount,
  responsibleId: contacts.responsibleId,
  responsibleName: users.name,
  mainChannel: contacts.mainChannelKind,
  lastMessageAt: contacts.lastMessageAt,
  lastMessageText: contacts.lastMessageText,
  lastMessageDirection: contacts.lastMessageDirection,
  lastMessageChannel: contacts.lastMessageChannel,
  unansweredSince: contacts.unansweredSince,
  lastEvent: contacts.lastEvent,
  updatedAt: contacts.updatedAt,
};

/** Joins the responsible's name into a query selecting summaryColumns from contacts. */
export const responsibleJoin = [users, eq(users.id, contacts.responsibleId)] as const;

export type ContactRow = typeof contacts.$inferSelect;

export type SummaryFields = Pick<
  ContactRow,
  | 'id'
  | 'name'
  | 'priority'
  | 'critical'
  | 'online'
  | 'onQueue'
  | 'status'
  | 'snoozedUntil'
  | 'chatbot'
  | 'firstResponsePending'
  | 'unreadCount'
  | 'responsibleId'
  | 'lastMessageAt'
  | 'lastMessageText'
  | 'lastMessageDirection'
  | 'lastMessageChannel'
  | 'unansweredSince'
  | 'lastEvent'
  | 'updatedAt'
> & { responsibleName: string | null; mainChannel: ContactChannel['type'] | null };

/** summaryColumns as drizzle maps them (timestamps as Dates) or as read raw (PostgreSQL's text). */
export type SummaryRow = SummaryFields | RawRow<SummaryFields>;

export function presentSummary(row: SummaryRow): ContactSummary {
  return {
    id: row.id,
    name: row.name,
    priority: priorityName(row.priority),
    critical: row.critical,
    online: row.online,
    on_queue: row.onQueue,
    status: row.status,
    snoozed_until: isoTimestampOrNull(row.snoozedUntil),
    chatbot: row.chatbot,
    first_response_pending: row.firstResponsePending,
    unread_messages: { count: row.unreadCount },
    responsible: row.responsibleId ? { id: row.responsibleId, name: row.responsibleName ?? '' } : null,
    main_channel: row.mainChannel,
    last_message:
      row.lastMessageText !== null && row.lastMessageDirection && row.lastMessageChannel
        ? {
            text: row.lastMessageText,
            direction: row.lastMessageDirection,
            channel: row.lastMessageChannel,
            created_at: isoTimestamp(row.lastMessageAt),
          }
        : null,
    unanswered_since: isoTimestampOrNull(row.unansweredSince),
    last_event: row.lastEvent,
    updated_at: isoTimestamp(row.updatedAt),
  };
}

export type ChannelRow = typeof contactChannels.$inferSelect;

/** One page of summaries and the cursor after it (null on the last page). */
export type SummaryPage = { rows: SummaryRow[]; nextCursor: string | null };

export const presentPage = (page: SummaryPage): ContactPage => ({
  data: page.rows.map(presentSummary),
  next_cursor: page.nextCursor,
});

/** The waiting queue: how many wait, and the first of them. */
export type Waiting = { count: number; rows: SummaryRow[] };

export const presentWaiting = (waiting: Waiting): WaitingQueue => ({
  count: waiting.count,
  data: waiting.rows.map(presentSummary),
});

/** A whole contact as read raw (queries.ts contactDetail): its row with its joker's name, channels, segments. */
export type ContactDetail = {
  row: RawRow<ContactRow & SummaryFields> & { jokerName: string | null; assignedByName: string | null };
  channels: RawRow<ChannelRow & { lastInboundAt: string | null; providerCarries: boolean }>[];
  segments: { walletId: string; walletName: string }[];
};

/** The joker a contact carries (one at a time), or null. */
export const presentJoker = (row: Pick<ContactDetail['row'], 'jokerId' | 'jokerName'>) =>
  row.jokerId && row.jokerName ? { id: row.jokerId, name: row.jokerName } : null;

export function presentContact({ row, channels, segments }: ContactDetail): Contact {
  const joker = presentJoker(row);
  return {
    ...presentSummary(row),
    document: row.document,
    code: row.code,
    protocol: row.protocol,
    tag: row.tag,
    reason: row.reason,
    return_at: isoTimestampOrNull(row.returnAt),
    segments: segments.map((s) => ({ wallet_id: s.walletId, wallet_name: s.walletName })),
    jokers: joker ? [joker] : [],
    channels: channels.map((c) => ({
      id: c.id,
      type: c.kind,
      address: c.address,
      main: c.main,
      responsible_id: c.responsibleId,
      output_line_id: c.outputLineId,
      blacklisted: c.blacklisted,
      blacklist_reason: c.blacklistReason,
      last_inbound_at: isoTimestampOrNull(c.lastInboundAt),
      customer_window_closes_at: c.providerCarries
        ? isoTimestampOrNull(customerWindowClosesAt(c.kind, c.lastInboundAt))
        : null,
    })),
    responsible_since: isoTimestampOrNull(row.responsibleSince),
    assignment:
      row.assignedById && row.assignedByName
        ? { by: { id: row.assignedById, name: row.assignedByName }, note: row.assignmentNote }
        : null,
    resolved_at: isoTimestampOrNull(row.resolvedAt),
    created_at: isoTimestamp(row.createdAt),
  };
}
