// Thread rows as the contract's Thread and ThreadMessage.
import type { Thread, ThreadMessage, ThreadMessagePage } from '@atende/contract';
import { getTableColumns } from 'drizzle-orm';
import { threadMessages, threads, users } from '../../db/schema/index.ts';

/** The columns a thread and a thread message are presented from (joined, left, to their author). */
export const threadColumns = { ...getTableColumns(threads), authorName: users.name };
export const threadMessageColumns = { ...getTableColumns(threadMessages), authorName: users.name };
export type ThreadRow = typeof threads.$inferSelect & { authorName: string | null };
export type ThreadMessageRow = typeof threadMessages.$inferSelect & { authorName: string | null };

export const presentThread = (row: ThreadRow): Thread => ({
  id: row.id,
  contact_id: row.contactId,
  name: row.name,
  privacy: row.privacy,
  author: { id: row.authorId, name: row.authorName },
  messages_count: row.messagesCount,
  last_activity_at: row.lastActivityAt.toISOString(),
  created_at: row.createdAt.toISOString(),
});

export const presentThreadMessage = (row: ThreadMessageRow): ThreadMessage => ({
  id: row.id,
  thread_id: row.threadId,
  author: { id: row.authorId, name: row.authorName },
  text: row.text,
  created_at: row.createdAt.toISOString(),
});

export const presentThreadMessagePage = (page: {
  rows: ThreadMessageRow[];
  hasMore: boolean;
}): ThreadMessagePage => ({ data: page.rows.map(presentThreadMessage), has_more: page.hasMore });
