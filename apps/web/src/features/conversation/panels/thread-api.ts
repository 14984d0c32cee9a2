// Threads of a conversation (spec §2 threads panel): list, create, messages, reply, privacy.
import type {
  NewThreadRequest,
  Thread,
  ThreadMessage,
  ThreadMessagePage,
  ThreadPrivacy,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import { http, request } from '../../../lib/http.ts';
import { conversationKeys } from '../conversation-keys.ts';
import type { ThreadListData } from './thread-cache.ts';

const base = (contactId: string) => `/conversation/${encodeURIComponent(contactId)}/threads`;
const one = (contactId: string, threadId: string) => `${base(contactId)}/${encodeURIComponent(threadId)}`;

export const threadsQuery = (contactId: string) =>
  queryOptions({
    queryKey: conversationKeys.threads(contactId),
    queryFn: ({ signal }) => http.get<ThreadListData>(base(contactId), { signal }),
    staleTime: Infinity,
  });

export const threadMessagesQuery = (contactId: string, threadId: string) =>
  queryOptions({
    queryKey: conversationKeys.threadMessages(contactId, threadId),
    queryFn: ({ signal }) => http.get<ThreadMessagePage>(`${one(contactId, threadId)}/messages`, { signal }),
    staleTime: Infinity,
  });

export const fetchOlderThreadMessages = (contactId: string, threadId: string, beforeCreatedAt: string) =>
  http.get<ThreadMessagePage>(`${one(contactId, threadId)}/messages`, {
    query: { before_created_at: beforeCreatedAt },
  });

export const createThread = (contactId: string, body: NewThreadRequest) =>
  http.post<Thread>(base(contactId), body, { notify: false });

export const replyToThread = (contactId: string, threadId: string, text: string) =>
  http.post<ThreadMessage>(`${one(contactId, threadId)}/messages`, { text }, { notify: false });

export const changeThreadPrivacy = (contactId: string, threadId: string, privacy: ThreadPrivacy) =>
  request<Thread>(`${one(contactId, threadId)}/privacy`, { method: 'PUT', body: { privacy }, notify: false });
