// Threads: internal topics about a conversation between colleagues (spec §2 threads panel, §3 Thread).
// Public threads are seen by everyone who may see the contact; private ones by their author and by
// supervisors and administrators.
import { z } from 'zod';
import { Id, messageText, requiredText, Timestamp } from './common.ts';
import { MESSAGE_TEXT_MAX, THREAD_NAME_MAX } from './constants.ts';

export const ThreadPrivacy = z.enum(['public', 'private']);
export type ThreadPrivacy = z.infer<typeof ThreadPrivacy>;

export const Thread = z.object({
  id: Id,
  contact_id: Id,
  name: z.string(),
  privacy: ThreadPrivacy,
  author: z.object({ id: Id.nullable(), name: z.string().nullable() }),
  messages_count: z.number().int(),
  last_activity_at: Timestamp,
  created_at: Timestamp,
});
export type Thread = z.infer<typeof Thread>;

export const ThreadList = z.object({ data: z.array(Thread) });

export const ThreadMessage = z.object({
  id: Id,
  thread_id: Id,
  author: z.object({ id: Id.nullable(), name: z.string().nullable() }),
  text: z.string(),
  created_at: Timestamp,
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

export const THREAD_MESSAGES_PAGE = 100;
export const ThreadMessagesQuery = z.object({ before_created_at: Timestamp.optional() });
export const ThreadMessagePage = z.object({ data: z.array(ThreadMessage), has_more: z.boolean() });
export type ThreadMessagePage = z.infer<typeof ThreadMessagePage>;

export const NewThreadRequest = z.object({
  name: requiredText(THREAD_NAME_MAX),
  privacy: ThreadPrivacy.default('public'),
  /** The first message of the topic, if the author writes one right away. */
  text: messageText(MESSAGE_TEXT_MAX).optional(),
});
export type NewThreadRequest = z.infer<typeof NewThreadRequest>;

export const NewThreadMessageRequest = z.object({ text: messageText(MESSAGE_TEXT_MAX) });
export type NewThreadMessageRequest = z.infer<typeof NewThreadMessageRequest>;

export const ThreadPrivacyRequest = z.object({ privacy: ThreadPrivacy });
export type ThreadPrivacyRequest = z.infer<typeof ThreadPrivacyRequest>;
