// Thread events patch the threads list and the open thread's messages (deduplicated by id).
import type { Thread, ThreadMessage, ThreadMessagePage } from '@atende/contract';
import type { QueryClient } from '@tanstack/react-query';
import { conversationKeys } from '../conversation-keys.ts';

export interface ThreadListData {
  data: Thread[];
}

const byActivity = (a: Thread, b: Thread): number =>
  a.last_activity_at < b.last_activity_at ? 1 : a.last_activity_at > b.last_activity_at ? -1 : 0;

export function mergeThread(list: ThreadListData, thread: Thread): ThreadListData {
  const others = list.data.filter((entry) => entry.id !== thread.id);
  return { data: [...others, thread].sort(byActivity) };
}

export function mergeThreadMessage(page: ThreadMessagePage, message: ThreadMessage): ThreadMessagePage {
  if (page.data.some((entry) => entry.id === message.id)) return page;
  const data = [message, ...page.data].sort((a, b) =>
    a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0,
  );
  return { ...page, data };
}

/** An older page joins below the loaded messages; `has_more` now follows that page. */
export function mergeOlderThreadPage(page: ThreadMessagePage, older: ThreadMessagePage): ThreadMessagePage {
  const merged = older.data.reduce(mergeThreadMessage, page);
  return { ...merged, has_more: older.has_more };
}

export function applyThreadUpdate(client: QueryClient, thread: Thread): void {
  client.setQueryData<ThreadListData>(conversationKeys.threads(thread.contact_id), (list) =>
    list ? mergeThread(list, thread) : list,
  );
}

export function applyThreadMessage(
  client: QueryClient,
  message: ThreadMessage & { contact_id: string },
): void {
  const { contact_id: contactId, ...entry } = message;
  client.setQueryData<ThreadMessagePage>(
    conversationKeys.threadMessages(contactId, entry.thread_id),
    (page) => (page ? mergeThreadMessage(page, entry) : page),
  );
}
