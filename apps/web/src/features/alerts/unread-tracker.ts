// Tells whether a contact's unread count grew (spec §4: an increase triggers a notification and a sound).
// The server sends contact.updated (the whole row, new count included) just before contact.unread for the
// same change, so by the time contact.unread arrives the cache already holds the new count: the count before
// the change is noted when contact.updated is applied, and compared when contact.unread arrives.
import type { ContactSummary, UnreadChanged } from '@atende/contract';

export interface UnreadTracker {
  /** A summary was applied; `previous` is what the cache knew of the contact before (undefined: nothing). */
  noteSummary: (summary: ContactSummary, previous: ContactSummary | undefined) => void;
  /** contact.unread arrived: whether the count grew. `known` is the count the cache holds now, if any. */
  increased: (event: UnreadChanged, known: number | undefined) => boolean;
}

export function createUnreadTracker(): UnreadTracker {
  const before = new Map<string, { count: number; updated_at: string }>();
  return {
    noteSummary(summary, previous) {
      const count = previous?.unread_messages.count ?? 0;
      if (count === summary.unread_messages.count) return;
      before.set(summary.id, { count, updated_at: summary.updated_at });
    },
    increased(event, known) {
      const noted = before.get(event.contact_id);
      before.delete(event.contact_id);
      const from = noted && noted.updated_at === event.updated_at ? noted.count : (known ?? 0);
      return event.count > from;
    },
  };
}
