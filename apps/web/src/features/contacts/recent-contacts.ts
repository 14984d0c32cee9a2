// The navigation history of recent contacts (spec §2, §4): the last RECENT_CONTACTS_MAX contacts opened,
// newest first, and the pinned favourites kept apart; unpinning returns an entry to the top of the recent
// list. Kept per user in localStorage, so it survives reloads and is not shared between accounts.
import { RECENT_CONTACTS_MAX, type ChannelKind } from '@atende/contract';
import { create } from 'zustand';

export interface RecentContact {
  id: string;
  name: string;
  channel: ChannelKind | null;
  /** When it was last opened (ISO-8601). */
  opened_at: string;
}

export interface RecentHistory {
  recent: RecentContact[];
  pinned: RecentContact[];
}

export const EMPTY_HISTORY: RecentHistory = { recent: [], pinned: [] };

const without = (entries: RecentContact[], contactId: string) =>
  entries.filter((entry) => entry.id !== contactId);

/** A contact was opened: it goes to the top of the recent list (a pinned one stays pinned, refreshed). */
export function recordVisit(history: RecentHistory, contact: RecentContact): RecentHistory {
  if (history.pinned.some((entry) => entry.id === contact.id)) {
    return {
      ...history,
      pinned: history.pinned.map((entry) => (entry.id === contact.id ? contact : entry)),
    };
  }
  return {
    ...history,
    recent: [contact, ...without(history.recent, contact.id)].slice(0, RECENT_CONTACTS_MAX),
  };
}

/** Pins a contact (from the recent list, or the one on screen): it leaves the recent list. */
export function pinContact(history: RecentHistory, contact: RecentContact): RecentHistory {
  if (history.pinned.some((entry) => entry.id === contact.id)) return history;
  const known = history.recent.find((entry) => entry.id === contact.id) ?? contact;
  return { recent: without(history.recent, contact.id), pinned: [...history.pinned, known] };
}

/** Unpins a contact: it returns to the top of the recent list. */
export function unpinContact(history: RecentHistory, contactId: string): RecentHistory {
  const entry = history.pinned.find((candidate) => candidate.id === contactId);
  if (!entry) return history;
  return {
    pinned: without(history.pinned, contactId),
    recent: [entry, ...without(history.recent, contactId)].slice(0, RECENT_CONTACTS_MAX),
  };
}

export function forgetContact(history: RecentHistory, contactId: string): RecentHistory {
  return { recent: without(history.recent, contactId), pinned: without(history.pinned, contactId) };
}

// ---- storage -------------------------------------------------------------------------------------------

export const recentStorageKey = (userId: string): string => `atende.recent-contacts.${userId}`;

const isEntry = (value: unknown): value is RecentContact => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.name === 'string' &&
    (entry.channel === null || typeof entry.channel === 'string') &&
    typeof entry.opened_at === 'string'
  );
};

/** The stored history of a user; anything unreadable is dropped rather than trusted. */
export function readHistory(userId: string): RecentHistory {
  try {
    const raw = localStorage.getItem(recentStorageKey(userId));
    if (!raw) return EMPTY_HISTORY;
    const parsed = JSON.parse(raw) as { recent?: unknown; pinned?: unknown };
    const entries = (value: unknown) => (Array.isArray(value) ? value.filter(isEntry) : []);
    const pinned = entries(parsed.pinned);
    const pinnedIds = new Set(pinned.map((entry) => entry.id));
    return {
      pinned,
      recent: entries(parsed.recent)
        .filter((entry) => !pinnedIds.has(entry.id))
        .slice(0, RECENT_CONTACTS_MAX),
    };
  } catch {
    return EMPTY_HISTORY;
  }
}

function writeHistory(userId: string, history: RecentHistory): void {
  try {
    localStorage.setItem(recentStorageKey(userId), JSON.stringify(history));
  } catch {
    // Storage full or disabled: the history then lasts as long as the tab.
  }
}

// ---- store ---------------------------------------------------------------------------------------------

interface RecentState extends RecentHistory {
  userId: string | null;
  /** Loads the history of the signed-in user (call when the console opens). */
  load: (userId: string) => void;
  visit: (contact: RecentContact) => void;
  pin: (contact: RecentContact) => void;
  unpin: (contactId: string) => void;
  forget: (contactId: string) => void;
}

export const useRecentContacts = create<RecentState>()((set, get) => {
  const change = (next: (history: RecentHistory) => RecentHistory) => {
    const { userId, recent, pinned } = get();
    if (!userId) return;
    const history = next({ recent, pinned });
    writeHistory(userId, history);
    set(history);
  };
  return {
    ...EMPTY_HISTORY,
    userId: null,
    load: (userId) => {
      if (get().userId === userId) return;
      set({ userId, ...readHistory(userId) });
    },
    visit: (contact) => change((history) => recordVisit(history, contact)),
    pin: (contact) => change((history) => pinContact(history, contact)),
    unpin: (contactId) => change((history) => unpinContact(history, contactId)),
    forget: (contactId) => change((history) => forgetContact(history, contactId)),
  };
});
