// Thread rows as the contract's Thread and ThreadMessage.
import type { Thread, ThreadMessage } from '@atende/contract';
import type { threadMessages, threads } from '../../db/schema/index.ts';

type ThreadRow = typeof threads.$inferSelect & { authorName: string | null };
type ThreadMessageRow = typeof threadMessages.$inferSelect & { authorName: string | null };

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
