// The timeline of one conversation in the query cache: messages and events newest first (spec §3 "items …
// kept newest first"), pages merged without duplicates, statuses moving forward only, and optimistic sends that
// give way to the server's message. Pure functions over `Timeline`, so the rules are tested without React.
import {
  MESSAGE_STATUS_REACHABLE_FROM,
  type CallRecord,
  type ContactEvent,
  type Item,
  type Message,
  type MessageItem,
  type MessageStatusChanged,
} from '@atende/contract';

export interface Timeline {
  /** Newest first. */
  items: Item[];
  /** Whether older items exist on the server. */
  hasMore: boolean;
}

export const emptyTimeline: Timeline = { items: [], hasMore: false };

/** Optimistic messages carry this id prefix until the server answers with the real message. */
export const LOCAL_PREFIX = 'local:';
export const localIdOf = (clientId: string): string => `${LOCAL_PREFIX}${clientId}`;
export const isLocal = (message: Message): boolean => message.id.startsWith(LOCAL_PREFIX);

/** The id of the message, event or call an item shows (the server orders by created_at, then this). */
export const itemId = (item: Item): string =>
  item.type === 'message' ? item.message.id : item.type === 'event' ? item.event.id : item.call.id;

/** Unique across kinds: a message and an event never share an entry. */
export const itemKey = (item: Item): string => `${item.type}:${itemId(item)}`;

const newerFirst = (a: Item, b: Item): number => {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  const [idA, idB] = [itemId(a), itemId(b)];
  return idA < idB ? 1 : idA > idB ? -1 : 0;
};

const isMessageWithId = (item: Item, messageId: string): boolean =>
  item.type === 'message' && item.message.id === messageId;

/** The message that should stay when two versions of it meet: the later one, unless it moves status back. */
function laterVersion(current: Message, incoming: Message): Message {
  if (incoming.updated_at < current.updated_at) return current;
  if (
    incoming.status === current.status ||
    MESSAGE_STATUS_REACHABLE_FROM[incoming.status].includes(current.status)
  ) {
    return incoming;
  }
  return current;
}

/** Merges items (any order) into the timeline: one entry per message or event, newest first. */
export function mergeItems(timeline: Timeline, incoming: readonly Item[]): Timeline {
  const byKey = new Map<string, Item>();
  for (const item of timeline.items) byKey.set(itemKey(item), item);
  for (const item of incoming) {
    const current = byKey.get(itemKey(item));
    byKey.set(
      itemKey(item),
      current?.type === 'message' && item.type === 'message'
        ? { ...current, message: laterVersion(current.message, item.message) }
        : item,
    );
  }
  return { ...timeline, items: [...byKey.values()].sort(newerFirst) };
}

export const itemOf = (message: Message): MessageItem => ({
  type: 'message',
  created_at: message.created_at,
  message,
});

/** An event registered for the contact (realtime or the events panel's answer). */
export const upsertEvent = (timeline: Timeline, event: ContactEvent): Timeline =>
  mergeItems(timeline, [{ type: 'event', created_at: event.created_at, event }]);

/** A call with the customer, as it rings, is answered and ends (realtime): one entry, the latest record. */
export const upsertCall = (timeline: Timeline, call: CallRecord): Timeline =>
  mergeItems(timeline, [{ type: 'call', created_at: call.started_at, call }]);

/** A page fetched from the server: older pages add below; `hasMore` follows the oldest page asked for. */
export function mergePage(
  timeline: Timeline,
  page: { data: Item[]; has_more: boolean },
  older: boolean,
): Timeline {
  const merged = mergeItems(timeline, page.data);
  return { ...merged, hasMore: older || timeline.items.length === 0 ? page.has_more : timeline.hasMore };
}

/**
 * A message that arrived (realtime or a send's answer); its client id drops the optimistic copy it replaces,
 * so the realtime event overtaking the send's answer shows the message once.
 */
export function upsertMessage(timeline: Timeline, message: Message): Timeline {
  const clientId = message.client_id;
  const base = clientId
    ? { ...timeline, items: timeline.items.filter((item) => !isMessageWithId(item, localIdOf(clientId))) }
    : timeline;
  return mergeItems(base, [itemOf(message)]);
}

/** Removes a message (an optimistic send the server refused). */
export const removeMessage = (timeline: Timeline, messageId: string): Timeline => ({
  ...timeline,
  items: timeline.items.filter((item) => !isMessageWithId(item, messageId)),
});

/** A delivery status change: applied only when it moves the status forward and is not older. */
export function applyStatus(timeline: Timeline, event: MessageStatusChanged): Timeline {
  let changed = false;
  const items = timeline.items.map((item) => {
    if (item.type !== 'message' || item.message.id !== event.id) return item;
    const message = item.message;
    const next = laterVersion(message, {
      ...message,
      status: event.status,
      failure_reason: event.failure_reason,
      updated_at: event.updated_at,
    });
    if (next === message) return item;
    changed = true;
    return { ...item, message: next };
  });
  return changed ? { ...timeline, items } : timeline;
}

/**
 * The anchor of the next older page: the oldest message or event the timeline holds (not an optimistic one).
 * Calls are not anchors: the server bounds pages by messages and events and adds the calls of each page's span.
 */
export function oldestAnchor(timeline: Timeline): { created_at: string; id: string } | null {
  for (let index = timeline.items.length - 1; index >= 0; index--) {
    const item = timeline.items[index];
    if (item && item.type !== 'call' && !(item.type === 'message' && isLocal(item.message))) {
      return { created_at: item.created_at, id: itemId(item) };
    }
  }
  return null;
}
