// Whether a contact.unread means the count grew (spec §4), given that contact.updated came first.
import { describe, expect, it } from 'vitest';
import { later, summary } from '../../test/contacts.ts';
import { createUnreadTracker } from './unread-tracker.ts';

const T1 = '2026-11-22T10:00:01.000Z';

describe('unread tracker', () => {
  it('compares with the count before the contact.updated of the same change', () => {
    const tracker = createUnreadTracker();
    const before = summary({ unread_messages: { count: 2 } });
    const after = later(before, T1, { unread_messages: { count: 3 } });
    tracker.noteSummary(after, before);
    // By now the cache already holds 3.
    expect(tracker.increased({ contact_id: before.id, count: 3, updated_at: T1 }, 3)).toBe(true);
  });

  it('a new contact (unknown to the cache) with unread messages counts as an increase', () => {
    const tracker = createUnreadTracker();
    const created = summary({ unread_messages: { count: 1 }, updated_at: T1 });
    tracker.noteSummary(created, undefined);
    expect(tracker.increased({ contact_id: created.id, count: 1, updated_at: T1 }, 1)).toBe(true);
  });

  it('a decrease (messages read) is not an increase', () => {
    const tracker = createUnreadTracker();
    const before = summary({ unread_messages: { count: 4 } });
    tracker.noteSummary(later(before, T1, { unread_messages: { count: 0 } }), before);
    expect(tracker.increased({ contact_id: before.id, count: 0, updated_at: T1 }, 0)).toBe(false);
  });

  it('without a matching contact.updated, compares with what the cache holds', () => {
    const tracker = createUnreadTracker();
    expect(tracker.increased({ contact_id: 'x', count: 2, updated_at: T1 }, 1)).toBe(true);
    expect(tracker.increased({ contact_id: 'x', count: 2, updated_at: T1 }, 2)).toBe(false);
  });
});
