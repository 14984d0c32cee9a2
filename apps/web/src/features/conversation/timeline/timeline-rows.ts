// The rows the timeline shows, oldest to newest: messages and events with a separator before each new day of
// the user's time zone. The channel filter keeps the messages of one channel; events and calls belong to the
// customer, not to a channel, so they stay.
import type { CallRecord, ContactEvent, Item, Message } from '@atende/contract';
import { itemKey } from './timeline-store.ts';

export type TimelineRow =
  | { kind: 'day'; key: string; day: string; at: string }
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'event'; key: string; event: ContactEvent }
  | { kind: 'call'; key: string; call: CallRecord };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in a time zone. */
export function dayOf(value: string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(value));
}

/** Items come newest first (the store's order); rows go oldest first, as the screen reads. */
export function buildRows(items: readonly Item[], timeZone: string, channelId: string | null): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let lastDay = '';
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    if (!item) continue;
    if (channelId && item.type === 'message' && item.message.channel.id !== channelId) continue;
    const day = dayOf(item.created_at, timeZone);
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day:${day}`, day, at: item.created_at });
      lastDay = day;
    }
    rows.push(
      item.type === 'message'
        ? { kind: 'message', key: item.message.id, message: item.message }
        : item.type === 'event'
          ? { kind: 'event', key: itemKey(item), event: item.event }
          : { kind: 'call', key: itemKey(item), call: item.call },
    );
  }
  return rows;
}
