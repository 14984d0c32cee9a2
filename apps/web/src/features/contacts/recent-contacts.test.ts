// The recent contacts history: at most RECENT_CONTACTS_MAX, newest first, pinned ones kept apart, unpinning
// returns an entry to the top of the recent list, and each user's history survives a reload.
import { RECENT_CONTACTS_MAX } from '@atende/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  EMPTY_HISTORY,
  pinContact,
  readHistory,
  recentStorageKey,
  recordVisit,
  unpinContact,
  useRecentContacts,
  type RecentContact,
  type RecentHistory,
} from './recent-contacts.ts';

const entry = (n: number): RecentContact => ({
  id: `contact-${n}`,
  name: `Cliente ${n}`,
  channel: 'whatsapp',
  opened_at: `2026-11-22T10:${String(n % 60).padStart(2, '0')}:00.000Z`,
});

const ids = (entries: RecentContact[]) => entries.map((item) => item.id);

const visitAll = (history: RecentHistory, numbers: number[]) =>
  numbers.reduce((current, n) => recordVisit(current, entry(n)), history);

describe('recent history', () => {
  it('keeps the newest first, each contact once, at most RECENT_CONTACTS_MAX', () => {
    let history = visitAll(EMPTY_HISTORY, [1, 2, 3]);
    history = recordVisit(history, entry(1));
    expect(ids(history.recent)).toEqual(['contact-1', 'contact-3', 'contact-2']);

    history = visitAll(
      history,
      Array.from({ length: 25 }, (_, i) => 100 + i),
    );
    expect(history.recent).toHaveLength(RECENT_CONTACTS_MAX);
    expect(history.recent[0]?.id).toBe('contact-124');
    expect(ids(history.recent)).not.toContain('contact-1');
  });

  it('pins apart from the recent list, and unpinning returns the entry to the top of it', () => {
    let history = visitAll(EMPTY_HISTORY, [1, 2, 3]);
    history = pinContact(history, entry(2));
    expect(ids(history.pinned)).toEqual(['contact-2']);
    expect(ids(history.recent)).toEqual(['contact-3', 'contact-1']);

    // Opening a pinned contact keeps it pinned (and out of the recent list).
    history = recordVisit(history, { ...entry(2), name: 'Cliente Dois' });
    expect(history.pinned[0]?.name).toBe('Cliente Dois');
    expect(ids(history.recent)).toEqual(['contact-3', 'contact-1']);

    history = unpinContact(history, 'contact-2');
    expect(history.pinned).toEqual([]);
    expect(ids(history.recent)).toEqual(['contact-2', 'contact-3', 'contact-1']);
  });

  it('pinned favourites do not count against the recent maximum', () => {
    let history = visitAll(EMPTY_HISTORY, [1, 2]);
    history = pinContact(history, entry(1));
    history = visitAll(
      history,
      Array.from({ length: RECENT_CONTACTS_MAX }, (_, i) => 200 + i),
    );
    expect(history.recent).toHaveLength(RECENT_CONTACTS_MAX);
    expect(ids(history.pinned)).toEqual(['contact-1']);
  });
});

describe('the store, per user across reloads', () => {
  beforeEach(() => {
    useRecentContacts.setState({ userId: null, ...EMPTY_HISTORY });
  });

  it('saves each change under the user and reads it back after a reload', () => {
    const store = useRecentContacts.getState();
    store.load('user-a');
    useRecentContacts.getState().visit(entry(1));
    useRecentContacts.getState().visit(entry(2));
    useRecentContacts.getState().pin(entry(1));

    expect(readHistory('user-a')).toEqual({ recent: [entry(2)], pinned: [entry(1)] });
    expect(readHistory('user-b')).toEqual(EMPTY_HISTORY);

    // "Reload": a fresh store state reads the same history back.
    useRecentContacts.setState({ userId: null, ...EMPTY_HISTORY });
    useRecentContacts.getState().load('user-a');
    expect(ids(useRecentContacts.getState().pinned)).toEqual(['contact-1']);
    expect(ids(useRecentContacts.getState().recent)).toEqual(['contact-2']);

    // Another user on the same browser starts with their own (empty) history.
    useRecentContacts.getState().load('user-b');
    expect(useRecentContacts.getState().recent).toEqual([]);
  });

  it('ignores stored data it cannot trust', () => {
    localStorage.setItem(recentStorageKey('user-c'), '{"recent":[{"id":1}],"pinned":"x"}');
    expect(readHistory('user-c')).toEqual(EMPTY_HISTORY);
    localStorage.setItem(recentStorageKey('user-d'), 'not json');
    expect(readHistory('user-d')).toEqual(EMPTY_HISTORY);
  });
});
