// The timeline query (latest page, merged into what is already loaded) and the cache updates around it: older
// pages, sends, realtime messages and statuses. A refetch after a reconnect merges instead of replacing, so
// older pages the user scrolled through stay; when the gap is too large to bridge it starts again.
import type { CallRecord, ContactEvent, Message, MessageStatusChanged } from '@atende/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchItems } from '../conversation-api.ts';
import { conversationKeys } from '../conversation-keys.ts';
import {
  applyStatus,
  emptyTimeline,
  mergePage,
  oldestAnchor,
  removeMessage,
  upsertCall,
  upsertEvent,
  upsertMessage,
  type Timeline,
} from './timeline-store.ts';

export const timelineQuery = (contactId: string) =>
  queryOptions({
    queryKey: conversationKeys.timeline(contactId),
    queryFn: async ({ signal, client }): Promise<Timeline> => {
      const page = await fetchItems(contactId, null, signal);
      const current = client.getQueryData<Timeline>(conversationKeys.timeline(contactId)) ?? emptyTimeline;
      const newestKnown = current.items[0]?.created_at;
      const oldestFetched = page.data[page.data.length - 1]?.created_at;
      // Missed more than a page while away: what is loaded cannot be joined to the new page without a hole.
      const gap =
        page.has_more &&
        newestKnown !== undefined &&
        oldestFetched !== undefined &&
        oldestFetched > newestKnown;
      return mergePage(gap ? emptyTimeline : current, page, false);
    },
    staleTime: Infinity,
  });

const update = (client: QueryClient, contactId: string, change: (timeline: Timeline) => Timeline) => {
  const key = conversationKeys.timeline(contactId);
  if (!client.getQueryData<Timeline>(key)) return;
  client.setQueryData<Timeline>(key, (timeline) => (timeline ? change(timeline) : timeline));
};

/** Loads the page older than the oldest loaded item; answers whether anything was added. */
export async function loadOlder(client: QueryClient, contactId: string): Promise<boolean> {
  const timeline = client.getQueryData<Timeline>(conversationKeys.timeline(contactId));
  if (!timeline?.hasMore) return false;
  const anchor = oldestAnchor(timeline);
  if (!anchor) return false;
  const page = await fetchItems(contactId, anchor);
  update(client, contactId, (current) => mergePage(current, page, true));
  return page.data.length > 0;
}

export const addMessage = (client: QueryClient, message: Message): void =>
  update(client, message.contact_id, (timeline) => upsertMessage(timeline, message));

export const addEvent = (client: QueryClient, event: ContactEvent): void =>
  update(client, event.contact_id, (timeline) => upsertEvent(timeline, event));

/** A call of a customer (realtime): in their timeline as it happens. */
export const addCall = (client: QueryClient, call: CallRecord): void => {
  if (call.contact_id) update(client, call.contact_id, (timeline) => upsertCall(timeline, call));
};

export const dropMessage = (client: QueryClient, contactId: string, messageId: string): void =>
  update(client, contactId, (timeline) => removeMessage(timeline, messageId));

export const patchStatus = (client: QueryClient, event: MessageStatusChanged): void =>
  update(client, event.contact_id, (timeline) => applyStatus(timeline, event));
